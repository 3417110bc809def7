package fgc.cli;

import fgc.model.Model;
import fgc.runtime.EvidenceLines;
import fgc.runtime.EvidenceLines.Kind;
import fgc.runtime.EvidenceLines.Line;
import java.io.IOException;

/**
 * The cases of evidence of {@code run --input}, read from a file in the one evidence-line format
 * ({@link EvidenceLines}); a line too long to read is an error of its own, echoed as a comment.
 */
final class CaseLines {
  private final EvidenceLines format;
  private final BoundedLines lines;

  /**
   * Cases for {@code model} from {@code lines}, each on top of {@code base} (the data file's and
   * --observe's values, which {@code baseName} names in errors: a line may not give them again).
   */
  CaseLines(Model model, int[] base, String baseName, BoundedLines lines) {
    this.format = EvidenceLines.of(model, base, baseName, lines.name());
    this.lines = lines;
  }

  /** Whether the input is CSV (known once the first line with content is read). */
  boolean csv() {
    return format.csv();
  }

  /**
   * The next line, or null at the end; its error, when it is one, is {@code line.error(name)} with
   * the input's name. A bad CSV header is an IllegalArgumentException: no row could be read.
   */
  Line next() throws IOException {
    String raw = lines.next();
    if (raw == null) {
      return null;
    }
    int n = lines.number();
    if (raw == BoundedLines.TOO_LONG) {
      return new Line(
          n,
          "# line " + n + " not echoed: longer than " + BoundedLines.MAX_CHARS + " characters",
          Kind.ERROR,
          null,
          1,
          null,
          "line too long (over " + BoundedLines.MAX_CHARS + " characters)");
    }
    return format.parse(raw, n);
  }

  /** The cases (lines of evidence) of {@code lines}, counted without solving any. */
  static long count(CaseLines lines) throws IOException {
    long n = 0;
    for (Line line; (line = lines.next()) != null; ) {
      n += line.isCase() ? 1 : 0;
    }
    return n;
  }
}
