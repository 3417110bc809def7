package fgc.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.cache.SolverCache;
import fgc.compilation.AlgorithmSpec;
import fgc.driver.Assignments;
import fgc.driver.DecimationDriver;
import fgc.driver.SolveResult;
import fgc.driver.search.Search;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import fgc.solver.GeneratedAlgorithm;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bundled {@code sudoku_locked} model puts locked candidates into max-product's messages: from
 * the givens alone its converged beliefs rule out candidates that the plain {@code sudoku} model's
 * exact all-different messages keep, never a value of the solution, and decimation on it answers
 * with the solution's cells.
 */
class LockedCandidatesTest {
  /**
   * Made by {@code fgc generate --seed 1021}; its one solution, found by the exact driver, below.
   */
  private static final String PUZZLE =
      "63.7......4.......2.7....4.41.6..2....3.5...9.8........6...7.....59.8..3....2.7.1";

  private static final String SOLUTION =
      "638742915941536872257891346419683257723154689586279134362417598175968423894325761";

  @TempDir Path cacheRoot;

  private GeneratedAlgorithm compiled(Model model) {
    return new SolverCache(cacheRoot, s -> {})
        .load(model, AlgorithmSpec.named("maxproduct"))
        .newInstance();
  }

  @Test
  void boxLineEliminationsAreInTheMessagesAndTheSolutionSurvives() {
    double[][] plain = converged(compiled(FgcLanguage.bundled("sudoku", Map.of())));
    double[][] locked = converged(compiled(FgcLanguage.bundled("sudoku_locked", Map.of())));
    // Box-line reasoning rules 6 out of r1c6, r1c7 and r2c6 (the solution has it at r2c8, in the
    // same
    // box); the subsets within each row, column and box alone, which the plain model sees, keep it.
    for (int cell : new int[] {1 * 9 + 6, 1 * 9 + 7, 2 * 9 + 6}) {
      assertTrue(plain[cell][5] > 0, "the plain model keeps 6 at cell " + cell);
      assertEquals(0.0, locked[cell][5], "the locked model rules out 6 at cell " + cell);
    }
    int more = 0;
    for (int cell = 0; cell < 81; cell++) {
      assertTrue(
          locked[cell][SOLUTION.charAt(cell) - '1'] > 0,
          "cell " + cell + " keeps its solution value");
      for (int v = 0; v < 9; v++) {
        assertTrue(
            plain[cell][v] > 0 || locked[cell][v] == 0,
            "what the plain model rules out, the locked one does");
        more += plain[cell][v] > 0 && locked[cell][v] == 0 ? 1 : 0;
      }
    }
    assertEquals(3, more);
  }

  @Test
  void decimationOnTheLockedModelAnswersWithTheSolution() {
    Model model = FgcLanguage.bundled("sudoku_locked", Map.of());
    int[] evidence = givens(model.variableCount());
    SolveResult result = DecimationDriver.withDefaults().solve(compiled(model), model, evidence);
    assertTrue(result.solved(), result.toString());
    int[] v = result.values();
    assertNull(
        Assignments.firstViolation(model, v), "every position variable agrees with the cells");
    StringBuilder cells = new StringBuilder();
    for (int cell = 0; cell < 81; cell++) {
      cells.append(v[cell]);
    }
    assertEquals(SOLUTION, cells.toString());
  }

  /**
   * Every 4x4 grid of the model is a Sudoku grid, and each of the 288 Sudoku grids is one solution:
   * the position variables add no freedom, the cells fix them all.
   */
  @Test
  void theFourByFourModelCountsTheSudokuGridsOnce() {
    Model locked = FgcLanguage.bundled("sudoku_locked", Map.of("n", 2L));
    Model sudoku = FgcLanguage.bundled("sudoku", Map.of("n", 2L));
    int[] grids = {0};
    int[] sudokus = {0};
    int count =
        Search.of(locked)
            .run(
                Assignments.empty(locked),
                Assignments.NONE,
                1000,
                new Search.Listener() {
                  @Override
                  public void solution(int[] values) {
                    grids[0]++;
                    sudokus[0] +=
                        Assignments.firstViolation(sudoku, java.util.Arrays.copyOf(values, 16))
                                == null
                            ? 1
                            : 0;
                  }
                });
    assertEquals(288, count);
    assertEquals(288, grids[0]);
    assertEquals(288, sudokus[0]);
  }

  private double[][] converged(GeneratedAlgorithm solver) {
    int[] evidence = givens(solver.variableCount());
    for (int i = 0; i < evidence.length; i++) {
      if (evidence[i] != Assignments.NONE) {
        solver.setObserved(i, evidence[i]);
      }
    }
    solver.reset();
    for (int sweep = 0; sweep < 500 && solver.update(1) > 0.0; sweep++) {
      // a fixed point: no message changes any more
    }
    double[][] beliefs = new double[81][9];
    for (int cell = 0; cell < 81; cell++) {
      solver.marginal(cell, beliefs[cell]);
    }
    return beliefs;
  }

  /** The puzzle's givens on the first 81 variables (the cells, in both models), none elsewhere. */
  private static int[] givens(int variables) {
    int[] evidence = new int[variables];
    java.util.Arrays.fill(evidence, Assignments.NONE);
    for (int cell = 0; cell < 81; cell++) {
      char c = PUZZLE.charAt(cell);
      if (c != '.') {
        evidence[cell] = c - '0';
      }
    }
    return evidence;
  }
}
