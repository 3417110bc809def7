package fgc.lang;

import java.util.Arrays;

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
    // A plain array, not a stream: this runs first thing in a fresh JVM, where a stream pipeline's
    // first use costs milliseconds of class loading and lambda linking.
    int[] starts = new int[16];
    int count = 1;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\n' || (c == '\r' && (i + 1 == text.length() || text.charAt(i + 1) != '\n'))) {
        if (count == starts.length) {
          starts = Arrays.copyOf(starts, count * 2);
        }
        starts[count++] = i + 1;
      }
    }
    this.lineStarts = Arrays.copyOf(starts, count);
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
