package fgc.cli;

import fgc.lang.FgcLanguage;
import fgc.lang.LanguageException;
import fgc.model.Evidence;
import fgc.model.Model;
import fgc.model.ModelException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Cases of evidence for {@code fgc run --input}, one per line, in either of two forms, told apart
 * by the first line that holds anything:
 *
 * <ul>
 *   <li>assignments: {@code x[0]=3 y=2}, each written as {@code --observe} takes it, separated by
 *       spaces; a variable not named is free;
 *   <li>CSV: a header row of variable names ({@code x[0],x[1],y}), then one row of values per case,
 *       an empty cell or {@code _} for a free variable.
 * </ul>
 *
 * {@code #} starts a comment; a line with nothing else is echoed, not a case. A bad line is an
 * error naming the file, line, column and variable; the lines after it are read as usual.
 */
final class EvidenceLines {
  /**
   * One input line: a case ({@code evidence} not null, the whole evidence with the base's), a line
   * to echo as it is (blank, comment, the CSV header), or an {@code error} for this line alone.
   */
  record Line(int number, String text, int[] evidence, String error, boolean header) {
    Line(int number, String text, int[] evidence, String error) {
      this(number, text, evidence, error, false);
    }

    boolean isCase() {
      return evidence != null;
    }
  }

  private final Model model;
  private final int[] base;
  private final String baseName;
  private final BoundedLines lines;

  /** The CSV header's variables, or null while the form is not known or for assignments. */
  private int[] columns;

  private boolean formKnown;

  /**
   * Cases for {@code model} from {@code lines}, each on top of {@code base} (the data file's and
   * --observe's values, which {@code baseName} names in errors: a line may not give them again).
   */
  EvidenceLines(Model model, int[] base, String baseName, BoundedLines lines) {
    this.model = model;
    this.base = base;
    this.baseName = baseName;
    this.lines = lines;
  }

  /** Whether the input is CSV (known once the first line with content is read). */
  boolean csv() {
    return columns != null;
  }

  /**
   * The next line, or null at the end. A bad CSV header is an IllegalArgumentException: no row
   * could be read.
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
          null,
          where(n, 1) + "line too long (over " + BoundedLines.MAX_CHARS + " characters)");
    }
    int hash = raw.indexOf('#');
    String content = hash < 0 ? raw : raw.substring(0, hash);
    if (content.isBlank()) {
      return new Line(n, raw, null, null);
    }
    if (!formKnown) {
      formKnown = true;
      if (content.indexOf('=') < 0) {
        columns = header(content, n);
        return new Line(n, raw, null, null, true);
      }
    }
    try {
      return new Line(n, raw, columns != null ? row(content, n) : assignments(content, n), null);
    } catch (BadLine e) {
      return new Line(n, raw, null, e.getMessage());
    }
  }

  /** The header line CSV output starts with: every variable of the model. */
  static String csvHeader(Model model) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < model.variableCount(); i++) {
      sb.append(i == 0 ? "" : ",").append(model.variableName(i));
    }
    return sb.toString();
  }

  /**
   * An answer as one line: CSV values, or {@code name=value} for every variable; named values by
   * name, as input takes them.
   */
  static String answer(Model model, int[] values, boolean csv) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < values.length; i++) {
      if (csv) {
        sb.append(i == 0 ? "" : ",").append(model.valueText(i, values[i]));
      } else {
        sb.append(i == 0 ? "" : " ")
            .append(model.variableName(i))
            .append('=')
            .append(model.valueText(i, values[i]));
      }
    }
    return sb.toString();
  }

  private static final class BadLine extends Exception {
    BadLine(String message) {
      super(message, null, false, false);
    }
  }

  private String where(int line, int column) {
    return lines.name() + ":" + line + ":" + column + ": ";
  }

  private int[] header(String content, int n) {
    List<Integer> vars = new ArrayList<>();
    int start = 0;
    for (String name : content.split(",", -1)) {
      int col = start + leading(name) + 1;
      start += name.length() + 1;
      String trimmed = name.strip();
      int variable;
      try {
        variable = model.variableIndex(trimmed);
      } catch (ModelException | IllegalArgumentException | IndexOutOfBoundsException e) {
        throw new IllegalArgumentException(
            where(n, col)
                + "'"
                + trimmed
                + "' in the CSV header is not a variable of model "
                + model.name()
                + " (a header names variables, e.g. "
                + model.variableName(0)
                + ")");
      }
      if (!model.arrayOf(variable).observed()) {
        throw new IllegalArgumentException(
            where(n, col)
                + "'"
                + trimmed
                + "' is not observed (add: observe "
                + model.arrayOf(variable).name()
                + ";)");
      }
      if (vars.contains(variable)) {
        throw new IllegalArgumentException(
            where(n, col) + "'" + trimmed + "' appears twice in the CSV header");
      }
      vars.add(variable);
    }
    return vars.stream().mapToInt(Integer::intValue).toArray();
  }

  private int[] row(String content, int n) throws BadLine {
    String[] cells = content.split(",", -1);
    if (cells.length != columns.length) {
      throw new BadLine(
          where(n, 1)
              + "this row has "
              + cells.length
              + " values but the header names "
              + columns.length
              + " variables");
    }
    int[] evidence = base.clone();
    int start = 0;
    for (int k = 0; k < cells.length; k++) {
      String cell = cells[k];
      int col = start + leading(cell) + 1;
      start += cell.length() + 1;
      String value = cell.strip();
      if (value.isEmpty() || value.equals("_")) {
        continue;
      }
      String name = model.variableName(columns[k]);
      give(evidence, name + "=" + value, n, col - name.length() - 2, columns[k]);
    }
    return evidence;
  }

  private int[] assignments(String content, int n) throws BadLine {
    int[] evidence = base.clone();
    boolean[] here = new boolean[evidence.length];
    int i = 0;
    while (i < content.length()) {
      if (Character.isWhitespace(content.charAt(i))) {
        i++;
        continue;
      }
      int from = i;
      while (i < content.length() && !Character.isWhitespace(content.charAt(i))) {
        i++;
      }
      int variable = give(evidence, content.substring(from, i), n, from, -1);
      if (here[variable]) {
        throw new BadLine(
            where(n, from + 1) + model.variableName(variable) + " is given twice on this line");
      }
      here[variable] = true;
    }
    return evidence;
  }

  /**
   * Sets in {@code evidence} the value {@code text} (NAME[i]=V) assigns; {@code offset} is where
   * {@code text} would start in the line (0-based), for the column of an error. The variable set.
   */
  private int give(int[] evidence, String text, int n, int offset, int expected) throws BadLine {
    int[] one;
    try {
      one = FgcLanguage.observe(model, Evidence.none(model), text).values();
    } catch (LanguageException e) {
      var d = e.diagnostics().get(0);
      throw new BadLine(where(n, Math.max(1, offset + d.column())) + d.message());
    }
    int variable = expected;
    for (int v = 0; v < one.length && variable < 0; v++) {
      variable = one[v] != Evidence.NONE ? v : -1;
    }
    if (base[variable] != Evidence.NONE) {
      throw new BadLine(
          where(n, offset + 1)
              + model.variableName(variable)
              + " is already given as "
              + base[variable]
              + " by "
              + baseName
              + "; give each variable one value");
    }
    evidence[variable] = one[variable];
    return variable;
  }

  private static int leading(String s) {
    int k = 0;
    while (k < s.length() && Character.isWhitespace(s.charAt(k))) {
      k++;
    }
    return k;
  }
}
