package fgc.lang;

import java.util.Objects;

/**
 * One error in a model: where it is and what is wrong. Line and column are 1-based; line 0 means
 * the error has no position (an unreadable file, an unknown parameter override).
 */
public final class Diagnostic {
  /**
   * Cells of source line shown at most; past it a window of the line around the column is shown.
   */
  static final int SHOWN = 100;

  private static final String ELLIPSIS = "...";

  /**
   * What a tab may take, for the window's budget only (the terminal expands tabs in both lines
   * alike).
   */
  private static final int TAB_CELLS = 8;

  private final String sourceName;
  private final int line;
  private final int column;
  private final String message;
  private final String sourceLine;

  /**
   * An error at {@code line:column} of {@code sourceName}.
   *
   * @param sourceName the name of the source, such as its file name
   * @param line the 1-based line, or 0 for no position
   * @param column the 1-based column
   * @param message what is wrong
   * @param sourceLine the text of the line, shown under the message
   */
  public Diagnostic(String sourceName, int line, int column, String message, String sourceLine) {
    this.sourceName = Objects.requireNonNull(sourceName);
    this.line = line;
    this.column = column;
    this.message = Objects.requireNonNull(message);
    this.sourceLine = sourceLine == null ? "" : sourceLine;
  }

  /**
   * A diagnostic without a position.
   *
   * @param sourceName the name of the source, such as its file name
   * @param message what is wrong
   * @return the diagnostic
   */
  public static Diagnostic unpositioned(String sourceName, String message) {
    return new Diagnostic(sourceName, 0, 0, message, "");
  }

  /**
   * The name of the source the error is in.
   *
   * @return the source's name
   */
  public String sourceName() {
    return sourceName;
  }

  /**
   * The 1-based line, or 0 when there is no position.
   *
   * @return the line
   */
  public int line() {
    return line;
  }

  /**
   * The 1-based column, in characters.
   *
   * @return the column
   */
  public int column() {
    return column;
  }

  /**
   * What is wrong, without the position.
   *
   * @return the message
   */
  public String message() {
    return message;
  }

  /**
   * The text of the offending line, without its line end; empty when there is no position.
   *
   * @return the line's text
   */
  public String sourceLine() {
    return sourceLine;
  }

  /**
   * {@code file:line:col: message}, then the offending line and a caret under the column. The caret
   * line copies the tabs of the source line, and gives wide characters (CJK, emoji) two cells and
   * combining marks none, so the caret lines up in a terminal. A line wider than {@link #SHOWN}
   * cells is shown as a window around the column, each cut end marked "...". Control and format
   * characters (an escape sequence, a bidirectional override) are shown as '?', so a file cannot
   * reach the terminal through its error messages.
   *
   * @return the message as the user sees it
   */
  public String format() {
    if (line <= 0) {
      return sourceName + ": " + message;
    }
    StringBuilder sb = new StringBuilder();
    sb.append(sourceName)
        .append(':')
        .append(line)
        .append(':')
        .append(column)
        .append(": ")
        .append(message);
    String text = sourceLine;
    // The caret's character; past the end of the line (an error at end of file) the caret follows
    // it.
    int caret = Math.min(Math.max(column - 1, 0), text.length());
    if (caret > 0
        && caret < text.length()
        && Character.isLowSurrogate(text.charAt(caret))
        && Character.isHighSurrogate(text.charAt(caret - 1))) {
      caret--;
    }
    int from = 0;
    int to = text.length();
    if (cells(text, 0, text.length()) > SHOWN) {
      int budget = SHOWN - 2 * ELLIPSIS.length();
      from = caret;
      to = caret < text.length() ? text.offsetByCodePoints(caret, 1) : caret;
      int used = Math.max(1, cells(text, from, to));
      // Context before the caret first (what led to the error), then after it, then before again
      // if the line ended early.
      while (from > 0 && used + cellsBefore(text, from) <= budget * 2 / 3) {
        used += cellsBefore(text, from);
        from = text.offsetByCodePoints(from, -1);
      }
      while (to < text.length()
          && used + cells(text, to, text.offsetByCodePoints(to, 1)) <= budget) {
        int next = text.offsetByCodePoints(to, 1);
        used += cells(text, to, next);
        to = next;
      }
      while (from > 0 && used + cellsBefore(text, from) <= budget) {
        used += cellsBefore(text, from);
        from = text.offsetByCodePoints(from, -1);
      }
    }
    String left = from > 0 ? ELLIPSIS : "";
    sb.append("\n  ").append(left);
    for (int i = from; i < to; ) {
      int cp = text.codePointAt(i);
      sb.appendCodePoint(
          cp != '\t' && (Character.isISOControl(cp) || Character.getType(cp) == Character.FORMAT)
              ? '?'
              : cp);
      i += Character.charCount(cp);
    }
    sb.append(to < text.length() ? ELLIPSIS : "").append("\n  ").append(" ".repeat(left.length()));
    for (int i = from; i < caret; ) {
      int cp = text.codePointAt(i);
      if (cp == '\t') {
        sb.append('\t');
      } else {
        sb.append(" ".repeat(width(cp)));
      }
      i += Character.charCount(cp);
    }
    return sb.append('^').toString();
  }

  private static int cells(String text, int from, int to) {
    int n = 0;
    for (int i = from; i < to; ) {
      int cp = text.codePointAt(i);
      n += cp == '\t' ? TAB_CELLS : width(cp);
      i += Character.charCount(cp);
    }
    return n;
  }

  private static int cellsBefore(String text, int at) {
    return cells(text, text.offsetByCodePoints(at, -1), at);
  }

  /**
   * Terminal cells of a code point as shown by {@link #format}: none for a combining mark, two for
   * East Asian wide and fullwidth characters and most emoji, one otherwise (control and format
   * characters are shown as '?').
   */
  static int width(int cp) {
    int type = Character.getType(cp);
    if (type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK) {
      return 0;
    }
    boolean wide =
        (cp >= 0x1100 && cp <= 0x115F) // Hangul Jamo initials
            || (cp >= 0x2E80 && cp <= 0xA4CF && cp != 0x303F) // CJK radicals .. Yi
            || (cp >= 0xAC00 && cp <= 0xD7A3) // Hangul syllables
            || (cp >= 0xF900 && cp <= 0xFAFF) // CJK compatibility ideographs
            || (cp >= 0xFE30 && cp <= 0xFE4F) // CJK compatibility forms
            || (cp >= 0xFF00 && cp <= 0xFF60)
            || (cp >= 0xFFE0 && cp <= 0xFFE6) // fullwidth forms
            || (cp >= 0x1F300 && cp <= 0x1F64F)
            || (cp >= 0x1F900 && cp <= 0x1F9FF) // emoji
            || (cp >= 0x20000 && cp <= 0x3FFFD); // CJK extensions
    return wide ? 2 : 1;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Diagnostic)) {
      return false;
    }
    Diagnostic d = (Diagnostic) o;
    return d.line == line
        && d.column == column
        && d.sourceName.equals(sourceName)
        && d.message.equals(message)
        && d.sourceLine.equals(sourceLine);
  }

  @Override
  public int hashCode() {
    return Objects.hash(sourceName, line, column, message);
  }

  @Override
  public String toString() {
    return format();
  }
}
