package fgc.puzzles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every kind of bad input becomes an error entry, and nothing after it is lost. */
class PuzzleReaderErrorsTest {

  private static final String P = Fixtures.PUZZLE;

  private static void assertError(PuzzleReader.Entry e, int line, String message) {
    assertFalse(e.isPuzzle(), "expected an error, got " + e);
    assertNull(e.grid());
    assertEquals(line, e.line());
    assertEquals(message, e.error());
  }

  private static void assertPuzzle(PuzzleReader.Entry e, int line) {
    assertTrue(e.isPuzzle(), e::error);
    assertEquals(line, e.line());
    assertNull(e.error());
  }

  @Test
  void wrongLengthNamesLineAndCount() {
    String bad = P.substring(1);
    List<PuzzleReader.Entry> entries =
        Fixtures.read("# c\n" + P + "\n" + bad + "\n" + P + "\n12345\n");
    assertEquals(4, entries.size());
    assertPuzzle(entries.get(0), 2);
    assertError(
        entries.get(1),
        3,
        "t.txt:3: expected 16, 81, 256 or 625 cells (or a grid row of 4, 9, 16 or 25), found 80");
    assertEquals(bad, entries.get(1).text());
    assertPuzzle(entries.get(2), 4);
    assertTrue(entries.get(3).error().startsWith("t.txt:5: "), entries.get(3).error());
    assertTrue(entries.get(3).error().endsWith("found 5"), entries.get(3).error());
  }

  @Test
  void badSymbolNamesTheCell() {
    String bad = P.substring(0, 13) + "Z" + P.substring(14);
    List<PuzzleReader.Entry> entries =
        Fixtures.read(P + "\n\n" + bad + "\n" + P + "\n" + "1.3...4.4..2...Z\n");
    assertEquals(4, entries.size());
    assertError(entries.get(1), 3, "t.txt:3: cell r2c5: 'Z' is not a symbol of a 9x9 grid");
    assertEquals(bad, entries.get(1).text());
    assertPuzzle(entries.get(2), 4);
    assertError(entries.get(3), 5, "t.txt:5: cell r4c4: 'Z' is not a symbol of a 4x4 grid");
  }

  @Test
  void badSymbolInAMultiLineGridNamesItsLineAndCell() {
    String text =
        "53..7....\n6..195...\n.98..?.6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n"
            + "....8..79\n"
            + P
            + "\n";
    List<PuzzleReader.Entry> entries = Fixtures.read(text);
    assertEquals(2, entries.size());
    assertError(entries.get(0), 1, "t.txt:3: cell r3c6: '?' is not a symbol of a 9x9 grid");
    assertEquals(9, entries.get(0).text().split("\n").length);
    assertPuzzle(entries.get(1), 10);
  }

  @Test
  void conflictingGivensInRowColumnAndBox() {
    String row = "5" + P.substring(1, 6) + "5" + P.substring(7);
    String column = P.substring(0, 72) + "5" + P.substring(73);
    String box = P.substring(0, 19) + "5" + P.substring(20);
    List<PuzzleReader.Entry> entries =
        Fixtures.read(row + "\n" + column + "\n" + box + "\n" + P + "\n");
    assertEquals(4, entries.size());
    assertError(
        entries.get(0), 1, "t.txt:1: givens conflict: 5 appears twice in row 1 (r1c1, r1c7)");
    assertError(
        entries.get(1), 2, "t.txt:2: givens conflict: 5 appears twice in column 1 (r1c1, r9c1)");
    assertError(
        entries.get(2), 3, "t.txt:3: givens conflict: 5 appears twice in box 1 (r1c1, r3c2)");
    assertPuzzle(entries.get(3), 4);
  }

  @Test
  void conflictInAMultiLineGridNamesItsFirstLine() {
    List<PuzzleReader.Entry> entries = Fixtures.read("# x\n1.1.\n1...\n....\n....\n");
    assertEquals(1, entries.size());
    assertError(
        entries.get(0),
        2,
        "t.txt:2: givens conflict: 1 appears twice in row 1 (r1c1, r1c3); "
            + "1 appears twice in column 1 (r1c1, r2c1); 1 appears twice in box 1 (r1c1, r2c1)");
  }

  @Test
  void gridInterruptedByAnotherWidthFailsAndTheLineIsReadAfresh() {
    String text = "1.3.\n..4.\n" + P + "\n1.3.\n..4.\n4..2\n";
    List<PuzzleReader.Entry> entries = Fixtures.read(text);
    assertEquals(3, entries.size());
    assertError(
        entries.get(0),
        1,
        "t.txt:1: grid starting at line 1: expected 4 rows of 4 cells, line 3 has 81 cells");
    assertEquals("1.3.\n..4.", entries.get(0).text());
    assertPuzzle(entries.get(1), 3);
    assertError(
        entries.get(2),
        4,
        "t.txt:4: grid starting at line 4: expected 4 rows of 4 cells, input ended after 3 rows");
  }

  @Test
  void nineByNineGridInterruptedByAFourByFourLine() {
    String text = "53..7....\n6..195...\n1.3...4.4..2....\n";
    List<PuzzleReader.Entry> entries = Fixtures.read(text);
    assertEquals(2, entries.size());
    assertError(
        entries.get(0),
        1,
        "t.txt:1: grid starting at line 1: expected 9 rows of 9 cells, line 3 has 16 cells");
    assertPuzzle(entries.get(1), 3);
    assertEquals(4, entries.get(1).grid().side());
  }

  @Test
  void wrongLengthLineInsideAGridAlsoFailsOnItsOwn() {
    List<PuzzleReader.Entry> entries = Fixtures.read("53..7....\n6..195..\n" + P + "\n");
    assertEquals(3, entries.size());
    assertError(
        entries.get(0),
        1,
        "t.txt:1: grid starting at line 1: expected 9 rows of 9 cells, line 2 has 8 cells");
    assertEquals(2, entries.get(1).line());
    assertTrue(entries.get(1).error().endsWith("found 8"));
    assertPuzzle(entries.get(2), 3);
  }

  @Test
  void overlongLineIsReportedWithoutReadingItWhole() {
    String huge = "1".repeat(PuzzleReader.MAX_LINE_CHARS + 10);
    List<PuzzleReader.Entry> entries = Fixtures.read(huge + "\n" + P + "\n");
    assertEquals(2, entries.size());
    assertEquals(
        "t.txt:1: line too long (over " + PuzzleReader.MAX_LINE_CHARS + " characters)",
        entries.get(0).error());
    assertEquals("# line 1 not echoed: longer than 65536 characters", entries.get(0).text());
    assertPuzzle(entries.get(1), 2);
  }

  /** Endless input without a line end, like /dev/zero, counting what was read. */
  private static final class Zeros extends Reader {
    long read;

    @Override
    public int read(char[] buf, int off, int len) {
      Arrays.fill(buf, off, off + len, '\0');
      read += len;
      return len;
    }

    @Override
    public void close() {}
  }

  @Test
  void endlessInputWithoutLineEndsIsReportedAtTheLimitAndThenStops() {
    Zeros zeros = new Zeros();
    try (PuzzleReader reader = PuzzleReader.of(zeros, "zero")) {
      assertTrue(reader.hasNext());
      PuzzleReader.Entry first = reader.next();
      assertEquals("zero:1: line too long (over 65536 characters)", first.error());
      assertTrue(
          zeros.read <= PuzzleReader.MAX_LINE_CHARS + 8192,
          "read " + zeros.read + " characters before the error");
      UncheckedIOException stop = assertThrows(UncheckedIOException.class, reader::hasNext);
      assertEquals(
          "zero:1: no line end in the 67108864 characters after"
              + " the first 65536 (not a text file?); stopped reading",
          stop.getCause().getMessage());
      assertTrue(
          zeros.read <= PuzzleReader.MAX_LINE_CHARS + PuzzleReader.MAX_SKIPPED_CHARS + 8192L,
          "read " + zeros.read);
      assertFalse(reader.hasNext());
    }
  }

  @Test
  void aLineOfExactlyTheLimitIsNotTooLong() {
    String limit = " ".repeat(PuzzleReader.MAX_LINE_CHARS - P.length()) + P;
    List<PuzzleReader.Entry> entries = Fixtures.read(limit + "\r\n" + limit + "x\r\n" + P);
    assertEquals(3, entries.size());
    assertPuzzle(entries.get(0), 1);
    assertEquals("t.txt:2: line too long (over 65536 characters)", entries.get(1).error());
    assertPuzzle(entries.get(2), 3);
  }

  @Test
  void aReadFailureSaysWhereAndKeepsItsCause() {
    Reader failing =
        new Reader() {
          private boolean first = true;

          @Override
          public int read(char[] buf, int off, int len) throws IOException {
            if (first) {
              first = false;
              String text = P + "\n";
              text.getChars(0, text.length(), buf, off);
              return text.length();
            }
            throw new IOException("Is a directory");
          }

          @Override
          public void close() {}
        };
    try (PuzzleReader reader = PuzzleReader.of(failing, "adir")) {
      UncheckedIOException e =
          assertThrows(
              UncheckedIOException.class,
              () -> {
                while (reader.hasNext()) {
                  reader.next();
                }
              });
      assertEquals("cannot read adir after line 1", e.getMessage());
      assertEquals("Is a directory", e.getCause().getMessage());
    }
  }

  @Test
  void manyErrorsInARowKeepOrderAndLineNumbers() {
    String text = "xx\n" + P + "\nyy\n\n" + P + "\nzz\n";
    List<PuzzleReader.Entry> entries = Fixtures.read(text);
    assertEquals(List.of(1, 2, 3, 5, 6), entries.stream().map(PuzzleReader.Entry::line).toList());
    assertEquals(
        List.of(false, true, false, true, false),
        entries.stream().map(PuzzleReader.Entry::isPuzzle).toList());
  }
}
