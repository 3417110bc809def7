package fgc.bench.jmh;

import fgc.bench.BenchPropagators;
import fgc.driver.Assignments;
import fgc.driver.ExactDriver;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import fgc.puzzles.Grid;
import fgc.puzzles.PuzzleReader;
import fgc.puzzles.SharedCorpora;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The exact driver over a whole corpus per operation (default: top95 from -Dfgc.shared or
 * ../shared/puzzles).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ExactBenchmark {
  @Param({"top95.txt"})
  public String corpus;

  @Param({"false", "true"})
  public boolean lockedCandidates;

  private ExactDriver driver;
  private Model model;
  private final List<int[]> evidence = new ArrayList<>();

  @Setup
  public void setUp() throws IOException {
    model = FgcLanguage.bundled("sudoku", Map.of("n", 3L));
    driver =
        BenchPropagators.generating(
            ExactDriver.withDefaults().withLockedCandidates(lockedCandidates));
    Path file =
        SharedCorpora.file(corpus)
            .orElseThrow(
                () ->
                    new IOException(
                        "no shared/puzzles/"
                            + corpus
                            + " above the working folder (or set -Dfgc.shared)"));
    try (PuzzleReader reader = PuzzleReader.open(file)) {
      while (reader.hasNext()) {
        Grid g = reader.next().grid();
        int[] e = Assignments.empty(model);
        for (int k = 0; k < g.cellCount(); k++) {
          if (g.get(k) != 0) {
            e[k] = g.get(k);
          }
        }
        evidence.add(e);
      }
    }
  }

  /** Solves the whole corpus; returns the number solved (all of them, checked by the driver). */
  @Benchmark
  public int solveCorpus() {
    int solved = 0;
    for (int[] e : evidence) {
      solved += driver.solve(null, model, e).solved() ? 1 : 0;
    }
    return solved;
  }
}
