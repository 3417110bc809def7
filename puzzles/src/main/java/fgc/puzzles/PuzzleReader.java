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
 * Reads Sudoku puzzles from text, one {@link Entry} per puzzle or per bad puzzle, streaming
 * line by line so that a corpus of millions of puzzles needs only bounded memory.
 *
 * <p>Format: a line with 81, 256 or 625 cells is a one-line 9x9, 16x16 or 25x25 puzzle. A line
 * of 16 cells is a one-line 4x4 puzzle, unless a 16x16 grid is open (then it is its next row)
 * or it holds a symbol above 4 (then it starts a 16x16 grid). Lines of 4, 9 or 25 cells are
 * rows of a multi-line grid of that side, complete after that many rows. Blank lines, '#'
 * comments, whitespace and '|' are ignored, and so are separator lines made of '-', '+' and
 * '=' holding at least one '+' or '=' (a line of '-' alone is a row of blanks).
 *
 * <p>Problems never stop the reader: a bad line or grid becomes an error entry naming the line
 * and the reason, and reading goes on with the next line.
 */
public final class PuzzleReader implements Iterator<PuzzleReader.Entry>, Closeable {

    /** Longer lines are cut and reported, so a file without line breaks cannot fill memory. */
    static final int MAX_LINE_CHARS = 1 << 16;

    private final LineSource lines;
    private final String source;
    /** Entries found but not yet returned: a wrong-width line may close a grid and make a puzzle. */
    private final ArrayDeque<Entry> ready = new ArrayDeque<>(2);
    private OpenGrid open;
    private int lineNumber;
    private boolean ended;

    private PuzzleReader(Reader reader, String source) {
        this.lines = new LineSource(reader, MAX_LINE_CHARS);
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
        return new PuzzleReader(Objects.requireNonNull(reader, "reader"),
                Objects.requireNonNull(sourceName, "sourceName"));
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

    /** Closes the underlying reader; a failure to close is reported unchecked, like read failures. */
    @Override
    public void close() {
        ended = true;
        open = null;
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
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + source + " after line " + lineNumber, e);
        }
        if (raw == null) {
            ended = true;
            if (open != null) {
                ready.add(open.unfinished("input ended after " + open.rows + " row" + (open.rows == 1 ? "" : "s")));
                open = null;
            }
            return;
        }
        lineNumber++;
        if (lines.lastTruncated()) {
            closeOpenGrid(lineNumber, -1);
            ready.add(error(lineNumber, raw, "line too long (over " + MAX_LINE_CHARS + " characters)"));
            return;
        }
        String cells = cellsOf(raw);
        if (cells.isEmpty() || isSeparator(cells)) {
            if (open != null) {
                open.ignored(raw);
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
        switch (width) {
            case 81 -> ready.add(onePuzzle(9, raw, cells));
            case 256 -> ready.add(onePuzzle(16, raw, cells));
            case 625 -> ready.add(onePuzzle(25, raw, cells));
            case 16 -> {
                if (hasSymbolAbove(cells, 4)) {
                    startGrid(16, raw, cells);
                } else {
                    ready.add(onePuzzle(4, raw, cells));
                }
            }
            case 4, 9, 25 -> startGrid(width, raw, cells);
            default -> ready.add(error(lineNumber, raw, "expected 16, 81, 256 or 625 cells"
                    + " (or a grid row of 4, 9, 16 or 25), found " + width));
        }
    }

    /** Ends an open grid early because line {@code at} does not fit it ({@code width} -1: unreadable). */
    private void closeOpenGrid(int at, int width) {
        if (open != null) {
            String what = width < 0 ? "line " + at + " is too long" : "line " + at + " has " + width + " cells";
            ready.add(open.unfinished(what));
            open = null;
        }
    }

    private void startGrid(int side, String raw, String cells) {
        open = new OpenGrid(side, lineNumber);
        open.addRow(raw, cells, lineNumber);
    }

    private Entry onePuzzle(int side, String raw, String cells) {
        int[] values = new int[cells.length()];
        for (int i = 0; i < values.length; i++) {
            values[i] = Symbols.valueOf(side, cells.charAt(i));
            if (values[i] < 0) {
                return error(lineNumber, raw, badSymbol(side, i / side, i % side, cells.charAt(i)));
            }
        }
        return checked(Grid.of(side, values), lineNumber, raw);
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
        return "cell r" + (row + 1) + "c" + (col + 1) + ": '" + c + "' is not a symbol of a "
                + side + "x" + side + " grid";
    }

    /** The characters of a line that stand for cells: no whitespace, no '|', nothing from '#'. */
    static String cellsOf(String raw) {
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

    /** Only '-', '+' and '=', with at least one '+' or '=' (so "---------" stays a row of blanks). */
    static boolean isSeparator(String cells) {
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

    private static boolean hasSymbolAbove(String cells, int max) {
        for (int i = 0; i < cells.length(); i++) {
            if (Symbols.valueOf(16, cells.charAt(i)) > max) {
                return true;
            }
        }
        return false;
    }

    /** A multi-line grid being read: its rows so far and the first problem met, if any. */
    private final class OpenGrid {
        private final int side;
        private final int firstLine;
        private final int[] values;
        private final StringBuilder text = new StringBuilder();
        /** Ignored lines since the last row: kept only if another row follows, so text() stays contiguous. */
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
            String reason = "grid starting at line " + firstLine + ": expected " + side + " rows of "
                    + side + " cells, " + what;
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

        /** The original text of the puzzle's line(s), without line terminators, joined by '\n'. */
        public String text() {
            return text;
        }

        /** Null for a puzzle; else "source:line: reason". */
        public String error() {
            return error;
        }

        @Override
        public String toString() {
            return isPuzzle() ? "Entry[line " + line + ": " + grid.toLine() + "]" : "Entry[" + error + "]";
        }
    }
}
