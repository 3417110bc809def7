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
 * folder right after compiling it (exec-maven-plugin, phase {@code process-classes}) and the
 * fingerprint goes into the jar as the resource {@link #RESOURCE}. Computing it once at build time
 * spares every JVM from reading and hashing the compiler's bytecode just to form a cache key; a
 * test recomputes it from the class files and compares, so the resource cannot go stale unnoticed.
 */
public final class CompilerFingerprint {
  /** Where the fingerprint is written, relative to the class folder, and read from the class path. */
  static final String RESOURCE = "fgc/compiler/compiler-fingerprint.txt";

  /**
   * Every class whose code shapes the generated source or bytes, by name; their nested classes are
   * fingerprinted with them. A test checks the list is complete and that every name exists.
   */
  static final List<String> FINGERPRINTED = List.of(
      "fgc.compiler.AlgorithmSpec", "fgc.compiler.SolverKey", "fgc.compiler.Sha256", "fgc.compiler.ModelCompiler",
      "fgc.compiler.plan.Planner", "fgc.compiler.plan.VariableLayout", "fgc.compiler.plan.PairwisePlan",
      "fgc.compiler.plan.FactorPlan", "fgc.compiler.plan.FactorData", "fgc.compiler.plan.PairPotentials",
      "fgc.compiler.emit.EmitSupport", "fgc.compiler.emit.PairwiseBpEmitter", "fgc.compiler.emit.FactorBpEmitter",
      "fgc.compiler.emit.Tables", "fgc.compiler.emit.FactorKindsEmitter", "fgc.compiler.emit.PairwiseKindsEmitter",
      "fgc.compiler.backend.JaninoBackend");

  private CompilerFingerprint() {}

  /** {@code CLASS_FOLDER}: writes the fingerprint of the compiler compiled into that folder. */
  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: CompilerFingerprint CLASS_FOLDER");
      System.exit(2);
    }
    Path classes = Paths.get(args[0]);
    Files.writeString(classes.resolve(RESOURCE), of(classes) + "\n", StandardCharsets.US_ASCII);
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
