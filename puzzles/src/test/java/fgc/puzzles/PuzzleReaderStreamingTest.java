package fgc.puzzles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import org.junit.jupiter.api.Test;

/** The reader must stream: lines are produced on demand here and nothing keeps them. */
class PuzzleReaderStreamingTest {

  private static final int LINES = 200_000;

  /**
   * Produces {@code lines} lines one at a time: puzzles, with a comment every 1000th and an error
   * every 10000th.
   */
  private static final class GeneratedLines extends Reader {
    private final int lines;
    private int next;
    private String current = "";
    private int pos;

    GeneratedLines(int lines) {
      this.lines = lines;
    }

    @Override
    public int read(char[] buf, int off, int len) {
      if (pos == current.length()) {
        if (next == lines) {
          return -1;
        }
        current = lineFor(next++) + "\n";
        pos = 0;
      }
      int n = Math.min(len, current.length() - pos);
      current.getChars(pos, pos + n, buf, off);
      pos += n;
      return n;
    }

    private static String lineFor(int i) {
      if (i % 1000 == 999) {
        return "# comment " + i;
      }
      if (i % 10_000 == 5) {
        return "1234567";
      }
      // Vary the puzzle so no two neighbouring lines are equal: swap digits 1 and 2 on odd lines.
      return i % 2 == 0
          ? Fixtures.PUZZLE
          : Fixtures.PUZZLE.replace('1', 'x').replace('2', '1').replace('x', '2');
    }

    @Override
    public void close() {}
  }

  @Test
  void countsTwoHundredThousandLinesWithoutKeepingThem() {
    GeneratedLines source = new GeneratedLines(LINES);
    int puzzles = 0;
    int errors = 0;
    int lastLine = 0;
    try (PuzzleReader reader = PuzzleReader.of(source, "generated")) {
      while (reader.hasNext()) {
        PuzzleReader.Entry e = reader.next();
        assertTrue(e.line() > lastLine);
        lastLine = e.line();
        if (e.isPuzzle()) {
          puzzles++;
        } else {
          errors++;
        }
      }
    }
    int comments = LINES / 1000;
    int bad = LINES / 10_000;
    assertEquals(bad, errors);
    assertEquals(LINES - comments - bad, puzzles);
    assertEquals(LINES - 1, lastLine);
  }
}
