package fgc.cache;

import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.compilation.AlgorithmSpec;
import fgc.driver.Assignments;
import fgc.driver.DecimationDriver;
import fgc.driver.SolveResult;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import fgc.puzzles.Grid;
import fgc.puzzles.GridValidator;
import fgc.solver.GeneratedAlgorithm;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** What the cache tests share: a small model, its checked answers, and entry snapshots. */
final class CacheFixtures {
  static final Model SUDOKU4 = FgcLanguage.bundled("sudoku", Map.of("n", 2L));
  static final Model SUDOKU9 = FgcLanguage.bundled("sudoku", Map.of("n", 3L));
  static final AlgorithmSpec BP = AlgorithmSpec.defaults();
  static final String PUZZLE = "1...........4..3";

  private CacheFixtures() {}

  /** Solves the 4x4 puzzle and returns the solution line, after the independent check. */
  static String solve(LoadedSolver loaded) {
    GeneratedAlgorithm solver = loaded.newInstance();
    int[] evidence = evidence();
    SolveResult r = DecimationDriver.withDefaults().solve(solver, SUDOKU4, evidence);
    assertTrue(r.solved());
    Grid puzzle =
        Grid.of(4, Arrays.stream(evidence).map(v -> v == Assignments.NONE ? 0 : v).toArray());
    Grid answer = Grid.of(4, r.values());
    assertTrue(GridValidator.check(puzzle, answer).valid());
    return answer.toLine();
  }

  /**
   * The checked solution and every marginal after three sweeps, as text: two runs of the same class
   * give the same text to the last bit, a different class almost surely does not.
   */
  static String answers(LoadedSolver loaded) {
    GeneratedAlgorithm solver = loaded.newInstance();
    int[] evidence = evidence();
    for (int i = 0; i < evidence.length; i++) {
      if (evidence[i] != Assignments.NONE) {
        solver.setObserved(i, evidence[i]);
      }
    }
    solver.reset();
    solver.update(3);
    StringBuilder sb = new StringBuilder(solve(loaded));
    double[] marginal = new double[4];
    for (int i = 0; i < solver.variableCount(); i++) {
      solver.marginal(i, marginal);
      sb.append(' ').append(Arrays.toString(marginal));
    }
    return sb.toString();
  }

  private static int[] evidence() {
    int[] evidence = Assignments.empty(SUDOKU4);
    for (int i = 0; i < PUZZLE.length(); i++) {
      if (PUZZLE.charAt(i) != '.') {
        evidence[i] = PUZZLE.charAt(i) - '0';
      }
    }
    return evidence;
  }

  /** Every file of an entry folder by name. */
  static Map<String, byte[]> snapshot(Path entry) throws IOException {
    Map<String, byte[]> files = new TreeMap<>();
    try (Stream<Path> s = Files.list(entry)) {
      for (Path p : (Iterable<Path>) s::iterator) {
        files.put(p.getFileName().toString(), Files.readAllBytes(p));
      }
    }
    return files;
  }

  /** Puts an entry folder back exactly as {@code files}, owner-only like the cache writes it. */
  static void restore(Path entry, Map<String, byte[]> files) throws IOException {
    EntryWriter.deleteRecursively(entry);
    EntryWriter.createPrivateDirectories(entry);
    for (Map.Entry<String, byte[]> f : files.entrySet()) {
      EntryWriter.writePrivateFile(entry.resolve(f.getKey()), f.getValue());
    }
  }

  /**
   * Doctors the entry at {@code target} (key {@code targetKey}) as someone with write access to the
   * cache could: the class of another genuine entry ({@code donor}, key {@code donorKey}), its
   * 64-digit key and 16-digit key prefix replaced by the target's (same lengths, so the class file
   * stays valid), written over the target's class file, and the target's manifest sealed again.
   */
  static void doctor(Path target, String targetKey, Map<String, byte[]> donor, String donorKey)
      throws IOException {
    String donorClass =
        donor.keySet().stream().filter(n -> n.endsWith(".class")).findFirst().orElseThrow();
    String text =
        new String(donor.get(donorClass), java.nio.charset.StandardCharsets.ISO_8859_1)
            .replace(donorKey, targetKey)
            .replace(donorKey.substring(0, 16), targetKey.substring(0, 16));
    byte[] forged = text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    Path manifestFile = target.resolve(Manifest.FILE_NAME);
    Manifest m = Manifest.parse(Files.readAllBytes(manifestFile));
    String targetClass = m.className + ".class";
    Files.write(target.resolve(targetClass), forged);
    Map<String, Manifest.FileRecord> files = new java.util.LinkedHashMap<>(m.files);
    files.put(
        targetClass,
        new Manifest.FileRecord(fgc.compilation.SolverKey.sha256Hex(forged), forged.length));
    Files.write(
        manifestFile,
        new Manifest(m.key, m.compiler, m.model, m.kind, m.algorithm, m.className, files)
            .toBytes());
  }

  static int count(Path dir) {
    if (!Files.isDirectory(dir)) {
      return 0;
    }
    try (Stream<Path> s = Files.list(dir)) {
      return (int) s.count();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A size for a reliability run: the system property when set (the reliability profile), else the
   * default.
   */
  static int size(String property, int defaultSize) {
    return Integer.getInteger(property, defaultSize);
  }

  /** Writes a figure for RELIABILITY.md (see {@link ReliabilityReport}). */
  static void report(String name, String text) {
    ReliabilityReport.write(name, text);
  }
}
