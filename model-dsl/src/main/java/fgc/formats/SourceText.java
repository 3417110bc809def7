package fgc.formats;

import fgc.lang.Diagnostic;
import fgc.lang.FgcLanguage;
import fgc.lang.LanguageException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A file's text and the name its errors are reported under. Readers keep only character offsets for
 * their tokens; an error turns its offset into a line, a column and the quoted line, as the
 * language's diagnostics do. Lines end at LF, CR LF or a lone CR.
 */
final class SourceText {
  private final String name;
  private final String text;
  private final int[] lineStarts;

  SourceText(String name, String text) {
    this.name = name;
    this.text =
        text.startsWith("\uFEFF")
            ? text.substring(1)
            : text; // a byte order mark some editors write
    int[] starts = new int[64];
    int count = 1;
    for (int i = 0; i < this.text.length(); i++) {
      char c = this.text.charAt(i);
      if (c == '\n'
          || (c == '\r' && (i + 1 == this.text.length() || this.text.charAt(i + 1) != '\n'))) {
        if (count == starts.length) {
          starts = Arrays.copyOf(starts, count * 2);
        }
        starts[count++] = i + 1;
      }
    }
    this.lineStarts = Arrays.copyOf(starts, count);
  }

  /** The text of {@code file} (UTF-8); an unreadable file is a one-line, unpositioned error. */
  static SourceText read(Path file) {
    return new SourceText(file.toString(), FgcLanguage.readText(file)); // one bounded reader
  }

  String name() {
    return name;
  }

  String text() {
    return text;
  }

  int length() {
    return text.length();
  }

  char charAt(int offset) {
    return text.charAt(offset);
  }

  /**
   * The error {@code message} at character {@code offset} (the end of the text is a valid offset).
   */
  LanguageException error(int offset, String message) {
    int line = lineOf(offset);
    int start = lineStarts[line - 1];
    int end = line < lineStarts.length ? lineStarts[line] : text.length();
    while (end > start && (text.charAt(end - 1) == '\n' || text.charAt(end - 1) == '\r')) {
      end--;
    }
    return new LanguageException(
        new Diagnostic(name, line, offset - start + 1, message, text.substring(start, end)));
  }

  /** {@code line:column} of {@code offset}, for messages that point back at an earlier place. */
  String position(int offset) {
    int line = lineOf(offset);
    return line + ":" + (offset - lineStarts[line - 1] + 1);
  }

  private int lineOf(int offset) {
    int at = Arrays.binarySearch(lineStarts, offset);
    return at >= 0 ? at + 1 : -at - 1;
  }

  /**
   * Whether {@code token} is a plain decimal number: digits with an optional fraction and exponent
   * ({@code 0.25}, {@code 1e-3}, {@code .5}, {@code 7.}), an optional sign. Java's own parser also
   * takes {@code NaN}, {@code Infinity}, hexadecimal and a trailing {@code d} or {@code f}, none of
   * which belongs in these formats.
   */
  static boolean isDecimal(String token) {
    int i = 0;
    int n = token.length();
    if (i < n && (token.charAt(i) == '+' || token.charAt(i) == '-')) {
      i++;
    }
    int digits = 0;
    while (i < n && isDigit(token.charAt(i))) {
      i++;
      digits++;
    }
    if (i < n && token.charAt(i) == '.') {
      i++;
      while (i < n && isDigit(token.charAt(i))) {
        i++;
        digits++;
      }
    }
    if (digits == 0) {
      return false;
    }
    if (i < n && (token.charAt(i) == 'e' || token.charAt(i) == 'E')) {
      i++;
      if (i < n && (token.charAt(i) == '+' || token.charAt(i) == '-')) {
        i++;
      }
      int exponent = 0;
      while (i < n && isDigit(token.charAt(i))) {
        i++;
        exponent++;
      }
      if (exponent == 0) {
        return false;
      }
    }
    return i == n;
  }

  /**
   * Whether decimal {@code token} names a number other than zero that {@code parsed}, its double,
   * rounded to zero.
   */
  static boolean underflows(String token, double parsed) {
    if (parsed != 0.0) {
      return false;
    }
    for (int i = 0; i < token.length(); i++) {
      char c = token.charAt(i);
      if (c == 'e' || c == 'E') {
        return false;
      }
      if (c >= '1' && c <= '9') {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code token} is a non-negative integer written in decimal digits only. */
  static boolean isNatural(String token) {
    if (token.isEmpty()) {
      return false;
    }
    for (int i = 0; i < token.length(); i++) {
      if (!isDigit(token.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  /** {@code token} for a message: quoted, and cut short when it is long. */
  static String quote(String token) {
    return "'" + (token.length() > 40 ? token.substring(0, 37) + "..." : token) + "'";
  }

  /**
   * A model name from a file name: its stem as an identifier ({@code Grids_11.uai} gives {@code
   * Grids_11}).
   */
  static String modelName(String sourceName, String fallback) {
    String base = sourceName.replace('\\', '/');
    base = base.substring(base.lastIndexOf('/') + 1);
    int dot = base.indexOf('.');
    if (dot >= 0) {
      base = base.substring(0, dot);
    }
    String id = identifier(base);
    return id.isEmpty() ? fallback : id;
  }

  /**
   * {@code name} as an fgc identifier: every character outside {@code [A-Za-z0-9_]} becomes {@code
   * _}, a leading digit gets a {@code _} before it, and the result is cut to 64 characters. Empty
   * for an empty name.
   */
  static String identifier(String name) {
    StringBuilder sb = new StringBuilder(name.length() + 1);
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean ok =
          (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
      sb.append(ok ? c : '_');
    }
    if (sb.length() > 0 && isDigit(sb.charAt(0))) {
      sb.insert(0, '_');
    }
    return sb.length() > 64 ? sb.substring(0, 64) : sb.toString();
  }
}
