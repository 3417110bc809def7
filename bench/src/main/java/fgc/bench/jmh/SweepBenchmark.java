package fgc.bench.jmh;

import fgc.algorithms.Algorithms;
import fgc.cache.SolverCache;
import fgc.compilation.AlgorithmSpec;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import fgc.puzzles.EmbeddedPuzzles;
import fgc.puzzles.Grid;
import fgc.solver.GeneratedAlgorithm;
import java.io.IOException;
import java.nio.file.Files;
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
 * One sweep of a generated algorithm against its reference interpreter on the same model and
 * evidence (the first embedded puzzle of each size): the specialisation ratio. Two states: {@code
 * converged} sweeps again and again from where the last sweep left off, so it measures the sweep at
 * the fixed point BP reaches, where exact factor messages of these puzzles are 0 and 1 (and the
 * reference's enumeration, which skips zero entries, follows one path); {@code start} times {@code
 * reset()} and the first sweep from uniform messages, as a cold solve and every restart begin, on
 * both sides alike.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SweepBenchmark {
  @Param({"2", "3", "4"})
  public int box;

  @Param({"sumproduct", "maxproduct", "bp-pairwise", "ep-dirichlet"})
  public String algorithm;

  @Param({"generated", "reference"})
  public String implementation;

  @Param({"converged", "start"})
  public String state;

  private GeneratedAlgorithm solver;

  @Setup
  public void setUp() throws IOException {
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", (long) box));
    AlgorithmSpec spec = AlgorithmSpec.named(algorithm);
    solver =
        implementation.equals("generated")
            ? new SolverCache(Files.createTempDirectory("fgc-jmh"), m -> {})
                .load(model, spec)
                .newInstance()
            : Algorithms.of(spec).reference(model, spec);
    Grid puzzle =
        EmbeddedPuzzles.all().stream().filter(g -> g.boxSize() == box).findFirst().orElseThrow();
    for (int k = 0; k < puzzle.cellCount(); k++) {
      if (puzzle.get(k) != 0) {
        solver.setObserved(k, puzzle.get(k));
      }
    }
    solver.reset();
  }

  @Benchmark
  public double sweep() {
    if (state.equals("start")) {
      solver.reset();
    }
    return solver.update(1);
  }
}
