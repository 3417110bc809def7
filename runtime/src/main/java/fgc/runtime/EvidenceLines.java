package fgc.runtime;

import fgc.lang.FgcLanguage;
import fgc.lang.LanguageException;
import fgc.model.Evidence;
import fgc.model.Model;
import fgc.model.ModelException;
import fgc.model.Names;
import java.util.ArrayList;
import java.util.List;

/**
 * Cases of evidence written one per line: the one format of {@code fgc run --input} and of Spark's
 * evidence lines (docs/language.md). A line is in either of two forms, told apart by the first line
 * that holds anything:
 *
 * <ul>
 *   <li>assignments: {@code x[0]=3 y=2}, each written as {@code --observe} and {@link
 *       FgcLanguage#observe} take it, separated by spaces; a variable not named is free, and one
 *       named twice on a line is an error;
 *   <li>CSV: a header row of variable names ({@code x[0],x[1],y}), then one row of values per case,
 *       an empty cell or {@code _} for a free variable.
 * </ul>
 *
 * {@code #} starts a comment; a line with nothing else is not a case. A bad line is an error with
 * its column and a message naming the variable; the lines after it are read as usual. Each case is
 * on top of a base (a data file's values, say), which a line may not give again.
 *
 * <pre>{@code
 * EvidenceLines lines = EvidenceLines.assignments(model);
 * EvidenceLines.Line line = lines.parse("wet=1 rain=0", 1);
 * if (line.isCase()) {
 *   Marginals m = solver.marginals(Evidence.of(model, line.evidence()));
 * }
 * }</pre>
 *
 * <p>Not thread-safe: a reader keeps the form of the lines it has read.
 */
public final class EvidenceLines {
  /** What an input line is. */
  public enum Kind {
    /** A case of evidence. */
    CASE,
    /** A line that is no case: blank, or a comment alone. */
    ECHO,
    /** The CSV header. */
    HEADER,
    /** A bad line: its column and message say why. */
    ERROR
  }

  /**
   * One input line.
   *
   * @param number the line's number (1 for the first)
   * @param text the line as it came
   * @param kind what the line is
   * @param evidence for a case, the whole evidence (the base's values too), one value per variable
   *     or {@link Evidence#NONE}; else null
   * @param column for an error, its column (1 for the first character); else 0
   * @param token for an error in one observation, the observation as written ({@code x[4]=1}); else
   *     null
   * @param message for an error, what is wrong; else null
   */
  public record Line(
      int number,
      String text,
      Kind kind,
      int[] evidence,
      int column,
      String token,
      String message) {
    /**
     * Whether the line is a case of evidence.
     *
     * @return true for {@link Kind#CASE}
     */
    public boolean isCase() {
      return kind == Kind.CASE;
    }

    /**
     * The error as a command line prints it: {@code SOURCE:LINE:COLUMN: MESSAGE}.
     *
     * @param source the input's name
     * @return the positioned message, or null when the line is no error
     */
    public String error(String source) {
      return kind == Kind.ERROR ? source + ":" + number + ":" + column + ": " + message : null;
    }
  }

  private final Model model;
  private final int[] base;
  private final String baseName;
  private final String source;

  /** The CSV header's variables, or null while the form is not known or for assignments. */
  private int[] columns;

  private boolean formKnown;

  private EvidenceLines(
      Model model, int[] base, String baseName, String source, boolean csvAllowed) {
    this.model = model;
    this.base = base;
    this.baseName = baseName;
    this.source = source;
    this.formKnown = !csvAllowed;
  }

  /**
   * The lines of a file: assignments or CSV, each case on top of {@code base}.
   *
   * @param model the model the evidence is for
   * @param base values under every case ({@link Evidence#NONE} where free); a line may not give
   *     them again
   * @param baseName what gives the base's values, for that error ("the data file d.fgd")
   * @param source the input's name, for the error of a bad CSV header
   * @return a reader of that input's lines, in order
   */
  public static EvidenceLines of(Model model, int[] base, String baseName, String source) {
    return new EvidenceLines(model, base.clone(), baseName, source, true);
  }

  /**
   * Lines read one by one, each alone: always assignments, never CSV, over no base.
   *
   * @param model the model the evidence is for
   * @return a reader of such lines
   */
  public static EvidenceLines assignments(Model model) {
    return new EvidenceLines(model, Evidence.none(model).values(), null, null, false);
  }

  /**
   * Whether the input is CSV (known once the first line with content is read).
   *
   * @return true for CSV
   */
  public boolean csv() {
    return columns != null;
  }

  /**
   * The next line of the input.
   *
   * @param raw the line, without its end
   * @param number its number (1 for the first)
   * @return what it is
   * @throws IllegalArgumentException for a bad CSV header ({@code source:line:column: why}): no row
   *     could be read
   */
  public Line parse(String raw, int number) {
    int hash = raw.indexOf('#');
    String content = hash < 0 ? raw : raw.substring(0, hash);
    if (content.isBlank()) {
      return new Line(number, raw, Kind.ECHO, null, 0, null, null);
    }
    if (!formKnown) {
      formKnown = true;
      if (content.indexOf('=') < 0) {
        columns = header(content, number);
        return new Line(number, raw, Kind.HEADER, null, 0, null, null);
      }
    }
    try {
      int[] evidence = columns != null ? row(content) : assignments(content);
      return new Line(number, raw, Kind.CASE, evidence, 0, null, null);
    } catch (BadLine e) {
      return new Line(number, raw, Kind.ERROR, null, e.column, e.token, e.getMessage());
    }
  }

  /**
   * The header line CSV output starts with: every variable of the model.
   *
   * @param model the model
   * @return the variables' names, separated by commas
   */
  public static String csvHeader(Model model) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < model.variableCount(); i++) {
      sb.append(i == 0 ? "" : ",").append(model.variableName(i));
    }
    return sb.toString();
  }

  /**
   * An answer as one line that reads back as evidence: CSV values, or {@code name=value} for every
   * variable, separated by spaces; named values by name, as input takes them.
   *
   * @param model the model
   * @param values one value per variable
   * @param csv whether to write a CSV row
   * @return the line
   */
  public static String answer(Model model, int[] values, boolean csv) {
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

  /** A bad line: its column (1-based), the observation at fault (or null), and why. */
  private static final class BadLine extends Exception {
    private static final long serialVersionUID = 1L;

    final int column;
    final String token;

    BadLine(int column, String token, String message) {
      super(message, null, false, false);
      this.column = column;
      this.token = token;
    }
  }

  private int[] header(String content, int n) {
    List<Integer> vars = new ArrayList<>();
    int start = 0;
    for (String name : content.split(",", -1)) {
      int col = start + leading(name) + 1;
      start += name.length() + 1;
      String trimmed = name.strip();
      String where = source + ":" + n + ":" + col + ": ";
      int variable;
      try {
        variable = model.variableIndex(trimmed);
      } catch (ModelException | IllegalArgumentException | IndexOutOfBoundsException e) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < model.variableCount(); i++) {
          names.add(model.variableName(i));
        }
        String near = Names.didYouMean(trimmed, names);
        throw new IllegalArgumentException(
            where
                + "'"
                + trimmed
                + "' in the CSV header is not a variable of model "
                + model.name()
                + (near.isEmpty()
                    ? " (a header names variables, e.g. " + model.variableName(0) + ")"
                    : near));
      }
      if (!model.arrayOf(variable).observed()) {
        throw new IllegalArgumentException(
            where
                + "'"
                + trimmed
                + "' is not observed (add: observe "
                + model.arrayOf(variable).name()
                + ";)");
      }
      if (vars.contains(variable)) {
        throw new IllegalArgumentException(
            where + "'" + trimmed + "' appears twice in the CSV header");
      }
      vars.add(variable);
    }
    return vars.stream().mapToInt(Integer::intValue).toArray();
  }

  private int[] row(String content) throws BadLine {
    String[] cells = content.split(",", -1);
    if (cells.length != columns.length) {
      throw new BadLine(
          1,
          null,
          "this row has "
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
      give(evidence, name + "=" + value, col - name.length() - 2, columns[k]);
    }
    return evidence;
  }

  private int[] assignments(String content) throws BadLine {
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
      String text = content.substring(from, i);
      int variable = give(evidence, text, from, -1);
      if (here[variable]) {
        throw new BadLine(
            from + 1, text, model.variableName(variable) + " is given twice on this line");
      }
      here[variable] = true;
    }
    return evidence;
  }

  /**
   * Sets in {@code evidence} the value {@code text} (NAME[i]=V) assigns; {@code offset} is where
   * {@code text} would start in the line (0-based), for the column of an error. The variable set.
   */
  private int give(int[] evidence, String text, int offset, int expected) throws BadLine {
    int[] one;
    try {
      one = FgcLanguage.observe(model, Evidence.none(model), text).values();
    } catch (LanguageException e) {
      var d = e.diagnostics().get(0);
      throw new BadLine(Math.max(1, offset + d.column()), text, d.message());
    }
    int variable = expected;
    for (int v = 0; v < one.length && variable < 0; v++) {
      variable = one[v] != Evidence.NONE ? v : -1;
    }
    if (base[variable] != Evidence.NONE) {
      throw new BadLine(
          offset + 1,
          text,
          model.variableName(variable)
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
