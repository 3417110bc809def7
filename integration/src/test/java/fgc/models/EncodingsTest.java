package fgc.models;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.cache.SolverCache;
import fgc.compilation.AlgorithmSpec;
import fgc.driver.Assignments;
import fgc.driver.DecimationDriver;
import fgc.driver.SolveResult;
import fgc.lang.FgcLanguage;
import fgc.model.FactorKind;
import fgc.model.Model;
import fgc.puzzles.Grid;
import fgc.puzzles.GridValidator;
import fgc.puzzles.SolutionCounter;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seed of the comparison with Z3: one Sudoku written in two encodings, one alldiff per unit or
 * the neq of every pair in a unit, gives valid solutions that coincide; the empty 9x9 grid (no
 * givens at all) gets a valid solution.
 */
class EncodingsTest {
  /** The pairwise encoding: the neq of every pair of cells that share a row, a column or a box. */
  static final String PAIRWISE =
      "model sudoku_neq;\nparam n = 2;\nlet N = n * n;\nvar cell[N][N] in 1..N;\nobserve cell;\n"
          + "for r in 0..N-1, c in 0..N-1, r2 in 0..N-1, c2 in 0..N-1\n"
          + "    where (r < r2 || (r == r2 && c < c2))"
          + " && (r == r2 || c == c2 || (r / n == r2 / n && c / n == c2 / n)) {\n"
          + "  neq(cell[r][c], cell[r2][c2]);\n}\n";

  @TempDir Path cacheRoot;

  private int[] solve(Model model, Grid puzzle, String algorithm) {
    int[] evidence = Assignments.empty(model);
    for (int k = 0; k < puzzle.cellCount(); k++) {
      evidence[k] = puzzle.get(k) == 0 ? Assignments.NONE : puzzle.get(k);
    }
    SolveResult result =
        DecimationDriver.withDefaults()
            .solve(
                new SolverCache(cacheRoot, s -> {})
                    .load(model, AlgorithmSpec.named(algorithm))
                    .newInstance(),
                model,
                evidence);
    assertTrue(result.solved(), model.name() + " with " + algorithm + ": " + result);
    GridValidator.Verdict verdict =
        GridValidator.check(puzzle, Grid.of(puzzle.side(), result.values()));
    assertTrue(verdict.valid(), verdict.reason());
    return result.values();
  }

  @Test
  void twoEncodingsOfA4x4GiveTheSameValidSolution() {
    Grid puzzle = Grid.of(4, new int[] {1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2});
    assertEquals(
        1,
        SolutionCounter.count(puzzle, 2),
        "the puzzle must have one solution for the answers to be compared");
    Model alldiff = FgcLanguage.bundled("sudoku", Map.of("n", 2L));
    Model pairwise = FgcLanguage.parse("sudoku_neq.fg", PAIRWISE, Map.of());
    assertEquals(56, pairwise.factors().size()); // 16 cells x 7 neighbours / 2
    assertTrue(pairwise.factors().stream().allMatch(f -> f.kind() == FactorKind.NEQ));
    for (String algorithm : new String[] {"sumproduct", "bp-pairwise"}) {
      assertArrayEquals(
          solve(alldiff, puzzle, algorithm), solve(pairwise, puzzle, algorithm), algorithm);
    }
  }

  @Test
  void theEmpty9x9GridGetsAValidSolution() {
    Grid empty = Grid.of(9, new int[81]);
    solve(FgcLanguage.bundled("sudoku", Map.of()), empty, "sumproduct");
  }
}
