package com.example.sudoku;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.driver.SolveResult;
import fgc.lang.FgcLanguage;
import fgc.model.Evidence;
import fgc.model.Model;
import fgc.runtime.Solver;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The precompiled Sudoku solver, by decimation and by complete search, each answer checked here.
 */
class SudokuTest {
  static final Model MODEL = FgcLanguage.resource("sudoku.fg", Map.of());

  static List<String> puzzles() throws Exception {
    List<String> out = new ArrayList<>();
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(
                SudokuTest.class.getResourceAsStream("/puzzles.txt"), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (!line.startsWith("#") && !line.isBlank()) {
          out.add(line.split("\\s+")[0]);
        }
      }
    }
    return out;
  }

  static Evidence givens(String puzzle) {
    Evidence.Builder b = Evidence.builder(MODEL);
    for (int k = 0; k < 81; k++) {
      char c = puzzle.charAt(k);
      if (c >= '1' && c <= '9') {
        b.set("cell[" + k / 9 + "][" + k % 9 + "]", c - '0');
      }
    }
    return b.build();
  }

  /** Rows, columns and boxes each hold 1..9 once, and every given is kept: checked without fgc. */
  static void assertValidSolution(String puzzle, int[] values) {
    int first = MODEL.variableIndex("cell[0][0]");
    int[][] g = new int[9][9];
    for (int k = 0; k < 81; k++) {
      g[k / 9][k % 9] = values[first + k];
      char c = puzzle.charAt(k);
      if (c >= '1' && c <= '9') {
        assertEquals(c - '0', g[k / 9][k % 9], "given at cell " + k);
      }
    }
    for (int i = 0; i < 9; i++) {
      boolean[] row = new boolean[10];
      boolean[] col = new boolean[10];
      boolean[] box = new boolean[10];
      for (int j = 0; j < 9; j++) {
        int b = g[3 * (i / 3) + j / 3][3 * (i % 3) + j % 3];
        assertFalse(row[g[i][j]] || col[g[j][i]] || box[b], "unit " + i + " repeats a value");
        row[g[i][j]] = col[g[j][i]] = box[b] = true;
      }
    }
  }

  @Test
  void decimationAndSearchSolveEveryPuzzle() throws Exception {
    Solver solver = Solver.precompiled(MODEL, new SudokuMaxProduct());
    List<String> puzzles = puzzles();
    assertEquals(6, puzzles.size());
    for (String puzzle : puzzles) {
      SolveResult byDecimation = solver.decimate(givens(puzzle));
      assertTrue(byDecimation.solved(), puzzle + ": " + byDecimation.status());
      assertValidSolution(puzzle, byDecimation.values());
      SolveResult bySearch = solver.search(givens(puzzle));
      assertTrue(bySearch.solved(), puzzle + ": " + bySearch.status());
      assertValidSolution(puzzle, bySearch.values());
      assertArrayEquals(byDecimation.values(), bySearch.values(), "each puzzle has one solution");
    }
  }

  @Test
  void searchProvesThatClashingGivensHaveNoSolution() throws Exception {
    String puzzle = puzzles().get(0);
    int blank = puzzle.indexOf('.');
    int row = blank / 9;
    char given = 0;
    for (int c = 0; c < 9 && given == 0; c++) {
      given = puzzle.charAt(row * 9 + c) == '.' ? 0 : puzzle.charAt(row * 9 + c);
    }
    String clash = puzzle.substring(0, blank) + given + puzzle.substring(blank + 1);
    SolveResult result = Solver.precompiled(MODEL, new SudokuMaxProduct()).search(givens(clash));
    assertFalse(result.solved());
    assertTrue(
        result.status() == SolveResult.Status.NO_SOLUTION
            || result.status() == SolveResult.Status.INCONSISTENT_EVIDENCE,
        result.status().toString());
  }

  @Test
  void theCompilerIsNotOnTheClassPath() {
    assertThrows(
        ClassNotFoundException.class, () -> Class.forName("org.codehaus.janino.SimpleCompiler"));
    assertThrows(
        ClassNotFoundException.class, () -> Class.forName("com.squareup.javapoet.JavaFile"));
    assertThrows(ClassNotFoundException.class, () -> Class.forName("fgc.compiler.ModelCompiler"));
  }
}
