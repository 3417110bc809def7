package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.lang.DataSet;
import fgc.lang.FgcLanguage;
import fgc.model.Evidence;
import fgc.model.Model;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fgc solve} on models that are no Sudoku: the grid is the model's own array, givens are
 * checked by its factors, and every answer is checked here again on the model, independently of
 * fgc.
 */
class ModelGridSolveTest {
  @TempDir Path dir;

  private String cache() {
    return dir.resolve("cache").toString();
  }

  /** The cells of a one-line answer of a model whose cells hold 1..9. */
  private static int[] cells(String line) {
    int[] v = new int[line.length()];
    for (int k = 0; k < v.length; k++) {
      v[k] = line.charAt(k) == '.' ? Evidence.NONE : line.charAt(k) - '0';
    }
    return v;
  }

  /**
   * Whether {@code answer} solves {@code puzzle} for {@code model}, read here from the model's
   * factors.
   */
  private static void assertSolves(Model model, String puzzle, String answer) {
    int[] given = Evidence.none(model).values();
    int[] values = new int[model.variableCount()];
    int[] p = cells(puzzle.replace('_', '.'));
    int[] a = cells(answer);
    for (int k = 0; k < a.length; k++) {
      given[k] = p[k];
      values[k] = a[k];
    }
    assertNull(AnswerCheck.failure(model, given, values), puzzle + " -> " + answer);
  }

  @Test
  void solvesTheBundledLatinPuzzlesAndSaysWhichHasNoSolution() {
    Model latin = FgcLanguage.bundled("latin", Map.of());
    for (String driver : new String[] {"decimate", "exact"}) {
      CliRun run =
          CliRun.of(
              "solve",
              "--model",
              "latin",
              "--input",
              "latin-5",
              "--driver",
              driver,
              "--cache-dir",
              cache());
      assertEquals(1, run.exitCode, run::toString);
      List<String> out = run.out.lines().toList();
      assertEquals(3, out.size(), run::toString);
      assertSolves(latin, "1___5_3____5____2_5___4__", out.get(0));
      assertSolves(latin, ".2...3...........2.......", out.get(1));
      assertEquals(
          "1234.....5...............", out.get(2), "the puzzle without solution is echoed");
      assertTrue(run.err.contains("fgc: line 5: no solution"), run::toString);
      assertTrue(
          run.err.contains("solved 2 of 3") && run.err.contains("no solution: 1 of 3"),
          run::toString);
    }
  }

  @Test
  void solvesAKillerSudokuFromItsDataFileAndTheGivensOfEachPuzzle() throws Exception {
    Model killer = FgcLanguage.bundled("killer", Map.of(), DataSet.example("killer-4x4"));
    Path input =
        Files.writeString(
            dir.resolve("k.txt"),
            "................\n1 . . .\n. . . .\n. . . .\n. . . .\n2...............\n");
    CliRun run =
        CliRun.of(
            "solve",
            "--model",
            "killer",
            "--data",
            "killer-4x4",
            "--input",
            input.toString(),
            "--cache-dir",
            cache());
    assertEquals(1, run.exitCode, run::toString);
    List<String> out = run.out.lines().toList();
    assertEquals(3, out.size(), run::toString);
    assertSolves(killer, "................", out.get(0));
    assertSolves(killer, "1...............", out.get(1));
    assertEquals("2...............", out.get(2), "its only solution has 1 there");
    assertTrue(run.err.contains("no solution: 1 of 3"), run::toString);
    // The bundled 9x9 cages, given as a file path, with a blank grid.
    Path data =
        Files.writeString(
            dir.resolve("cages.fgd"),
            new String(
                DataSet.class.getResourceAsStream("/fgc/examples/killer-9x9.fgd").readAllBytes(),
                java.nio.charset.StandardCharsets.UTF_8));
    Path blank = Files.writeString(dir.resolve("blank.txt"), ".".repeat(81) + "\n");
    run =
        CliRun.of(
            "solve",
            "--model",
            "killer",
            "--data",
            data.toString(),
            "--input",
            blank.toString(),
            "--cache-dir",
            cache());
    assertEquals(0, run.exitCode, run::toString);
    assertSolves(
        FgcLanguage.bundled("killer", Map.of(), DataSet.load(data)),
        ".".repeat(81),
        run.out.strip());
  }

  @Test
  void aDiagonalSudokuIsSolvedByItsOwnRulesAndItsGivensCheckedByThem() throws Exception {
    String sudoku = FgcLanguage.bundledText("sudoku").replace("model sudoku;", "model diagonal;");
    Path model =
        Files.writeString(
            dir.resolve("diagonal.fg"),
            sudoku
                + "alldiff(cell[i][i] for i in 0..N-1);\n"
                + "alldiff(cell[i][N-1-i] for i in 0..N-1);\n");
    Path input =
        Files.writeString(dir.resolve("d.txt"), ".".repeat(81) + "\n1" + ".".repeat(79) + "1\n");
    CliRun run =
        CliRun.of(
            "solve",
            "--model",
            model.toString(),
            "--input",
            input.toString(),
            "--driver",
            "exact",
            "--cache-dir",
            cache());
    assertEquals(2, run.exitCode, run::toString);
    List<String> out = run.out.lines().toList();
    assertSolves(FgcLanguage.load(model, Map.of()), ".".repeat(81), out.get(0));
    assertEquals("1" + ".".repeat(79) + "1", out.get(1));
    assertTrue(
        run.err.contains(
            "d.txt:2: the givens break factor 27 (alldiff): cell[0][0] and cell[8][8] are both 1"),
        run::toString);
  }

  @Test
  void aModelLevelErrorIsReportedOnceBeforeAnyPuzzle() throws Exception {
    Path input = Files.writeString(dir.resolve("in.txt"), (".".repeat(81) + "\n").repeat(5));
    String[][] cases = {
      {"--param", "m=3"},
      {"--model", dir.resolve("missing.fg").toString()},
      {"--model", "killer", "--data", dir.resolve("missing.fgd").toString()},
      {"--model", "killer", "--data", "killer-9x9", "--algorithm", "sumprod"},
      {"--model", "queens"},
    };
    for (String[] c : cases) {
      String[] args = new String[c.length + 5];
      args[0] = "solve";
      System.arraycopy(c, 0, args, 1, c.length);
      System.arraycopy(
          new String[] {"--input", input.toString(), "--cache-dir", cache()},
          0,
          args,
          c.length + 1,
          4);
      CliRun run = CliRun.of(args);
      assertEquals(2, run.exitCode, run::toString);
      assertEquals("", run.out, run::toString);
      assertEquals(1, run.err.lines().filter(l -> l.contains(": ")).count(), run::toString);
      assertFalse(run.err.contains("solved"), run::toString);
    }
  }

  @Test
  void generateRefusesADataFileItWouldIgnore() {
    CliRun run =
        CliRun.of("generate", "--data", "killer-4x4", "--count", "1", "--cache-dir", cache());
    assertEquals(2, run.exitCode, run::toString);
    assertEquals("", run.out);
    assertTrue(run.err.contains("reads no --data"), run::toString);
  }

  @Test
  void decimateStopsAtOnceWhenTheGivensAloneLeaveACellNoValueAndTheSummarySaysSo()
      throws Exception {
    // Row 1 needs a 4 in column 4, which already holds one: no two givens clash, but no solution
    // exists.
    Path input = Files.writeString(dir.resolve("in.txt"), "123....4........\n");
    CliRun run =
        CliRun.of("solve", "--input", input.toString(), "--explain", "--cache-dir", cache());
    assertEquals(1, run.exitCode, run::toString);
    assertTrue(run.out.contains("# no solution: 0 decisions, 0 restarts"), run::toString);
    assertTrue(
        run.err.contains("solved 0 of 1") && run.err.contains("no solution: 1 of 1"),
        run::toString);
    assertFalse(
        run.out.contains("UNSOLVED")
            || run.out.contains("unsolved")
            || run.err.contains("INCONSISTENT"),
        run::toString);
  }

  @Test
  void theIndependentCheckNamesABrokenFactorAndAChangedGiven() {
    Model latin = FgcLanguage.bundled("latin", Map.of("n", 2L));
    int[] none = Evidence.none(latin).values();
    assertNull(AnswerCheck.failure(latin, none, new int[] {1, 2, 2, 1}));
    assertEquals(
        "factor 0 (alldiff) does not hold where x[0][0] = 1, x[0][1] = 1",
        AnswerCheck.failure(latin, none, new int[] {1, 1, 2, 2}));
    int[] given = none.clone();
    given[0] = 2;
    assertEquals(
        "x[0][0] was given as 2 but the answer has 1",
        AnswerCheck.failure(latin, given, new int[] {1, 2, 2, 1}));
  }
}
