package fgc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.cache.SolverCache;
import fgc.compilation.AlgorithmSpec;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import fgc.puzzles.Grid;
import fgc.puzzles.GridValidator;
import fgc.puzzles.PuzzleGenerator;
import fgc.puzzles.SolutionCounter;
import fgc.solver.GeneratedAlgorithm;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Puzzles whose givens do not conflict on their face but admit no solution (proved by the
 * independent {@link SolutionCounter}): no registered driver may ever report them solved. The exact
 * drivers, which search completely, must moreover say that there is no solution.
 */
class ContradictoryPuzzlesTest {
  @TempDir Path cacheDir;

  @Test
  void noDriverEverReportsAContradictoryPuzzleSolved() {
    Random random = new Random(11);
    List<Grid> puzzles = new ArrayList<>();
    for (long seed = 1; puzzles.size() < 24; seed++) {
      puzzles.add(contradictory(PuzzleGenerator.generate(4, seed), random));
    }
    for (long seed = 1; puzzles.size() < 26; seed++) {
      puzzles.add(contradictory(PuzzleGenerator.generate(9, seed), random));
    }
    SolverCache cache = new SolverCache(cacheDir, m -> {});
    int runs = 0;
    for (String name : Drivers.names()) {
      Driver driver = Drivers.named(name);
      for (Grid puzzle : puzzles) {
        Model model = FgcLanguage.bundled("sudoku", Map.of("n", (long) puzzle.boxSize()));
        GeneratedAlgorithm solver = cache.load(model, AlgorithmSpec.defaults()).newInstance();
        SolveResult r = driver.solve(solver, model, evidence(model, puzzle));
        assertNotEquals(SolveResult.Status.SOLVED, r.status(), name + " on " + puzzle.toLine());
        if (name.startsWith("exact")) {
          assertEquals(
              SolveResult.Status.NO_SOLUTION,
              r.status(),
              name + " proves there is none: " + puzzle.toLine());
        }
        runs++;
      }
    }
    assertEquals(Drivers.names().size() * puzzles.size(), runs);
  }

  @Test
  void theUnchangedPuzzlesAreSolvedSoTheTestCanTellTheDifference() {
    SolverCache cache = new SolverCache(cacheDir, m -> {});
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", 2L));
    for (long seed = 1; seed <= 5; seed++) {
      Grid puzzle = PuzzleGenerator.generate(4, seed);
      SolveResult r =
          Drivers.named("decimate")
              .solve(
                  cache.load(model, AlgorithmSpec.defaults()).newInstance(),
                  model,
                  evidence(model, puzzle));
      assertTrue(r.solved());
      assertTrue(GridValidator.check(puzzle, Grid.of(4, r.values())).valid());
    }
  }

  /**
   * {@code puzzle} (which has one solution) with one more given that differs from the solution and
   * conflicts with no given: every solution of the result would be a second solution of the
   * original.
   */
  private static Grid contradictory(Grid puzzle, Random random) {
    Grid solution = SolutionCounter.solve(puzzle).orElseThrow();
    while (true) {
      int cell = random.nextInt(puzzle.cellCount());
      int value = 1 + random.nextInt(puzzle.side());
      if (puzzle.get(cell) != 0 || value == solution.get(cell)) {
        continue;
      }
      Grid changed = puzzle.with(cell, value);
      if (GridValidator.conflicts(changed).isEmpty()) {
        assertEquals(0, SolutionCounter.count(changed, 1), changed.toLine());
        return changed;
      }
    }
  }

  private static int[] evidence(Model model, Grid puzzle) {
    int[] evidence = Assignments.empty(model);
    for (int k = 0; k < puzzle.cellCount(); k++) {
      if (puzzle.get(k) != 0) {
        evidence[k] = puzzle.get(k);
      }
    }
    return evidence;
  }
}
