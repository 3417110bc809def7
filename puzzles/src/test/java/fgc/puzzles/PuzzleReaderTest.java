package fgc.puzzles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Well-formed input in every supported layout. */
class PuzzleReaderTest {

  private static final String FOUR = "1.3...4.4..2....";

  @Test
  void readsOneLinePuzzlesOfEverySide() {
    Grid sixteen = PuzzleGenerator.generate(16, 3);
    String text =
        Fixtures.PUZZLE
            + "\n"
            + Fixtures.PUZZLE.replace('.', '0')
            + "\n"
            + FOUR
            + "\n"
            + sixteen.toLine().toLowerCase()
            + "\n"
            + ".".repeat(625)
            + "\n";
    List<PuzzleReader.Entry> entries = Fixtures.read(text);
    assertEquals(5, entries.size());
    entries.forEach(e -> assertTrue(e.isPuzzle(), e::error));
    assertEquals(Fixtures.puzzle(), entries.get(0).grid());
    assertEquals(Fixtures.puzzle(), entries.get(1).grid());
    assertEquals(Fixtures.grid(4, FOUR), entries.get(2).grid());
    assertEquals(sixteen, entries.get(3).grid());
    assertEquals(25, entries.get(4).grid().side());
    for (int i = 0; i < 5; i++) {
      assertEquals(i + 1, entries.get(i).line());
      assertNull(entries.get(i).error());
    }
    assertEquals(Fixtures.PUZZLE.replace('.', '0'), entries.get(1).text());
  }

  @Test
  void readsAMultiLineNineByNineWithSeparatorsAndBars() {
    String text =
        """
                # a grid drawn for humans
                +-------+-------+-------+
                | 5 3 . | . 7 . | . . . |
                | 6 . . | 1 9 5 | . . . |
                | . 9 8 | . . . | . 6 . |
                +-------+-------+-------+
                | 8 . . | . 6 . | . . 3 |
                | 4 . . | 8 . 3 | . . 1 |
                | 7 . . | . 2 . | . . 6 |
                +-------+-------+-------+
                | . 6 . | . . . | 2 8 . |
                | . . . | 4 1 9 | . . 5 |
                | . . . | . 8 . | . 7 9 |
                +-------+-------+-------+
                =========
                53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
                """;
    List<PuzzleReader.Entry> entries = Fixtures.read(text);
    assertEquals(2, entries.size());
    PuzzleReader.Entry grid = entries.get(0);
    assertTrue(grid.isPuzzle(), grid::error);
    assertEquals(Fixtures.puzzle(), grid.grid());
    assertEquals(3, grid.line());
    // The text runs from the first row to the last, inner separators included, so it echoes as
    // written.
    assertTrue(grid.text().startsWith("| 5 3 . | . 7 . | . . . |\n| 6 . ."), grid.text());
    assertTrue(grid.text().endsWith("| . . . | . 8 . | . 7 9 |"), grid.text());
    assertEquals(11, grid.text().split("\n").length);
    assertEquals(16, entries.get(1).line());
    assertEquals(Fixtures.puzzle(), entries.get(1).grid());
  }

  @Test
  void aLineOfDashesIsARowOfBlanks() {
    String text = "---------\n" + Fixtures.SOLUTION.substring(9).replaceAll("(.{9})", "$1\n");
    List<PuzzleReader.Entry> entries = Fixtures.read(text);
    assertEquals(1, entries.size());
    assertTrue(entries.get(0).isPuzzle(), entries.get(0)::error);
    assertEquals(72, entries.get(0).grid().givenCount());
  }

  @Test
  void readsAMultiLineFourByFour() {
    String text = "1 . | 3 .\n. . | 4 .\n----+----\n4 . | . 2\n. . | . .\n";
    List<PuzzleReader.Entry> entries = Fixtures.read(text);
    assertEquals(1, entries.size());
    assertEquals(Fixtures.grid(4, FOUR), entries.get(0).grid());
    assertEquals(1, entries.get(0).line());
  }

  @Test
  void readsAMultiLineSixteenBySixteen() {
    Grid g = PuzzleGenerator.generate(16, 5);
    List<PuzzleReader.Entry> entries = Fixtures.read("\n" + g.toPrettyString() + FOUR + "\n");
    assertEquals(2, entries.size());
    assertEquals(g, entries.get(0).grid(), entries.get(0)::toString);
    assertEquals(2, entries.get(0).line());
    // With the 16x16 grid complete, a 16-cell line is a 4x4 puzzle again.
    assertEquals(Fixtures.grid(4, FOUR), entries.get(1).grid());
  }

  @Test
  void aDrawnSixteenBySixteenIsKnownByItsShapeNotItsSymbols() {
    int[] cells = PuzzleGenerator.generate(16, 9).cells();
    for (int k = 0; k < cells.length; k++) {
      if (cells[k] > 4) {
        cells[k] = 0;
      }
    }
    Grid g = Grid.of(16, cells);
    List<PuzzleReader.Entry> entries = Fixtures.read(g.toPrettyString());
    assertEquals(1, entries.size(), entries::toString);
    assertEquals(g, entries.get(0).grid(), entries.get(0)::toString);
    assertEquals(
        19, entries.get(0).text().split("\n").length, "rows and separators echo as written");
  }

  @Test
  void sixteenLinesOfSixteenCellsWithoutSeparatorsAreSixteenFourByFourPuzzles() {
    Grid g = PuzzleGenerator.generate(16, 9);
    StringBuilder text = new StringBuilder();
    for (int r = 0; r < 16; r++) {
      text.append(g.toLine(), r * 16, r * 16 + 16).append('\n');
    }
    List<PuzzleReader.Entry> entries = Fixtures.read(text.toString());
    assertEquals(16, entries.size(), entries::toString);
    for (int r = 0; r < 16; r++) {
      assertEquals(r + 1, entries.get(r).line());
      PuzzleReader.Entry e = entries.get(r);
      assertTrue(
          e.isPuzzle() ? e.grid().side() == 4 : e.error().contains("is not a symbol of a 4x4 grid"),
          e::toString);
    }
  }

  @Test
  void acceptsCrlfAndKeepsTextWithoutLineEnds() {
    String text =
        "# header\r\n\r\n" + Fixtures.PUZZLE + "\r\n1.3.\r\n..4.\r\n4..2\r\n....\r\n" + FOUR;
    List<PuzzleReader.Entry> entries = Fixtures.read(text);
    assertEquals(3, entries.size());
    assertEquals(3, entries.get(0).line());
    assertEquals(Fixtures.PUZZLE, entries.get(0).text());
    assertEquals(Fixtures.grid(4, FOUR), entries.get(1).grid());
    assertEquals("1.3.\n..4.\n4..2\n....", entries.get(1).text());
    assertEquals(8, entries.get(2).line());
    assertEquals(FOUR, entries.get(2).text());
  }

  /**
   * Hands out its text {@code chunk} characters per read, so line ends fall on every kind of read
   * boundary.
   */
  private static final class ChunkedReader extends java.io.Reader {
    private final String text;
    private final int chunk;
    private int pos;

    ChunkedReader(String text, int chunk) {
      this.text = text;
      this.chunk = chunk;
    }

    @Override
    public int read(char[] buf, int off, int len) {
      if (pos == text.length()) {
        return -1;
      }
      int n = Math.min(Math.min(len, chunk), text.length() - pos);
      text.getChars(pos, pos + n, buf, off);
      pos += n;
      return n;
    }

    @Override
    public void close() {}
  }

  @Test
  void lineEndsOfEveryKindReadTheSameWhereverTheReadsSplitThem() {
    // LF, CRLF, CR alone, blank lines of each, a last line without an end; long enough that the
    // reader's buffer refills in the middle of lines and between a CR and its LF.
    String[] ends = {"\n", "\r\n", "\r", "\r\n\r\n", "\n\n", "\r\r"};
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 400; i++) {
      text.append(i % 7 == 3 ? "# comment " + i : i % 2 == 0 ? Fixtures.PUZZLE : FOUR)
          .append(ends[i % ends.length]);
    }
    text.append(FOUR);
    List<String> expected = null;
    for (int chunk : new int[] {1, 2, 3, 7, 81, 82, 83, 4096, 8192, 1 << 20}) {
      List<String> got = new ArrayList<>();
      try (PuzzleReader reader =
          PuzzleReader.of(new ChunkedReader(text.toString(), chunk), "t.txt")) {
        reader.forEachRemaining(e -> got.add(e.line() + ":" + e.text() + ":" + e.isPuzzle()));
      }
      if (expected == null) {
        expected = got;
        assertEquals(400 - 400 / 7 + 1, got.size(), got::toString);
      } else {
        assertEquals(expected, got, "chunks of " + chunk);
      }
    }
  }

  @Test
  void skipsCommentsBlankLinesAndTrailingComments() {
    String text =
        "# corpus\n\n   \n\t# indented comment\n"
            + Fixtures.PUZZLE
            + "   # the Wikipedia one\n\n"
            + "  "
            + FOUR
            + "#4x4\n";
    List<PuzzleReader.Entry> entries = Fixtures.read(text);
    assertEquals(2, entries.size());
    assertEquals(5, entries.get(0).line());
    assertEquals(Fixtures.puzzle(), entries.get(0).grid());
    assertEquals(Fixtures.PUZZLE + "   # the Wikipedia one", entries.get(0).text());
    assertEquals(7, entries.get(1).line());
    assertEquals(Fixtures.grid(4, FOUR), entries.get(1).grid());
  }

  @Test
  void emptyAndCommentOnlyInputsYieldNothing() {
    assertTrue(Fixtures.read("").isEmpty());
    assertTrue(Fixtures.read("\n\n  \r\n").isEmpty());
    assertTrue(Fixtures.read("# only\n# comments\n=====\n---+---\n").isEmpty());
    PuzzleReader reader = PuzzleReader.of(new StringReader(""), "empty.txt");
    assertFalse(reader.hasNext());
    assertThrows(NoSuchElementException.class, reader::next);
    reader.close();
  }

  @Test
  void opensFilesAndNamesThemInErrors(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("easy.txt");
    Files.writeString(file, "\uFEFF" + Fixtures.PUZZLE + "\nshort\n", StandardCharsets.UTF_8);
    try (PuzzleReader reader = PuzzleReader.open(file)) {
      assertEquals(Fixtures.puzzle(), reader.next().grid());
      assertEquals(
          "easy.txt:2: expected 16, 81, 256 or 625 cells"
              + " (or a grid row of 4, 9, 16 or 25), found 5",
          reader.next().error());
      assertFalse(reader.hasNext());
    }
  }
}
