package fgc.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.puzzles.Grid;
import fgc.puzzles.GridValidator;
import fgc.puzzles.Symbols;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real processes racing for one missing key: 4 JVMs with 8 threads each load the same solver into
 * an empty cache at the same moment. The cache uses no lock: each writer builds its entry in {@code
 * tmp/} and renames it into place atomically; the losers' renames fail and they use their own
 * identical class. Rounds: {@code -Dfgc.reliability.raceRounds} (default 1).
 */
class CacheConcurrencyTest {
  private static final int PROCESSES = 4;
  private static final int THREADS = 8;

  @TempDir Path dir;

  @Test
  void fourProcessesOfEightThreadsAllGetAWorkingSolverAndOneEntryRemains() throws Exception {
    int rounds = CacheFixtures.size("fgc.reliability.raceRounds", 1);
    Map<String, Integer> origins = new TreeMap<>();
    int loads = 0;
    for (int round = 0; round < rounds; round++) {
      Path root = dir.resolve("round" + round);
      Path go = dir.resolve("go" + round);
      List<Process> children = new ArrayList<>();
      List<BufferedReader> outputs = new ArrayList<>();
      for (int p = 0; p < PROCESSES; p++) {
        Process child =
            new ProcessBuilder(javaCommand(root, go))
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        children.add(child);
        BufferedReader out =
            new BufferedReader(
                new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        outputs.add(out);
      }
      try {
        for (BufferedReader out : outputs) {
          assertEquals("ready", out.readLine());
        }
        Files.createFile(go);
        String solution = null;
        for (int p = 0; p < PROCESSES; p++) {
          assertTrue(children.get(p).waitFor(180, TimeUnit.SECONDS), "process " + p + " finished");
          List<String> lines = new ArrayList<>();
          for (String line = outputs.get(p).readLine();
              line != null;
              line = outputs.get(p).readLine()) {
            lines.add(line);
          }
          assertEquals(0, children.get(p).exitValue(), "process " + p + ": " + lines);
          assertEquals(THREADS, lines.size(), lines.toString());
          for (String line : lines) {
            String[] parts = line.split(" ");
            assertEquals("ok", parts[0], line);
            origins.merge(parts[1], 1, Integer::sum);
            loads++;
            solution = solution == null ? parts[2] : solution;
            assertEquals(solution, parts[2], "every process and thread gives the same answer");
          }
        }
        assertTrue(
            GridValidator.check(grid(CacheFixtures.PUZZLE), grid(solution)).valid(), solution);
      } finally {
        for (Process child : children) {
          child.destroyForcibly();
        }
      }
      assertEquals(1, CacheFixtures.count(root.resolve("entries")), "exactly one entry");
      assertEquals(0, CacheFixtures.count(root.resolve("tmp")), "no temporary folder left behind");
      assertEquals(
          0, CacheFixtures.count(root.resolve("quarantine")), "nothing was ever found corrupt");
      SolverCache cache = new SolverCache(root, m -> {});
      assertTrue(
          cache.verify(false).stream().allMatch(e -> e.problem() == null),
          "the entry is complete and sound");
      assertEquals(
          LoadedSolver.Origin.CACHE_HIT,
          cache.load(CacheFixtures.SUDOKU4, CacheFixtures.BP).origin());
    }
    assertEquals(rounds * PROCESSES * THREADS, loads);
    assertTrue(
        origins.keySet().stream().allMatch(o -> o.equals("COMPILED") || o.equals("CACHE_HIT")),
        origins.toString());
    CacheFixtures.report(
        "concurrency",
        rounds
            + " rounds of "
            + PROCESSES
            + " JVMs x "
            + THREADS
            + " threads: "
            + loads
            + " loads, 0 failures, 1 entry per round, 0 temporary folders left; origins "
            + origins
            + "\n");
  }

  private static List<String> javaCommand(Path root, Path go) {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    return List.of(
        java,
        "-Xmx256m",
        "-XX:+UseSerialGC",
        "-XX:TieredStopAtLevel=1",
        "-cp",
        System.getProperty("java.class.path"),
        CacheRaceMain.class.getName(),
        root.toString(),
        go.toString(),
        String.valueOf(THREADS));
  }

  private static Grid grid(String line) {
    int[] cells = new int[line.length()];
    for (int i = 0; i < cells.length; i++) {
      cells[i] = Symbols.valueOf(4, line.charAt(i));
    }
    return Grid.of(4, cells);
  }
}
