package fgc.puzzles;

import java.io.IOException;
import java.io.Reader;

/**
 * Reads lines ending in LF, CRLF or CR, keeping at most {@code maxChars} of each, so that a
 * file without line breaks (or a binary file) cannot exhaust memory.
 */
final class LineSource {

    private final Reader reader;
    private final int maxChars;
    private final char[] buffer = new char[8192];
    private int pos;
    private int end;
    private boolean skipLf;
    private boolean eof;
    private boolean lastTruncated;

    LineSource(Reader reader, int maxChars) {
        this.reader = reader;
        this.maxChars = maxChars;
    }

    /** The next line without its terminator, or null at end of input. */
    String next() throws IOException {
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
            if (line.length() < maxChars) {
                line.append(c);
            } else {
                lastTruncated = true;
            }
        }
    }

    /** Whether the line last returned by {@link #next} was longer than the limit and cut. */
    boolean lastTruncated() {
        return lastTruncated;
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
