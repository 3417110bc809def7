package fgc.bench;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;

/** Per-puzzle rows as CSV (RFC 4180 quoting) or JSON lines. */
final class RowWriter {
  private static final String[] COLUMNS = {
    "corpus", "index", "algorithm", "driver", "outcome", "ms", "sweeps", "decisions", "restarts", "backtracks", "conflicts"
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
      r.corpus, r.index, r.algorithm, r.driver, r.outcome.name(), String.format(Locale.ROOT, "%.4f", r.millis).transform(Double::valueOf),
      r.sweeps, r.decisions, r.restarts, r.backtracks, r.conflicts
    };
  }

  static String csvCell(String text) {
    if (text.indexOf(',') < 0 && text.indexOf('"') < 0 && text.indexOf('\n') < 0 && text.indexOf('\r') < 0) {
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
