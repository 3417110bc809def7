package fgc.puzzles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Every puzzle line maps to exactly one entry, in order, and a multi-line grid to one entry: a
 * seeded mixture of sizes, typos, multi-line grids, comments and blank lines, read back and
 * compared item by item with what was written.
 */
class PuzzleReaderMappingTest {

  private static final int[] SIDES = {4, 9, 16, 25};

  /**
   * What one written item must read back as: an entry starting at {@code line}, a puzzle or an
   * error.
   */
  private record Expected(int line, Grid grid, String what) {}

  @Test
  void aSeededMixtureReadsBackOneEntryPerItemInOrder() {
    for (long seed = 1; seed <= 40; seed++) {
      Random random = new Random(seed);
      StringBuilder text = new StringBuilder();
      List<Expected> expected = new ArrayList<>();
      int line = 1;
      for (int item = 0; item < 60; item++) {
        int side = SIDES[random.nextInt(SIDES.length)];
        Grid grid = puzzle(side, random);
        String written;
        Grid result;
        String what;
        switch (random.nextInt(7)) {
          case 0, 1 -> {
            written = grid.toLine();
            result = grid;
            what = "one-line " + side + "x" + side;
          }
          case 2 -> {
            written = typo(grid.toLine(), side, random);
            result = null;
            what = "one-line " + side + "x" + side + " with a typo";
          }
          case 3 -> {
            written = grid.toPrettyString();
            result = grid;
            what = "drawn " + side + "x" + side;
          }
          case 4 -> {
            if (side == 16) {
              // Plain rows of 16 are 4x4 puzzles by shape: a 16x16 grid is always drawn.
              written = grid.toPrettyString();
            } else {
              written = grid.toLine().replaceAll("(.{" + side + "})", "$1\n");
            }
            result = grid;
            what = "rows of " + side + "x" + side;
          }
          case 5 -> {
            String pretty = grid.toPrettyString();
            int at = random.nextInt(pretty.length());
            while (pretty.charAt(at) == '\n'
                || pretty.charAt(at) == ' '
                || pretty.charAt(at) == '|'
                || pretty.charAt(at) == '-'
                || pretty.charAt(at) == '+') {
              at = (at + 1) % pretty.length();
            }
            written = pretty.substring(0, at) + '?' + pretty.substring(at + 1);
            result = null;
            what = "drawn " + side + "x" + side + " with a bad symbol";
          }
          default -> {
            written = random.nextBoolean() ? "# a comment " + item : "";
            result = null;
            what = null;
          }
        }
        if (!written.endsWith("\n")) {
          written += "\n";
        }
        if (what != null) {
          expected.add(new Expected(line, result, what));
        }
        text.append(written);
        line += (int) written.chars().filter(c -> c == '\n').count();
      }
      List<PuzzleReader.Entry> entries = Fixtures.read(text.toString());
      String context = "seed " + seed;
      assertEquals(
          expected.size(), entries.size(), () -> context + ": " + expected + "\n" + entries);
      for (int i = 0; i < entries.size(); i++) {
        Expected want = expected.get(i);
        PuzzleReader.Entry got = entries.get(i);
        String where = context + ", item " + i + " (" + want.what + ")";
        assertEquals(want.line, got.line(), where);
        if (want.grid != null) {
          assertTrue(got.isPuzzle(), () -> where + ": " + got.error());
          assertEquals(want.grid, got.grid(), where);
        } else {
          assertFalse(got.isPuzzle(), () -> where + ": " + got);
          assertTrue(got.error().startsWith("t.txt:"), got.error());
        }
      }
    }
  }

  @Test
  void aSymbolAboveFourNeverJoinsFourByFourLinesIntoOneGrid() {
    // The line that used to open a 16x16 grid over the next fifteen lines.
    StringBuilder text = new StringBuilder("5...............\n");
    for (int i = 0; i < 15; i++) {
      text.append(".".repeat(i)).append(1 + i % 4).append(".".repeat(15 - i)).append('\n');
    }
    text.append("1.3...4.4..2....\n");
    List<PuzzleReader.Entry> entries = Fixtures.read(text.toString());
    assertEquals(17, entries.size(), entries::toString);
    assertEquals(
        "t.txt:1: cell r1c1: '5' is not a symbol of a 4x4 grid"
            + " (a 16x16 grid over several lines needs a separator line after row 4)",
        entries.get(0).error());
    for (int i = 1; i < 17; i++) {
      assertTrue(entries.get(i).isPuzzle(), entries.get(i)::error);
      assertEquals(i + 1, entries.get(i).line());
      assertEquals(4, entries.get(i).grid().side());
    }
  }

  @Test
  void fourByFourLinesBeforeADrawnSixteenBySixteenStayFourByFour() {
    Grid big = PuzzleGenerator.generate(16, 5);
    String four = "1.3...4.4..2....";
    String text = four + "\n" + four + "\n" + big.toPrettyString() + four + "\n";
    List<PuzzleReader.Entry> entries = Fixtures.read(text);
    assertEquals(4, entries.size(), entries::toString);
    assertEquals(Fixtures.grid(4, four), entries.get(0).grid());
    assertEquals(Fixtures.grid(4, four), entries.get(1).grid());
    assertEquals(big, entries.get(2).grid());
    assertEquals(3, entries.get(2).line());
    assertEquals(Fixtures.grid(4, four), entries.get(3).grid());
    assertEquals(22, entries.get(3).line());
  }

  @Test
  void aSeparatorAfterFourFourByFourLinesWithoutAFifthRowLeavesThemFourByFour() {
    String four = "1.3...4.4..2....";
    String text =
        (four + "\n").repeat(4)
            + "+----+----+\n"
            + Fixtures.PUZZLE
            + "\n"
            + (four + "\n").repeat(4)
            + "=====\n";
    List<PuzzleReader.Entry> entries = Fixtures.read(text);
    assertEquals(9, entries.size(), entries::toString);
    for (PuzzleReader.Entry e : entries) {
      assertTrue(e.isPuzzle(), e::error);
    }
    assertEquals(
        List.of(1, 2, 3, 4, 6, 7, 8, 9, 10),
        entries.stream().map(PuzzleReader.Entry::line).toList());
    assertEquals(9, entries.get(4).grid().side());
  }

  /**
   * A valid puzzle of {@code side}: a shuffled pattern solution with about half its cells blank.
   */
  static Grid puzzle(int side, Random random) {
    int box = (int) Math.round(Math.sqrt(side));
    int[] symbols = new int[side];
    for (int i = 0; i < side; i++) {
      symbols[i] = i + 1;
    }
    for (int i = side - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = symbols[i];
      symbols[i] = symbols[j];
      symbols[j] = t;
    }
    int[] cells = new int[side * side];
    for (int r = 0; r < side; r++) {
      for (int c = 0; c < side; c++) {
        cells[r * side + c] =
            random.nextBoolean() ? 0 : symbols[(box * (r % box) + r / box + c) % side];
      }
    }
    return Grid.of(side, cells);
  }

  /**
   * One typo that makes the line a bad puzzle: a cell dropped or added, a foreign or too large
   * symbol, a clash.
   */
  private static String typo(String line, int side, Random random) {
    int at = random.nextInt(line.length());
    return switch (random.nextInt(5)) {
      case 0 -> line.substring(0, at) + line.substring(at + 1);
      case 1 -> line.substring(0, at) + '.' + line.substring(at);
      case 2 -> line.substring(0, at) + '?' + line.substring(at + 1);
      case 3 ->
          line.substring(0, at)
              + (side == 4 ? '5' : side == 9 ? 'A' : side == 16 ? 'H' : 'Z')
              + line.substring(at + 1);
      default -> {
        char c = Symbols.symbolOf(side, 1);
        yield c + "" + c + line.substring(2);
      }
    };
  }
}
