package fgc.puzzles;

import java.io.IOException;
import java.io.Reader;

/**
 * Reads lines ending in LF, CRLF or CR, returning at most {@code maxChars} of each as soon as they
 * are read, so that a file without line breaks (or a binary file, or /dev/zero) can neither exhaust
 * memory nor keep its caller waiting for a line end that never comes.
 */
final class LineSource {

  /** The rest of an over-long line ran past the skip limit without a line end. */
  static final class NoLineEndException extends IOException {
    private static final long serialVersionUID = 1L;

    private final long skipped;

    NoLineEndException(long skipped) {
      super("no line end within " + skipped + " characters");
      this.skipped = skipped;
    }

    long skipped() {
      return skipped;
    }
  }

  private final Reader reader;
  private final int maxChars;
  private final long maxSkipped;
  private final char[] buffer = new char[8192];
  private int pos;
  private int end;
  private boolean skipLf;
  private boolean eof;
  private boolean lastTruncated;

  /** The line last returned was cut at the limit: its rest is skipped before the next line. */
  private boolean inLongLine;

  LineSource(Reader reader, int maxChars, long maxSkipped) {
    this.reader = reader;
    this.maxChars = maxChars;
    this.maxSkipped = maxSkipped;
  }

  /**
   * The next line without its terminator, or null at end of input. A line longer than the limit is
   * returned cut, with {@link #lastTruncated()} true; its rest is skipped by the next call, which
   * throws {@link NoLineEndException} if the rest is longer than the skip limit.
   */
  String next() throws IOException {
    if (inLongLine) {
      skipRestOfLine();
    }
    String whole = lineInBuffer();
    if (whole != null) {
      return whole;
    }
    StringBuilder line = new StringBuilder();
    lastTruncated = false;
    boolean any = false;
    while (true) {
      if (pos == end) {
        if (eof || !fill()) {
          return any ? line.toString() : null;
        }
      }
      char c = buffer[pos++];
      if (skipLf) {
        skipLf = false;
        if (c == '\n') {
          continue;
        }
      }
      any = true;
      if (c == '\n') {
        return line.toString();
      }
      if (c == '\r') {
        skipLf = true;
        return line.toString();
      }
      if (line.length() == maxChars) {
        pos--; // read again, as the first character of the rest
        lastTruncated = true;
        inLongLine = true;
        return line.toString();
      }
      line.append(c);
    }
  }

  /**
   * The next line when it ends inside the buffer and within the limit (almost every line), taken
   * out without copying it character by character; null when {@link #next} must read on.
   */
  private String lineInBuffer() {
    int from = pos;
    if (skipLf && from < end && buffer[from] == '\n') {
      from++;
    }
    int limit = Math.min(end, from + maxChars);
    for (int i = from; i < limit; i++) {
      char c = buffer[i];
      if (c == '\n' || c == '\r') {
        skipLf = c == '\r';
        lastTruncated = false;
        pos = i + 1;
        return new String(buffer, from, i - from);
      }
    }
    return null;
  }

  private void skipRestOfLine() throws IOException {
    inLongLine = false;
    long skipped = 0;
    while (true) {
      if (pos == end && (eof || !fill())) {
        return;
      }
      char c = buffer[pos++];
      if (c == '\n') {
        return;
      }
      if (c == '\r') {
        skipLf = true;
        return;
      }
      if (++skipped > maxSkipped) {
        throw new NoLineEndException(maxSkipped);
      }
    }
  }

  /** Whether the line last returned by {@link #next} was longer than the limit and cut. */
  boolean lastTruncated() {
    return lastTruncated;
  }

  /** Whether {@link #next} has characters to read without waiting for its source. */
  boolean ready() throws IOException {
    return pos < end || eof || reader.ready();
  }

  void close() throws IOException {
    eof = true;
    pos = end;
    reader.close();
  }

  private boolean fill() throws IOException {
    int n;
    do {
      n = reader.read(buffer, 0, buffer.length);
    } while (n == 0);
    if (n < 0) {
      eof = true;
      return false;
    }
    pos = 0;
    end = n;
    return true;
  }
}
