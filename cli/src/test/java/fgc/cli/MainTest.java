package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.puzzles.EmbeddedPuzzles;
import fgc.puzzles.Grid;
import fgc.puzzles.GridValidator;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CLI end to end, in process: exit codes, one output line per puzzle, errors on stderr. */
class MainTest {
  @TempDir Path dir;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private PrintStream savedOut;
  private PrintStream savedErr;

  @BeforeEach
  void capture() {
    savedOut = System.out;
    savedErr = System.err;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @AfterEach
  void restore() {
    System.setOut(savedOut);
    System.setErr(savedErr);
  }

  /** What the last run printed on standard output. */
  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  /** What the last run printed on standard error. */
  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  private int run(String... args) {
    out.reset();
    err.reset();
    return Main.run(args);
  }

  @Test
  void solveWithoutArgumentsSolvesTheEmbeddedPuzzles() {
    assertEquals(0, run("solve", "--cache-dir", dir.toString()), err());
    List<Grid> puzzles = EmbeddedPuzzles.all();
    String[] lines = out().split("\n");
    assertEquals(puzzles.size(), lines.length);
    for (int i = 0; i < lines.length; i++) {
      Grid answer = parse(puzzles.get(i).side(), lines[i]);
      assertTrue(GridValidator.check(puzzles.get(i), answer).valid(), lines[i]);
    }
    assertTrue(err().contains("solved " + puzzles.size() + " of " + puzzles.size()), err());
  }

  @Test
  void aBadLineIsReportedAndEveryOtherLineIsStillSolved() throws Exception {
    Path input = dir.resolve("in.txt");
    Files.writeString(input, "# two good, one bad\n1...........4..3\n12345\n...4..2...3.1...\n");
    Path output = dir.resolve("out.txt");
    assertEquals(
        2,
        run(
            "solve",
            "--input",
            input.toString(),
            "--output",
            output.toString(),
            "--cache-dir",
            dir.resolve("c").toString()));
    List<String> lines = Files.readAllLines(output);
    assertEquals(3, lines.size());
    assertTrue(GridValidator.check(parse(4, "1...........4..3"), parse(4, lines.get(0))).valid());
    assertEquals("12345", lines.get(1), "a bad line is echoed unchanged");
    assertTrue(GridValidator.check(parse(4, "...4..2...3.1..."), parse(4, lines.get(2))).valid());
    assertTrue(err().contains("in.txt:3:"), err());
    assertTrue(err().contains("solved 2 of 2"), err());
  }

  @Test
  void gridsOfSeveralSizesInOneFileEachGetTheirOwnSolver() throws Exception {
    Grid big = fgc.puzzles.PuzzleGenerator.generate(25, 3);
    Path input = dir.resolve("mixed.txt");
    Files.writeString(
        input,
        "1...........4..3\n" + EmbeddedPuzzles.all().get(3).toLine() + "\n" + big.toLine() + "\n");
    assertEquals(
        0, run("solve", "--input", input.toString(), "--cache-dir", dir.toString()), err());
    String[] lines = out().split("\n");
    assertEquals(3, lines.length);
    assertTrue(GridValidator.check(big, parse(25, lines[2])).valid(), lines[2]);
    // The default (maxproduct) takes 25 values through one assignment solve per factor. sumproduct
    // cannot (2^25 subsets): asked for by name, the 25x25 line is an input error naming the way
    // out,
    // and the other lines are still solved.
    assertFalse(err().contains("using bp-pairwise"), err());
    assertEquals(
        2,
        run(
            "solve",
            "--input",
            input.toString(),
            "--algorithm",
            "sumproduct",
            "--cache-dir",
            dir.toString()),
        err());
    assertTrue(err().contains("line 3:") && err().contains("bp-pairwise"), err());
    assertTrue(err().contains("solved 2 of 3"), err());
  }

  @Test
  void aModelThatCannotTakeAnyGridIsReportedOnceAtItsTextBeforeAnyPuzzle() throws Exception {
    Path model = dir.resolve("tiny.fg");
    Files.writeString(model, "var x[3] in 1..3;\nobserve x;\nalldiff(x[0], x[1], x[2]);\n");
    Path input = dir.resolve("in.txt");
    Files.writeString(input, "1...........4..3\n...4..2...3.1...\n");
    assertEquals(
        2,
        run(
            "solve",
            "--model",
            model.toString(),
            "--input",
            input.toString(),
            "--cache-dir",
            dir.toString()));
    assertEquals("", out());
    assertTrue(
        err()
            .startsWith(
                model
                    + ":1:5: 'x' holds 3 variables, which is no grid:"
                    + " solve takes a model's first observed"
                    + " 2-D array (or a 1-D one of a square size) as the grid"),
        err());
    assertEquals(1, err().lines().filter(l -> l.contains("holds 3 variables")).count(), err());
  }

  @Test
  void aModelThatCannotTakeOneSizeRefusesThosePuzzlesOnceAndSolvesTheRest() throws Exception {
    Path model = dir.resolve("four.fg");
    Files.writeString(
        model,
        "param n = 2;\nlet N = n * n;\nvar cell[4][4] in 1..4;\nobserve cell;\n"
            + "for r in 0..3 { alldiff(cell[r][c] for c in 0..3); }\n"
            + "for c in 0..3 { alldiff(cell[r][c] for r in 0..3); }\n"
            + "for br in 0..1, bc in 0..1"
            + " { alldiff(cell[br*2 + i][bc*2 + j] for i in 0..1, j in 0..1); }\n");
    String nine =
        EmbeddedPuzzles.all().stream()
            .filter(g -> g.side() == 9)
            .findFirst()
            .orElseThrow()
            .toLine();
    Path input = dir.resolve("in.txt");
    Files.writeString(input, nine + "\n1...........4..3\n" + nine + "\n" + nine + "\n");
    assertEquals(
        2,
        run(
            "solve",
            "--model",
            model.toString(),
            "--input",
            input.toString(),
            "--cache-dir",
            dir.toString()));
    List<String> lines = out().lines().toList();
    assertEquals(
        List.of(nine, lines.get(1), nine, nine),
        lines,
        "every puzzle line has its output line, in order");
    assertTrue(
        GridValidator.check(parse(4, "1...........4..3"), parse(4, lines.get(1))).valid(),
        lines.get(1));
    assertEquals(
        1, err().lines().filter(l -> l.contains("a 9x9 puzzle has 81 cells")).count(), err());
    assertTrue(err().contains("fgc: line 1: "), err());
    assertTrue(err().contains("solved 1 of 4") && err().contains("3 input errors"), err());
  }

  @Test
  void compileTwiceIsAMissThenAHit() {
    assertEquals(0, run("compile", "sudoku", "--cache-dir", dir.toString()));
    assertTrue(out().contains("cache     miss"), out());
    assertEquals(0, run("compile", "sudoku", "--cache-dir", dir.toString()));
    assertTrue(out().contains("cache     hit"), out());
    assertEquals(0, run("cache", "verify", "--cache-dir", dir.toString()));
    assertTrue(out().startsWith("ok "), out());
  }

  @Test
  void aModelErrorIsPositionedAndExitsWithTwo() throws Exception {
    Path model = dir.resolve("broken.fg");
    Files.writeString(model, "param n = 3;\nvar x[n] in 1..M;\n");
    assertEquals(2, run("compile", model.toString(), "--cache-dir", dir.toString()));
    assertTrue(err().contains("broken.fg:2:"), err());
    assertTrue(err().contains("^"), err());
  }

  @Test
  void usageErrorsExitWithTwo() {
    assertEquals(2, run("solve", "--no-such-option"));
    assertEquals(2, run());
    assertEquals(
        2,
        run(
            "solve",
            "--input",
            dir.resolve("missing.txt").toString(),
            "--cache-dir",
            dir.toString()));
  }

  @Test
  void theUsageListsEveryCommandAndATypoGetsASuggestion() {
    // Only the command named on the line is registered; a line that names none must see them all.
    assertEquals(0, run("--help"));
    String usage = out();
    for (String command : List.of("solve", "compile", "show", "generate", "cache", "run")) {
      assertTrue(usage.contains("\n  " + command + " "), command + " missing from:\n" + usage);
    }
    assertEquals(2, run("solv"));
    assertTrue(err().contains("fgc solve"), err());
    assertEquals(0, run("cache", "--help"));
    assertTrue(out().startsWith("Usage: fgc cache"), out());
  }

  private static Grid parse(int side, String line) {
    int[] cells = new int[line.length()];
    for (int i = 0; i < cells.length; i++) {
      cells[i] = fgc.puzzles.Symbols.valueOf(side, line.charAt(i));
    }
    return Grid.of(side, cells);
  }
}
