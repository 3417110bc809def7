package fgc.lang;

import java.util.Objects;

/**
 * One error in a model: where it is and what is wrong. Line and column are 1-based; line 0 means
 * the error has no position (an unreadable file, an unknown parameter override).
 */
public final class Diagnostic {
  private final String sourceName;
  private final int line;
  private final int column;
  private final String message;
  private final String sourceLine;

  public Diagnostic(String sourceName, int line, int column, String message, String sourceLine) {
    this.sourceName = Objects.requireNonNull(sourceName);
    this.line = line;
    this.column = column;
    this.message = Objects.requireNonNull(message);
    this.sourceLine = sourceLine == null ? "" : sourceLine;
  }

  /** A diagnostic without a position. */
  public static Diagnostic unpositioned(String sourceName, String message) {
    return new Diagnostic(sourceName, 0, 0, message, "");
  }

  public String sourceName() {
    return sourceName;
  }

  public int line() {
    return line;
  }

  public int column() {
    return column;
  }

  public String message() {
    return message;
  }

  /** The text of the offending line, without its line end; empty when there is no position. */
  public String sourceLine() {
    return sourceLine;
  }

  /**
   * {@code file:line:col: message}, then the offending line and a caret under the column. The
   * caret line copies the tabs of the source line so the caret lines up in any tab width.
   */
  public String format() {
    if (line <= 0) {
      return sourceName + ": " + message;
    }
    StringBuilder sb = new StringBuilder();
    sb.append(sourceName).append(':').append(line).append(':').append(column).append(": ").append(message);
    sb.append("\n  ").append(sourceLine).append("\n  ");
    for (int i = 0; i < column - 1; i++) {
      sb.append(i < sourceLine.length() && sourceLine.charAt(i) == '\t' ? '\t' : ' ');
    }
    return sb.append('^').toString();
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Diagnostic)) {
      return false;
    }
    Diagnostic d = (Diagnostic) o;
    return d.line == line && d.column == column && d.sourceName.equals(sourceName) && d.message.equals(message)
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
