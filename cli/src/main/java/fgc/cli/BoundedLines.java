package fgc.cli;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The lines of a text, each cut at {@link #MAX_CHARS} characters so that no line can fill memory (a
 * binary file, /dev/zero): a longer line is read as {@link #TOO_LONG}, and reading stops when no
 * line end comes within {@link #MAX_SKIPPED} characters more. Lines end at LF, CR LF or CR.
 */
final class BoundedLines implements Closeable {
  static final int MAX_CHARS = 1 << 16;
  static final long MAX_SKIPPED = 1L << 26;

  /** What {@link #next} returns for a line longer than {@link #MAX_CHARS}. */
  static final String TOO_LONG = new String("(line too long)");

  private final BufferedReader in;
  private final String name;
  private int number;
  private boolean ended;

  BoundedLines(Reader reader, String name) {
    this.in = reader instanceof BufferedReader b ? b : new BufferedReader(reader, 1 << 16);
    this.name = name;
  }

  /** The next line without its end, {@link #TOO_LONG}, or null at the end of the text. */
  String next() throws IOException {
    if (ended) {
      return null;
    }
    StringBuilder line = new StringBuilder();
    long skipped = 0;
    while (true) {
      int c = in.read();
      if (c < 0) {
        ended = true;
        if (line.length() == 0 && skipped == 0) {
          return null;
        }
        break;
      }
      if (c == '\n') {
        break;
      }
      if (c == '\r') {
        in.mark(1);
        if (in.read() != '\n') {
          in.reset();
        }
        break;
      }
      if (line.length() < MAX_CHARS) {
        line.append((char) c);
      } else if (++skipped > MAX_SKIPPED) {
        ended = true;
        throw new IOException(
            name
                + ":"
                + (number + 1)
                + ": no line end in the "
                + MAX_SKIPPED
                + " characters after the first "
                + MAX_CHARS
                + " (not a text file?); stopped reading");
      }
    }
    number++;
    return skipped > 0 ? TOO_LONG : line.toString();
  }

  /** The number of the line {@link #next} returned last (1-based). */
  int number() {
    return number;
  }

  String name() {
    return name;
  }

  boolean ready() {
    try {
      return ended || in.ready();
    } catch (IOException e) {
      return true;
    }
  }

  @Override
  public void close() throws IOException {
    in.close();
  }

  /**
   * The lines of {@code input} (a file, or - for standard input), named as the file was given;
   * {@code what} says what a folder is not ("a file of cases").
   */
  static BoundedLines open(String input, String what) {
    if (input.equals("-")) {
      return new BoundedLines(new InputStreamReader(System.in, StandardCharsets.UTF_8), "stdin");
    }
    Path file = Path.of(input);
    if (Files.isDirectory(file)) {
      throw new IllegalArgumentException(
          "cannot read --input " + input + ": it is a folder, not " + what);
    }
    try {
      return new BoundedLines(
          new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8), input);
    } catch (IOException e) {
      throw FileErrors.inputError("--input " + input, e);
    }
  }
}
