package com.example.reload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.cache.LoadedSolver;
import fgc.cache.SolverCache;
import fgc.compilation.AlgorithmSpec;
import fgc.compilation.NoCompilerException;
import fgc.compilation.SolverCompilers;
import fgc.compilation.SolverKey;
import fgc.lang.FgcLanguage;
import fgc.model.Evidence;
import fgc.model.Model;
import fgc.runtime.Marginals;
import fgc.runtime.Solver;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Solvers `./fgc compile` stored, loaded by a program with no compiler on its class path: the entry
 * is checked (checksums, key, plan digest, smoke run) with the runtime and its planner alone, and
 * answers exactly; a doctored entry is still refused.
 */
class ReloadTest {
  static final Model MODEL = FgcLanguage.resource("sprinkler.fg", Map.of());
  static final Model DONOR = FgcLanguage.resource("donor.fg", Map.of());
  static final AlgorithmSpec SPEC = AlgorithmSpec.named("sumproduct");

  // Murphy's CPTs, P(x = 1 | parents), which sprinkler.fg's one table multiplies out.
  static final double CLOUDY = 0.5;
  static final double[] SPRINKLER = {0.5, 0.1}; // by cloudy
  static final double[] RAIN = {0.2, 0.8}; // by cloudy
  static final double[][] WET = {{0.0, 0.9}, {0.9, 0.99}}; // by sprinkler, rain

  @Test
  void noCompilerIsOnTheClassPath() {
    assertNull(SolverCompilers.find());
    for (String name :
        List.of(
            "fgc.compiler.ModelCompiler",
            "com.squareup.javapoet.JavaFile",
            "org.codehaus.janino.SimpleCompiler")) {
      assertThrows(ClassNotFoundException.class, () -> Class.forName(name), name);
    }
  }

  @Test
  void theEntryFgcCompileWroteIsAHitAndAnswersExactly() {
    Path cache = cacheFolder();
    List<String> notices = new ArrayList<>();
    SolverCache solvers = new SolverCache(cache, notices::add);
    LoadedSolver loaded = solvers.load(MODEL, SPEC);
    assertEquals(LoadedSolver.Origin.CACHE_HIT, loaded.origin(), notices.toString());
    assertEquals(List.of(), notices);

    Solver solver = Solver.cached(MODEL, SPEC, solvers);
    Marginals m = solver.marginals(Evidence.builder(MODEL).set("wet", 1).build());
    assertTrue(m.converged(), "converged after " + m.sweeps() + " sweeps");
    assertEquals(exactGivenWet(0), m.probability("cloudy", 1), 1e-9);
    assertEquals(exactGivenWet(1), m.probability("sprinkler", 1), 1e-9);
    assertEquals(exactGivenWet(2), m.probability("rain", 1), 1e-9);
  }

  @Test
  void anotherModelsClassUnderThisKeyIsRefusedWithoutACompiler(@TempDir Path copy)
      throws IOException {
    Path cache = cacheFolder();
    String key = SolverKey.of(MODEL, SPEC);
    String donorKey = SolverKey.of(DONOR, SPEC);
    copyTree(cache, copy);
    SolverCache solvers = new SolverCache(copy, s -> {});
    Path entry = solvers.entryFolder(key);
    Path donor = solvers.entryFolder(donorKey);
    assertTrue(Files.isDirectory(donor), "no entry for donor.fg in " + cache + "; " + HOW);
    doctor(entry, key, donor, donorKey);

    List<String> notices = new ArrayList<>();
    SolverCache doctored = new SolverCache(copy, notices::add);
    // The class passes every byte check (its checksums were made to match, its key rewritten) and
    // is refused at the plan check; the cache would then compile the model again, and there is no
    // compiler to do it.
    assertThrows(NoCompilerException.class, () -> Solver.cached(MODEL, SPEC, doctored));
    assertTrue(
        notices.stream().anyMatch(n -> n.contains("made for another model")), notices.toString());
    assertTrue(!Files.exists(entry.resolve("manifest")), "the doctored entry left its place");
  }

  /** P(variable = 1 | wet = 1), summing the joint over all 16 assignments. */
  static double exactGivenWet(int variable) {
    double wet = 0;
    double both = 0;
    for (int c = 0; c < 2; c++) {
      for (int s = 0; s < 2; s++) {
        for (int r = 0; r < 2; r++) {
          double p =
              bernoulli(CLOUDY, c) * bernoulli(SPRINKLER[c], s) * bernoulli(RAIN[c], r) * WET[s][r];
          wet += p;
          int[] values = {c, s, r};
          both += values[variable] == 1 ? p : 0;
        }
      }
    }
    return both / wet;
  }

  static double bernoulli(double p, int x) {
    return x == 1 ? p : 1 - p;
  }

  static final String HOW =
      "fill it first from fgc's root: ./fgc compile examples/reload/src/test/resources/sprinkler.fg"
          + " --algorithm sumproduct --cache-dir examples/reload/target/fgc-cache, and the same"
          + " for donor.fg (.ci/run does)";

  /** The cache `./fgc compile` filled, which must hold sprinkler.fg's entry. */
  static Path cacheFolder() {
    String dir = System.getProperty("fgc.cache");
    assertTrue(dir != null, "the system property fgc.cache is not set (the pom sets it)");
    Path cache = Paths.get(dir);
    Path entry = new SolverCache(cache, s -> {}).entryFolder(SolverKey.of(MODEL, SPEC));
    assertTrue(Files.isDirectory(entry), "no entry for sprinkler.fg in " + cache + "; " + HOW);
    return cache;
  }

  /**
   * Writes the donor's class, with {@code key} in place of the donor's key, over the entry's class,
   * and seals the entry's manifest again: only the plan check can tell.
   */
  static void doctor(Path entry, String key, Path donor, String donorKey) throws IOException {
    String donorClass = manifestLine(donor, "class ") + ".class";
    String text =
        new String(Files.readAllBytes(donor.resolve(donorClass)), StandardCharsets.ISO_8859_1)
            .replace(donorKey, key)
            .replace(donorKey.substring(0, 16), key.substring(0, 16));
    byte[] forged = text.getBytes(StandardCharsets.ISO_8859_1);
    String entryClass = manifestLine(entry, "class ") + ".class";
    Files.write(entry.resolve(entryClass), forged);
    StringBuilder body = new StringBuilder();
    for (String line : Files.readAllLines(entry.resolve("manifest"), StandardCharsets.UTF_8)) {
      if (line.startsWith("manifest-sha256 ")) {
        continue;
      }
      if (line.startsWith("file " + entryClass + " ")) {
        line = "file " + entryClass + " " + SolverKey.sha256Hex(forged) + " " + forged.length;
      }
      body.append(line).append('\n');
    }
    String seal = SolverKey.sha256Hex(body.toString().getBytes(StandardCharsets.UTF_8));
    Files.write(
        entry.resolve("manifest"),
        (body + "manifest-sha256 " + seal + "\n").getBytes(StandardCharsets.UTF_8));
  }

  static String manifestLine(Path entry, String prefix) throws IOException {
    for (String line : Files.readAllLines(entry.resolve("manifest"), StandardCharsets.UTF_8)) {
      if (line.startsWith(prefix)) {
        return line.substring(prefix.length());
      }
    }
    throw new IllegalStateException(entry + "/manifest has no line " + prefix);
  }

  static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> walk = Files.walk(from)) {
      for (Path p : (Iterable<Path>) walk::iterator) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES);
        }
      }
    }
  }
}
