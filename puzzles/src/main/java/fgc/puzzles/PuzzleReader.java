package fgc.puzzles;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * Reads Sudoku puzzles from text, one {@link Entry} per puzzle or per bad puzzle, streaming line by
 * line so that a corpus of millions of puzzles needs only bounded memory.
 *
 * <p>Format: a line with 16, 81, 256 or 625 cells is a one-line 4x4, 9x9, 16x16 or 25x25 puzzle,
 * read as that size whatever its symbols. Lines of 4, 9 or 25 cells are rows of a multi-line grid
 * of that side, complete after that many rows. A 16x16 grid over several lines is known by its
 * shape alone: four lines of 16 cells, directly followed by a separator line and a fifth line of 16
 * cells (as {@link Grid#toPrettyString()} writes it); without that separator, lines of 16 cells are
 * 4x4 puzzles, so the reader looks up to five lines ahead before it gives out a 4x4 puzzle. Blank
 * lines, '#' comments, whitespace and '|' are ignored, and so are separator lines made of '-', '+'
 * and '=' holding at least one '+' or '=' (a line of '-' alone is a row of blanks).
 *
 * <p>Every puzzle line gives exactly one entry, in input order, and a multi-line grid gives one
 * entry. Problems never stop the reader: a bad line or grid becomes an error entry naming the line
 * and the reason, and reading goes on with the next line. The one exception is a line with no end
 * in sight ({@link #MAX_SKIPPED_CHARS} characters past the limit, a binary file or a device such as
 * /dev/zero): after its error entry, reading stops with an {@link UncheckedIOException}.
 */
public final class PuzzleReader implements Iterator<PuzzleReader.Entry>, Closeable {

  /**
   * Longer lines are reported as soon as this many characters are read, so no line can fill memory.
   */
  public static final int MAX_LINE_CHARS = 1 << 16;

  /**
   * How far past {@link #MAX_LINE_CHARS} the reader looks for the end of an over-long line before
   * it stops.
   */
  public static final int MAX_SKIPPED_CHARS = 1 << 26;

  /** Cells of a 16x16 row, which is also the length of a one-line 4x4 puzzle. */
  private static final int SIXTEEN = 16;

  /** Rows of 16 cells before the separator that marks a 16x16 grid: its box size. */
  private static final int FIRST_BOX_ROWS = 4;

  private final LineSource lines;
  private final String source;

  /** Entries found but not yet returned: a wrong-width line may close a grid and make a puzzle. */
  private final ArrayDeque<Entry> ready = new ArrayDeque<>(2);

  private OpenGrid open;

  /** Lines of 16 cells not yet known to be 4x4 puzzles or the first rows of a 16x16 grid. */
  private final ArrayDeque<Row> pending = new ArrayDeque<>(FIRST_BOX_ROWS + 1);

  /** The separator line right after four pending rows, or null. */
  private String pendingSeparator;

  private int lineNumber;
  private boolean ended;

  private PuzzleReader(Reader reader, String source) {
    this.lines = new LineSource(reader, MAX_LINE_CHARS, MAX_SKIPPED_CHARS);
    this.source = source;
  }

  /** A reader of a UTF-8 file; malformed bytes read as U+FFFD, which is then a bad symbol. */
  public static PuzzleReader open(Path file) throws IOException {
    Reader reader = new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8);
    Path name = file.getFileName();
    return new PuzzleReader(reader, name == null ? file.toString() : name.toString());
  }

  /** A reader of {@code reader}; {@code sourceName} starts every error message. */
  public static PuzzleReader of(Reader reader, String sourceName) {
    return new PuzzleReader(
        Objects.requireNonNull(reader, "reader"), Objects.requireNonNull(sourceName, "sourceName"));
  }

  @Override
  public boolean hasNext() {
    while (ready.isEmpty() && !ended) {
      step();
    }
    return !ready.isEmpty();
  }

  @Override
  public Entry next() {
    if (!hasNext()) {
      throw new NoSuchElementException("no more puzzles in " + source);
    }
    return ready.poll();
  }

  /**
   * Whether {@link #hasNext} can go on without first waiting for more input: an entry is ready, or
   * the input has characters (or its end) at hand. A caller that holds answers back (to solve in
   * parallel) writes them out first when this is false, so a program that waits for each answer
   * before it sends the next puzzle is not kept waiting. A read failure says true: {@link #hasNext}
   * reports it.
   */
  public boolean ready() {
    if (!ready.isEmpty() || ended) {
      return true;
    }
    try {
      return lines.ready();
    } catch (IOException e) {
      return true;
    }
  }

  /** Closes the underlying reader; a failure to close is reported unchecked, like read failures. */
  @Override
  public void close() {
    ended = true;
    open = null;
    pending.clear();
    ready.clear();
    try {
      lines.close();
    } catch (IOException e) {
      throw new UncheckedIOException("closing " + source, e);
    }
  }

  private void step() {
    String raw;
    try {
      raw = lines.next();
    } catch (LineSource.NoLineEndException e) {
      ended = true;
      // The message is whole: the cause adds nothing a user needs.
      throw new UncheckedIOException(
          new IOException(
              message(
                  lineNumber,
                  "no line end in the "
                      + e.skipped()
                      + " characters after the first "
                      + MAX_LINE_CHARS
                      + " (not a text file?); stopped reading"),
              e));
    } catch (IOException e) {
      ended = true;
      throw new UncheckedIOException(
          "cannot read " + source + (lineNumber > 0 ? " after line " + lineNumber : ""), e);
    }
    if (raw == null) {
      ended = true;
      flushPending();
      if (open != null) {
        ready.add(
            open.unfinished(
                "input ended after " + open.rows + " row" + (open.rows == 1 ? "" : "s")));
        open = null;
      }
      return;
    }
    lineNumber++;
    if (lines.lastTruncated()) {
      flushPending();
      closeOpenGrid(lineNumber, -1);
      ready.add(
          new Entry(
              null,
              lineNumber,
              overLongPlaceholder(lineNumber),
              message(lineNumber, "line too long (over " + MAX_LINE_CHARS + " characters)")));
      return;
    }
    String cells = cellsOf(raw);
    boolean separator = !cells.isEmpty() && isSeparator(cells);
    if (cells.isEmpty() || separator) {
      if (open != null) {
        open.ignored(raw);
      } else if (separator && pending.size() == FIRST_BOX_ROWS && pendingSeparator == null) {
        pendingSeparator = raw;
      } else {
        flushPending(); // a blank line or comment ends a run of 16-cell lines: they are 4x4 puzzles
      }
      return;
    }
    int width = cells.length();
    if (open != null) {
      if (width == open.side) {
        open.addRow(raw, cells, lineNumber);
        if (open.rows == open.side) {
          ready.add(open.finish());
          open = null;
        }
        return;
      }
      closeOpenGrid(lineNumber, width);
    }
    if (width == SIXTEEN) {
      if (pendingSeparator != null) {
        startSixteenGrid(raw, cells);
      } else {
        pending.add(new Row(raw, cells, lineNumber));
        if (pending.size() > FIRST_BOX_ROWS) {
          Row first = pending.poll();
          ready.add(onePuzzle(4, first));
        }
      }
      return;
    }
    flushPending();
    Row row = new Row(raw, cells, lineNumber);
    switch (width) {
      case 81 -> ready.add(onePuzzle(9, row));
      case 256 -> ready.add(onePuzzle(16, row));
      case 625 -> ready.add(onePuzzle(25, row));
      case 4, 9, 25 -> startGrid(width, row);
      default ->
          ready.add(
              error(
                  lineNumber,
                  raw,
                  "expected 16, 81, 256 or 625 cells"
                      + " (or a grid row of 4, 9, 16 or 25), found "
                      + width));
    }
  }

  /** What an over-long line is echoed as: a comment, since the line itself was not kept. */
  public static String overLongPlaceholder(int line) {
    return "# line " + line + " not echoed: longer than " + MAX_LINE_CHARS + " characters";
  }

  /** The pending 16-cell lines turned out not to start a 16x16 grid: each is a 4x4 puzzle. */
  private void flushPending() {
    while (!pending.isEmpty()) {
      ready.add(onePuzzle(4, pending.poll()));
    }
    pendingSeparator = null;
  }

  /** Four rows of 16 cells, a separator and a fifth row: a 16x16 grid over several lines. */
  private void startSixteenGrid(String raw, String cells) {
    Row first = pending.poll();
    startGrid(SIXTEEN, first);
    while (!pending.isEmpty()) {
      Row r = pending.poll();
      open.addRow(r.raw, r.cells, r.line);
    }
    open.ignored(pendingSeparator);
    pendingSeparator = null;
    open.addRow(raw, cells, lineNumber);
  }

  /**
   * Ends an open grid early because line {@code at} does not fit it ({@code width} -1: unreadable).
   */
  private void closeOpenGrid(int at, int width) {
    if (open != null) {
      String what =
          width < 0 ? "line " + at + " is too long" : "line " + at + " has " + width + " cells";
      ready.add(open.unfinished(what));
      open = null;
    }
  }

  private void startGrid(int side, Row row) {
    open = new OpenGrid(side, row.line);
    open.addRow(row.raw, row.cells, row.line);
  }

  private Entry onePuzzle(int side, Row row) {
    String cells = row.cells;
    int[] values = new int[cells.length()];
    for (int i = 0; i < values.length; i++) {
      char c = cells.charAt(i);
      values[i] = Symbols.valueOf(side, c);
      if (values[i] < 0) {
        String hint =
            side == 4 && Symbols.valueOf(16, c) > 0
                ? " (a 16x16 grid over several lines needs a separator line after row 4)"
                : "";
        return error(row.line, row.raw, badSymbol(side, i / side, i % side, c) + hint);
      }
    }
    return checked(Grid.of(side, values), row.line, row.raw);
  }

  /** A puzzle entry, or an error entry if its givens already conflict. */
  private Entry checked(Grid grid, int line, String text) {
    List<String> conflicts = GridValidator.conflicts(grid);
    if (!conflicts.isEmpty()) {
      return error(line, text, "givens conflict: " + String.join("; ", conflicts));
    }
    return new Entry(grid, line, text, null);
  }

  private Entry error(int line, String text, String reason) {
    return new Entry(null, line, text, message(line, reason));
  }

  private String message(int line, String reason) {
    return source + ":" + line + ": " + reason;
  }

  private static String badSymbol(int side, int row, int col, char c) {
    return "cell r"
        + (row + 1)
        + "c"
        + (col + 1)
        + ": '"
        + c
        + "' is not a symbol of a "
        + side
        + "x"
        + side
        + " grid";
  }

  /**
   * The characters of a line that stand for cells: no whitespace, no '|', nothing from '#'.
   *
   * @param raw a line as read
   * @return its cell characters
   */
  public static String cellsOf(String raw) {
    int plain = 0;
    // Printable ASCII other than '#' and '|' is kept as it is: most lines are nothing else.
    while (plain < raw.length()) {
      char c = raw.charAt(plain);
      if (c <= ' ' || c >= 127 || c == '#' || c == '|') {
        break;
      }
      plain++;
    }
    if (plain == raw.length()) {
      return raw;
    }
    StringBuilder sb = new StringBuilder(raw.length());
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      if (c == '#') {
        break;
      }
      // U+FEFF is a byte-order mark that some editors put at the start of a file.
      if (c != '|' && c != '\uFEFF' && !Character.isWhitespace(c) && !Character.isSpaceChar(c)) {
        sb.append(c);
      }
    }
    return sb.toString();
  }

  /**
   * Whether a line's cells are a separator of a pretty-printed grid: only '-', '+' and '=', with at
   * least one '+' or '=' (so "---------" stays a row of blanks).
   *
   * @param cells the line's text without spaces and '|'
   * @return true for a separator line
   */
  public static boolean isSeparator(String cells) {
    boolean marked = false;
    for (int i = 0; i < cells.length(); i++) {
      char c = cells.charAt(i);
      if (c == '+' || c == '=') {
        marked = true;
      } else if (c != '-') {
        return false;
      }
    }
    return marked;
  }

  /** A line that holds cells: its text, its cells and its 1-based number. */
  private record Row(String raw, String cells, int line) {}

  /** A multi-line grid being read: its rows so far and the first problem met, if any. */
  private final class OpenGrid {
    private final int side;
    private final int firstLine;
    private final int[] values;
    private final StringBuilder text = new StringBuilder();

    /**
     * Ignored lines since the last row: kept only if another row follows, so text() stays
     * contiguous.
     */
    private final StringBuilder pendingIgnored = new StringBuilder();

    private int rows;
    private String problem;
    private int problemLine;

    OpenGrid(int side, int firstLine) {
      this.side = side;
      this.firstLine = firstLine;
      this.values = new int[side * side];
    }

    void ignored(String raw) {
      pendingIgnored.append('\n').append(raw);
    }

    void addRow(String raw, String cells, int line) {
      if (rows > 0) {
        text.append(pendingIgnored).append('\n');
      }
      pendingIgnored.setLength(0);
      text.append(raw);
      for (int c = 0; c < side; c++) {
        int v = Symbols.valueOf(side, cells.charAt(c));
        if (v < 0 && problem == null) {
          problem = badSymbol(side, rows, c, cells.charAt(c));
          problemLine = line;
        }
        values[rows * side + c] = Math.max(v, 0);
      }
      rows++;
    }

    Entry finish() {
      if (problem != null) {
        return new Entry(null, firstLine, text.toString(), message(problemLine, problem));
      }
      return checked(Grid.of(side, values), firstLine, text.toString());
    }

    /** The error for a grid that stopped before its last row. */
    Entry unfinished(String what) {
      String reason =
          "grid starting at line "
              + firstLine
              + ": expected "
              + side
              + " rows of "
              + side
              + " cells, "
              + what;
      return new Entry(null, firstLine, text.toString(), message(firstLine, reason));
    }
  }

  /** One item read: a puzzle, or an error saying which line is wrong and why. */
  public static final class Entry {
    private final Grid grid;
    private final int line;
    private final String text;
    private final String error;

    private Entry(Grid grid, int line, String text, String error) {
      this.grid = grid;
      this.line = line;
      this.text = text;
      this.error = error;
    }

    public boolean isPuzzle() {
      return grid != null;
    }

    /** The puzzle, or null for an error. */
    public Grid grid() {
      return grid;
    }

    /** The 1-based line where the puzzle (or its first row) starts. */
    public int line() {
      return line;
    }

    /**
     * The original text of the puzzle's line(s), without line terminators, joined by '\n'; for a
     * line too long to keep, {@link #overLongPlaceholder(int)} instead.
     */
    public String text() {
      return text;
    }

    /** Null for a puzzle; else "source:line: reason". */
    public String error() {
      return error;
    }

    @Override
    public String toString() {
      return isPuzzle()
          ? "Entry[line " + line + ": " + grid.toLine() + "]"
          : "Entry[" + error + "]";
    }
  }
}
