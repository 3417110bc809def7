package fgc.lang;

import static fgc.lang.ClassicModelsTest.broken;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import fgc.model.Model;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The bundled {@code sudoku_locked} model: on a solved grid its position variables take the values
 * the grid gives them (written out here from the grid, not from the model) and every factor holds;
 * any other value of any position variable breaks some factor.
 */
class SudokuLockedModelTest {
  private static final String[] NINE = {
    "534678912",
    "672195348",
    "198342567",
    "859761423",
    "426853791",
    "713924856",
    "961537284",
    "287419635",
    "345286179"
  };
  private static final String[] FOUR = {"1234", "3412", "2143", "4321"};

  @ParameterizedTest
  @ValueSource(ints = {2, 3})
  void aSolvedGridFixesEveryPositionAndSatisfiesEveryFactor(int n) {
    Model m = FgcLanguage.bundled("sudoku_locked", Map.of("n", (long) n));
    int[][] grid = parse(n == 3 ? NINE : FOUR);
    int[] values = withPositions(m, n, grid);
    assertNull(broken(m, values));
    int side = n * n;
    for (int i = side * side; i < m.variableCount(); i++) {
      int right = values[i];
      for (int v = 1; v <= side; v++) {
        if (v != right) {
          values[i] = v;
          assertNotNull(broken(m, values), m.variableName(i) + " = " + v + " instead of " + right);
        }
      }
      values[i] = right;
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {2, 3})
  void theModelHasNoHandMadeTableAndItsViewsAreNamed(int n) {
    assertFalse(FgcLanguage.bundledText("sudoku_locked").contains("table("));
    Model m = FgcLanguage.bundled("sudoku_locked", Map.of("n", (long) n));
    int side = n * n;
    assertEquals(4 * side * side, m.variableCount());
    assertEquals(side * side, m.variableIndex("inrow[0][0]"));
    assertEquals(3 * side * side, m.variableIndex("inbox[0][0]"));
  }

  /**
   * The cells of {@code grid}, then each digit's column in its row, row in its column and cell in
   * its box.
   */
  private static int[] withPositions(Model m, int n, int[][] grid) {
    int side = n * n;
    int[] values = new int[m.variableCount()];
    for (int r = 0; r < side; r++) {
      for (int c = 0; c < side; c++) {
        int d = grid[r][c] - 1;
        values[r * side + c] = d + 1;
        values[m.variableIndex("inrow[" + r + "][" + d + "]")] = c + 1;
        values[m.variableIndex("incol[" + c + "][" + d + "]")] = r + 1;
        int box = r / n * n + c / n;
        values[m.variableIndex("inbox[" + box + "][" + d + "]")] = r % n * n + c % n + 1;
      }
    }
    return values;
  }

  private static int[][] parse(String[] rows) {
    int[][] grid = new int[rows.length][];
    for (int r = 0; r < rows.length; r++) {
      grid[r] = rows[r].chars().map(ch -> ch - '0').toArray();
    }
    return grid;
  }
}
