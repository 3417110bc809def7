package fgc.bench;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Per-puzzle rows as CSV (RFC 4180 quoting) or JSON lines, and the CSV read back. */
final class RowWriter {
  private static final String[] COLUMNS = {
    "corpus",
    "index",
    "algorithm",
    "driver",
    "outcome",
    "ms",
    "sweeps",
    "decisions",
    "restarts",
    "backtracks",
    "conflicts"
  };

  private RowWriter() {}

  static void csv(List<PuzzleRow> rows, Writer out) throws IOException {
    out.write(String.join(",", COLUMNS));
    out.write('\n');
    for (PuzzleRow r : rows) {
      Object[] cells = cells(r);
      for (int i = 0; i < cells.length; i++) {
        if (i > 0) {
          out.write(',');
        }
        out.write(csvCell(String.valueOf(cells[i])));
      }
      out.write('\n');
    }
  }

  /**
   * The rows of a CSV that {@link #csv} wrote; an {@link IllegalArgumentException} names the file,
   * the line and what is wrong with it.
   */
  static List<PuzzleRow> readCsv(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    if (lines.isEmpty() || !lines.get(0).equals(String.join(",", COLUMNS))) {
      throw new IllegalArgumentException(
          file
              + ":1: not the per-puzzle rows of 'fgc bench --out' (the header must be "
              + String.join(",", COLUMNS)
              + ")");
    }
    List<PuzzleRow> rows = new ArrayList<>();
    for (int n = 1; n < lines.size(); n++) {
      if (lines.get(n).isEmpty()) {
        continue;
      }
      List<String> c = csvCells(lines.get(n));
      try {
        if (c.size() != COLUMNS.length) {
          throw new IllegalArgumentException(c.size() + " cells, not " + COLUMNS.length);
        }
        rows.add(
            new PuzzleRow(
                c.get(0),
                Integer.parseInt(c.get(1)),
                c.get(2),
                c.get(3),
                PuzzleRow.Outcome.valueOf(c.get(4)),
                Double.parseDouble(c.get(5)),
                Integer.parseInt(c.get(6)),
                Integer.parseInt(c.get(7)),
                Integer.parseInt(c.get(8)),
                Long.parseLong(c.get(9)),
                Integer.parseInt(c.get(10))));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            file + ":" + (n + 1) + ": not a row of 'fgc bench --out' (" + e.getMessage() + ")", e);
      }
    }
    return rows;
  }

  /**
   * One line's cells, quotes as {@link #csvCell} writes them (no row spans lines: no cell holds a
   * line break).
   */
  private static List<String> csvCells(String line) {
    List<String> cells = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char ch = line.charAt(i);
      if (quoted && ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
        cell.append('"');
        i++;
      } else if (ch == '"') {
        quoted = !quoted;
      } else if (ch == ',' && !quoted) {
        cells.add(cell.toString());
        cell.setLength(0);
      } else {
        cell.append(ch);
      }
    }
    cells.add(cell.toString());
    return cells;
  }

  static void jsonLines(List<PuzzleRow> rows, Writer out) throws IOException {
    for (PuzzleRow r : rows) {
      Object[] cells = cells(r);
      StringBuilder sb = new StringBuilder("{");
      for (int i = 0; i < cells.length; i++) {
        if (i > 0) {
          sb.append(',');
        }
        sb.append('"').append(COLUMNS[i]).append("\":");
        if (cells[i] instanceof String) {
          sb.append(jsonString((String) cells[i]));
        } else {
          sb.append(cells[i]);
        }
      }
      out.write(sb.append("}\n").toString());
    }
  }

  private static Object[] cells(PuzzleRow r) {
    return new Object[] {
      r.corpus,
      r.index,
      r.algorithm,
      r.driver,
      r.outcome.name(),
      String.format(Locale.ROOT, "%.4f", r.millis).transform(Double::valueOf),
      r.sweeps,
      r.decisions,
      r.restarts,
      r.backtracks,
      r.conflicts
    };
  }

  static String csvCell(String text) {
    if (text.indexOf(',') < 0
        && text.indexOf('"') < 0
        && text.indexOf('\n') < 0
        && text.indexOf('\r') < 0) {
      return text;
    }
    return '"' + text.replace("\"", "\"\"") + '"';
  }

  static String jsonString(String text) {
    StringBuilder sb = new StringBuilder("\"");
    for (char c : text.toCharArray()) {
      if (c == '"' || c == '\\') {
        sb.append('\\').append(c);
      } else if (c < 0x20) {
        sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
      } else {
        sb.append(c);
      }
    }
    return sb.append('"').toString();
  }
}
