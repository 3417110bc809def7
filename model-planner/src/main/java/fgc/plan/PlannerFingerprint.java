package fgc.plan;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;

/**
 * The build step that fingerprints the planner: Maven runs {@link #main} on this module's class
 * folder right after compiling it and stamps the result into {@link BuiltFingerprint}. It covers
 * every class of the planner's packages (the plans and their digests, the registry's planning side,
 * the key, the reference interpreters) and solver-api's kernels: what decides the key, the plan
 * digest a class must report and what a cache hit is checked against.
 */
public final class PlannerFingerprint {
  /** The class file the fingerprint is stamped into, relative to the class folder. */
  static final String STAMPED_CLASS = "fgc/plan/BuiltFingerprint.class";

  /** The planner's packages, found in the class folder or jar rather than listed class by class. */
  static final List<String> PACKAGES =
      List.of("fgc/algorithms/", "fgc/compilation/", "fgc/plan/", "fgc/reference/");

  private PlannerFingerprint() {}

  /**
   * {@code CLASS_FOLDER [SOLVER_API]}: stamps the fingerprint of the planner compiled into that
   * folder, with solver-api's classes from {@code SOLVER_API}, by default from wherever this JVM
   * loads them.
   *
   * @param args the class folder, and optionally solver-api's classes
   * @throws IOException when the class files cannot be read or written
   */
  public static void main(String[] args) throws IOException {
    if (args.length != 1 && args.length != 2) {
      System.err.println("usage: PlannerFingerprint CLASS_FOLDER [SOLVER_API_CLASSES]");
      System.exit(2);
    }
    Path classes = Paths.get(args[0]);
    Path kernels = args.length == 2 ? Paths.get(args[1]) : Fingerprint.kernelLocation();
    Fingerprint.stamp(
        classes.resolve(STAMPED_CLASS), BuiltFingerprint.MARKER, of(classes, kernels));
  }

  /** The planner's fingerprint over the class files in {@code classes} and {@code kernels}. */
  static String of(Path classes, Path kernels) {
    return Fingerprint.of(classes, PACKAGES, STAMPED_CLASS, kernels);
  }

  /** Every fingerprinted class file, by its path, in fingerprint order. */
  static Map<String, byte[]> files(Path classes, Path kernels) {
    return Fingerprint.files(classes, PACKAGES, STAMPED_CLASS, kernels);
  }
}
