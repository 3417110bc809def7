package fgc.driver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.cache.SolverCache;
import fgc.compilation.AlgorithmSpec;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Max-product BP past 64 values: a 100 x 100 Sudoku (box size 10), compiled, loaded and completed
 * by decimation.
 */
class WideSudokuTest {
  private static final int BOX = 10;
  private static final int SIDE = BOX * BOX;

  @TempDir Path cacheRoot;

  @Test
  void maxProductCompletesAHundredByHundredGrid() {
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", (long) BOX));
    int[] answer = new int[SIDE * SIDE];
    for (int r = 0; r < SIDE; r++) {
      for (int c = 0; c < SIDE; c++) {
        answer[r * SIDE + c] =
            (r % BOX * BOX + r / BOX + c) % SIDE + 1; // a valid grid: shifted rows
      }
    }
    int[] evidence = answer.clone();
    // Twelve cells of row 0 (a row of 12 free cells and a box of 10: the assignment route), and
    // one cell in each box of the box diagonal (off row 0 and columns 0..11): each hidden cell is
    // alone in its column, so the completion is unique and equals the grid.
    for (int c = 0; c < 12; c++) {
      evidence[c] = Assignments.NONE;
    }
    for (int b = 1; b < BOX; b++) {
      evidence[(b * BOX + b) * SIDE + b * BOX + (b + 3) % BOX] = Assignments.NONE;
    }
    SolveResult r =
        Drivers.named("decimate")
            .solve(
                new SolverCache(cacheRoot, System.err::println)
                    .load(model, AlgorithmSpec.named("maxproduct"))
                    .newInstance(),
                model,
                evidence);
    assertTrue(r.solved(), r.status().toString());
    assertValid(r.values(), evidence);
    assertArrayEquals(answer, r.values(), "the only completion");
  }

  /**
   * Every given kept and every row, column and box a permutation of 1..SIDE: checked from the rules
   * alone.
   */
  private static void assertValid(int[] values, int[] evidence) {
    for (int k = 0; k < values.length; k++) {
      if (evidence[k] != Assignments.NONE) {
        assertEquals(evidence[k], values[k], "given at cell " + k);
      }
    }
    for (int unit = 0; unit < SIDE; unit++) {
      boolean[][] seen = new boolean[3][SIDE + 1];
      for (int k = 0; k < SIDE; k++) {
        int[] cells = {
          unit * SIDE + k,
          k * SIDE + unit,
          (unit / BOX * BOX + k / BOX) * SIDE + unit % BOX * BOX + k % BOX
        };
        for (int kind = 0; kind < 3; kind++) {
          int v = values[cells[kind]];
          assertTrue(
              v >= 1 && v <= SIDE && !seen[kind][v],
              "value " + v + " twice in unit " + unit + " of kind " + kind);
          seen[kind][v] = true;
        }
      }
    }
  }
}
