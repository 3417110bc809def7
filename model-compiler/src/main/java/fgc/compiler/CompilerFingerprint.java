package fgc.compiler;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The build step that fingerprints the compiler: Maven runs {@link #main} on this module's class
 * folder right after compiling it (exec-maven-plugin, phase {@code process-classes}) and stamps the
 * fingerprint into {@link BuiltFingerprint}'s class file. Computing it once at build time spares
 * every JVM from reading and hashing the compiler's bytecode just to form a cache key; a test
 * recomputes it from the class files and compares, so the stamp cannot go stale unnoticed.
 */
public final class CompilerFingerprint {
  /** The class file the fingerprint is stamped into, relative to the class folder. */
  static final String STAMPED_CLASS = "fgc/compiler/BuiltFingerprint.class";

  private static final int HEX_DIGITS = 64;

  /**
   * Every class whose code shapes the generated source or bytes, by name; their nested classes are
   * fingerprinted with them. A test checks the list is complete and that every name exists.
   */
  static final List<String> FINGERPRINTED = List.of(
      "fgc.compiler.AlgorithmSpec", "fgc.compiler.SolverKey", "fgc.compiler.Sha256", "fgc.compiler.ModelCompiler",
      "fgc.compiler.plan.Planner", "fgc.compiler.plan.VariableLayout", "fgc.compiler.plan.PairwisePlan",
      "fgc.compiler.plan.FactorPlan", "fgc.compiler.plan.FactorData", "fgc.compiler.plan.PairPotentials",
      "fgc.compiler.plan.Weights", "fgc.compiler.plan.Contradictions", "fgc.compiler.plan.Footprint",
      "fgc.compiler.plan.SolverLimits", "fgc.compiler.plan.SweepCost",
      "fgc.compiler.emit.EmitSupport", "fgc.compiler.emit.PairwiseBpEmitter", "fgc.compiler.emit.FactorBpEmitter",
      "fgc.compiler.emit.Tables", "fgc.compiler.emit.FactorKindsEmitter", "fgc.compiler.emit.PairwiseKindsEmitter",
      "fgc.compiler.emit.SquareFactorEmitter",
      "fgc.compiler.backend.JaninoBackend");

  private CompilerFingerprint() {}

  /** {@code CLASS_FOLDER}: writes the fingerprint of the compiler compiled into that folder. */
  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: CompilerFingerprint CLASS_FOLDER");
      System.exit(2);
    }
    Path classes = Paths.get(args[0]);
    stamp(classes.resolve(STAMPED_CLASS), of(classes));
  }

  /**
   * Overwrites the 64 characters after {@link BuiltFingerprint#MARKER} in {@code classFile} (the
   * placeholder's dashes, or an earlier build's digits) with {@code hex}. The marker must be found
   * followed by 64 such characters exactly once, so nothing else in the class file is touched.
   */
  static void stamp(Path classFile, String hex) throws IOException {
    if (!Sha256.isHex(hex)) {
      throw new IllegalArgumentException("not a fingerprint: " + hex);
    }
    byte[] bytes = Files.readAllBytes(classFile);
    byte[] marker = BuiltFingerprint.MARKER.getBytes(StandardCharsets.US_ASCII);
    int found = -1;
    for (int at = 0; at + marker.length + HEX_DIGITS <= bytes.length; at++) {
      if (startsWith(bytes, at, marker) && stampable(bytes, at + marker.length)) {
        if (found >= 0) {
          throw new IllegalStateException(classFile + " holds the fingerprint's place more than once");
        }
        found = at + marker.length;
      }
    }
    if (found < 0) {
      throw new IllegalStateException(classFile + " holds no place for the fingerprint (" + BuiltFingerprint.MARKER + " and 64 characters)");
    }
    System.arraycopy(hex.getBytes(StandardCharsets.US_ASCII), 0, bytes, found, HEX_DIGITS);
    Files.write(classFile, bytes);
  }

  private static boolean startsWith(byte[] bytes, int at, byte[] prefix) {
    for (int i = 0; i < prefix.length; i++) {
      if (bytes[at + i] != prefix[i]) {
        return false;
      }
    }
    return true;
  }

  /** Whether the 64 bytes at {@code at} are dashes (the placeholder) or lowercase hex digits (a stamp). */
  private static boolean stampable(byte[] bytes, int at) {
    for (int i = at; i < at + HEX_DIGITS; i++) {
      byte b = bytes[i];
      if (!(b == '-' || b >= '0' && b <= '9' || b >= 'a' && b <= 'f')) {
        return false;
      }
    }
    return true;
  }

  /**
   * The SHA-256, in hex, over every class in {@link #FINGERPRINTED} and each of its
   * nested classes, in list order and then by file name: for each file a line with its name and
   * size, then its bytes.
   */
  static String of(Path classes) {
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    for (String name : FINGERPRINTED) {
      Path outer = classes.resolve(name.replace('.', '/') + ".class");
      if (!Files.isRegularFile(outer)) {
        throw new IllegalStateException("cannot fingerprint the compiler: no class file " + outer);
      }
      for (Path file : withNested(outer)) {
        byte[] bytes = read(file);
        String header = classes.relativize(file).toString().replace('\\', '/') + ' ' + bytes.length + '\n';
        all.writeBytes(header.getBytes(StandardCharsets.UTF_8));
        all.writeBytes(bytes);
      }
    }
    return Sha256.hex(all.toByteArray());
  }

  /** {@code outer} followed by its nested classes ({@code Outer$*.class}), sorted by name. */
  private static List<Path> withNested(Path outer) {
    String stem = outer.getFileName().toString().replaceAll("\\.class$", "");
    List<Path> nested = new ArrayList<>();
    try (DirectoryStream<Path> siblings = Files.newDirectoryStream(outer.getParent(), stem + "$*.class")) {
      for (Path p : siblings) {
        nested.add(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Collections.sort(nested);
    List<Path> all = new ArrayList<>();
    all.add(outer);
    all.addAll(nested);
    return all;
  }

  private static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
