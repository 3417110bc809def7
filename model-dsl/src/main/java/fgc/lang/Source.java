package fgc.lang;

import java.util.ArrayList;
import java.util.List;

/**
 * A model's text and the name it is reported under. It knows where lines start, so every stage can
 * turn a line and column into a {@link Diagnostic} that quotes the line. Lines end at LF, CR LF or
 * a lone CR, exactly as the {@link Scanner} counts them.
 */
final class Source {
  private final String name;
  private final String text;
  private final int[] lineStarts;

  Source(String name, String text) {
    this.name = name;
    this.text = text;
    List<Integer> starts = new ArrayList<>();
    starts.add(0);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\n' || (c == '\r' && (i + 1 == text.length() || text.charAt(i + 1) != '\n'))) {
        starts.add(i + 1);
      }
    }
    this.lineStarts = starts.stream().mapToInt(Integer::intValue).toArray();
  }

  String name() {
    return name;
  }

  String text() {
    return text;
  }

  /** The text of 1-based line {@code n} without its line end, or "" past the end. */
  String line(int n) {
    if (n < 1 || n > lineStarts.length) {
      return "";
    }
    int start = lineStarts[n - 1];
    int end = n < lineStarts.length ? lineStarts[n] : text.length();
    while (end > start && (text.charAt(end - 1) == '\n' || text.charAt(end - 1) == '\r')) {
      end--;
    }
    return text.substring(start, end);
  }

  Diagnostic diagnostic(int line, int column, String message) {
    return new Diagnostic(name, line, column, message, line(line));
  }

  Diagnostic diagnostic(Ast.Pos pos, String message) {
    return diagnostic(pos.line(), pos.column(), message);
  }
}
