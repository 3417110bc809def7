package fgc.compiler;

import fgc.plan.Fingerprint;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;

/**
 * The build step that fingerprints the compiler: Maven runs {@link #main} on this module's class
 * folder right after compiling it (exec-maven-plugin, phase {@code process-classes}) and stamps the
 * fingerprint into {@link BuiltFingerprint}'s class file. Computing it once at build time spares
 * every JVM from reading and hashing the compiler's bytecode just to name it in a cache entry; a
 * test recomputes it from the class files and compares, so the stamp cannot go stale unnoticed.
 *
 * <p>It covers what writes a generated class from its plan: every class of the compiler's packages
 * (the emitters, the back end), all but {@link BuiltFingerprint}, which holds the result; and every
 * class of solver-api's {@code fgc.solver}, whose constants ({@code Numerics.TINY} and the like)
 * Janino folds into the class's bytes, and whose kernels the class calls. The planner has its own
 * fingerprint ({@code fgc.plan.PlannerFingerprint}), the one in every cache key.
 */
public final class CompilerFingerprint {
  /** The class file the fingerprint is stamped into, relative to the class folder. */
  static final String STAMPED_CLASS = "fgc/compiler/BuiltFingerprint.class";

  /**
   * The compiler's packages: every class under them is fingerprinted, found in the class folder or
   * jar rather than listed, so a class added to the compiler cannot be left out.
   */
  static final String COMPILER_PACKAGE = "fgc/compiler/";

  /**
   * The package of solver-api whose every class is fingerprinted: generated classes call its
   * kernels and decoders and have its constants folded into their bytes.
   */
  static final String KERNEL_PACKAGE = Fingerprint.KERNEL_PACKAGE;

  private CompilerFingerprint() {}

  /**
   * {@code CLASS_FOLDER [SOLVER_API]}: writes the fingerprint of the compiler compiled into that
   * folder, with solver-api's classes from {@code SOLVER_API} (a class folder or jar), by default
   * from wherever this JVM loads them.
   */
  public static void main(String[] args) throws IOException {
    if (args.length != 1 && args.length != 2) {
      System.err.println("usage: CompilerFingerprint CLASS_FOLDER [SOLVER_API_CLASSES]");
      System.exit(2);
    }
    Path classes = Paths.get(args[0]);
    Path kernels = args.length == 2 ? Paths.get(args[1]) : kernelLocation();
    stamp(classes.resolve(STAMPED_CLASS), of(classes, kernels));
  }

  /** The class folder or jar this JVM loads solver-api from. */
  static Path kernelLocation() {
    return Fingerprint.kernelLocation();
  }

  /** Stamps {@code hex} into {@code classFile} after {@link BuiltFingerprint#MARKER}. */
  static void stamp(Path classFile, String hex) throws IOException {
    Fingerprint.stamp(classFile, BuiltFingerprint.MARKER, hex);
  }

  /**
   * The SHA-256, in hex, over every class of {@link #COMPILER_PACKAGE} in {@code classes} but the
   * stamped one, then every class of solver-api's {@link #KERNEL_PACKAGE} in {@code kernels}.
   */
  static String of(Path classes, Path kernels) {
    return Fingerprint.of(classes, List.of(COMPILER_PACKAGE), STAMPED_CLASS, kernels);
  }

  /** Every fingerprinted class file, by its path, in fingerprint order. */
  static Map<String, byte[]> files(Path classes, Path kernels) {
    return Fingerprint.files(classes, List.of(COMPILER_PACKAGE), STAMPED_CLASS, kernels);
  }
}
