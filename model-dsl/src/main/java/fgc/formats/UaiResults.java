package fgc.formats;

import fgc.model.DecimalText;
import fgc.model.Domain;
import fgc.model.Model;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The UAI competitions' result files: the task's name on the first line, then its solution. {@code
 * MAR}: the number of variables, then for each its cardinality and its probabilities; {@code PR}:
 * log10 of the partition function (of the probability of the evidence); {@code MPE}: the number of
 * variables and one value index each. A file may hold several solutions, each after a {@code
 * -BEGIN-} line; the last one counts. Written here from fgc's answers, read here from reference
 * answers (the {@code .MAR} and {@code .PR} files that come with instances). Values are value
 * indices ({@code value - lo}), as in {@link UaiFormat#write(Model)}; numbers are written in their
 * shortest round-trip form.
 */
public final class UaiResults {
  private UaiResults() {}

  /**
   * A MAR result: {@code marginals[i][v]} is P(variable i has value index v).
   *
   * @param model the model the marginals are of
   * @param marginals one row per variable
   * @return the MAR text
   */
  public static String mar(Model model, double[][] marginals) {
    if (marginals.length != model.variableCount()) {
      throw new IllegalArgumentException(
          marginals.length + " marginals for " + model.variableCount() + " variables");
    }
    Domain[] domains = UaiWriter.domains(model);
    StringBuilder sb = new StringBuilder("MAR\n").append(marginals.length);
    for (int i = 0; i < marginals.length; i++) {
      if (marginals[i].length != domains[i].size()) {
        throw new IllegalArgumentException(
            "the marginal of "
                + model.variableName(i)
                + " has "
                + marginals[i].length
                + " values; its domain has "
                + domains[i].size());
      }
      sb.append(' ').append(marginals[i].length);
      for (double p : marginals[i]) {
        if (!(p >= 0 && p <= 1)) {
          throw new IllegalArgumentException(
              "the marginal of " + model.variableName(i) + " holds " + p + ", not a probability");
        }
        sb.append(' ').append(DecimalText.of(p));
      }
    }
    return sb.append('\n').toString();
  }

  /**
   * A PR result: {@code log10Z} is log10 of Z (natural log Z divided by ln 10); minus infinity is
   * written {@code -inf}.
   *
   * @param log10Z the logarithm of the partition function, base 10
   * @return the PR text
   */
  public static String pr(double log10Z) {
    if (Double.isNaN(log10Z) || log10Z == Double.POSITIVE_INFINITY) {
      throw new IllegalArgumentException("log10 Z is " + log10Z);
    }
    return "PR\n" + (log10Z == Double.NEGATIVE_INFINITY ? "-inf" : DecimalText.of(log10Z)) + "\n";
  }

  /**
   * An MPE result: {@code values} holds one domain value per variable, written as its value index.
   *
   * @param model the model the values are of
   * @param values one domain value per variable
   * @return the MPE text
   */
  public static String mpe(Model model, int[] values) {
    if (values.length != model.variableCount()) {
      throw new IllegalArgumentException(
          values.length + " values for " + model.variableCount() + " variables");
    }
    Domain[] domains = UaiWriter.domains(model);
    StringBuilder sb = new StringBuilder("MPE\n").append(values.length);
    for (int i = 0; i < values.length; i++) {
      if (!domains[i].contains(values[i])) {
        throw new IllegalArgumentException(
            model.variableName(i) + " = " + values[i] + " is outside its domain " + domains[i]);
      }
      sb.append(' ').append(values[i] - domains[i].lo());
    }
    return sb.append('\n').toString();
  }

  /**
   * The marginals of a MAR file: {@code [i][v]}, one row per variable, as long as its cardinality.
   *
   * @param file the MAR file
   * @return the marginals
   */
  public static double[][] readMar(Path file) {
    return mar(SourceText.read(file));
  }

  /**
   * The marginals of MAR text, as {@link #readMar}.
   *
   * @param sourceName the name errors give the source, such as its file name
   * @param text the MAR text
   * @return the marginals
   */
  public static double[][] parseMar(String sourceName, String text) {
    return mar(new SourceText(sourceName, text));
  }

  /**
   * The log10 Z of a PR file ({@code -inf} is minus infinity).
   *
   * @param file the PR file
   * @return log10 of Z
   */
  public static double readPr(Path file) {
    return pr(SourceText.read(file));
  }

  /**
   * The log10 Z of PR text, as {@link #readPr}.
   *
   * @param sourceName the name errors give the source, such as its file name
   * @param text the PR text
   * @return log10 of Z
   */
  public static double parsePr(String sourceName, String text) {
    return pr(new SourceText(sourceName, text));
  }

  /**
   * The value indices of an MPE file.
   *
   * @param sourceName the name errors give the source, such as its file name
   * @param text the MPE text
   * @return the value indices, one per variable
   */
  public static int[] parseMpe(String sourceName, String text) {
    Reader r = new Reader(new SourceText(sourceName, text), "MPE");
    int n = r.count("the number of variables");
    int[] values = new int[n];
    for (int i = 0; i < n; i++) {
      values[i] = r.count("the value of variable " + i);
    }
    r.end();
    return values;
  }

  private static double[][] mar(SourceText src) {
    Reader r = new Reader(src, "MAR");
    int n = r.count("the number of variables");
    double[][] out = new double[n][];
    for (int i = 0; i < n; i++) {
      int card = r.count("the cardinality of variable " + i);
      if (card < 1) {
        throw src.error(r.lastStart(), "variable " + i + " has cardinality 0");
      }
      out[i] = new double[card];
      for (int v = 0; v < card; v++) {
        out[i][v] = r.number("P(variable " + i + " = " + v + ")", false);
      }
    }
    r.end();
    return out;
  }

  private static double pr(SourceText src) {
    Reader r = new Reader(src, "PR");
    double log10 = r.number("log10 Z", true);
    r.end();
    return log10;
  }

  /** The tokens of the last solution, after checking the task line. */
  private static final class Reader {
    private final SourceText src;
    private final List<Integer> starts = new ArrayList<>();
    private final List<String> texts = new ArrayList<>();
    private int next;
    private int end;

    Reader(SourceText src, String task) {
      this.src = src;
      String text = src.text();
      for (int i = 0; i < text.length(); ) {
        if (Character.isWhitespace(text.charAt(i))) {
          i++;
          continue;
        }
        int start = i;
        while (i < text.length() && !Character.isWhitespace(text.charAt(i))) {
          i++;
        }
        starts.add(start);
        texts.add(text.substring(start, i));
        end = i;
      }
      if (texts.isEmpty() || !texts.get(0).equals(task)) {
        throw src.error(
            texts.isEmpty() ? 0 : starts.get(0),
            "expected the task name "
                + task
                + " but found "
                + (texts.isEmpty() ? "an empty file" : SourceText.quote(texts.get(0))));
      }
      next = texts.lastIndexOf("-BEGIN-") + 1; // the last solution counts
      next = Math.max(next, 1);
    }

    int lastStart() {
      return starts.get(next - 1);
    }

    private String take(String what) {
      if (next >= texts.size()) {
        throw src.error(end, "the file ends where " + what + " should be");
      }
      return texts.get(next++);
    }

    int count(String what) {
      String t = take(what);
      if (!SourceText.isNatural(t) || t.length() > 9) {
        throw src.error(
            lastStart(), "expected " + what + " (a whole number) but found " + SourceText.quote(t));
      }
      return Integer.parseInt(t);
    }

    double number(String what, boolean minusInfinity) {
      String t = take(what);
      if (minusInfinity && (t.equalsIgnoreCase("-inf") || t.equalsIgnoreCase("-infinity"))) {
        return Double.NEGATIVE_INFINITY;
      }
      if (!SourceText.isDecimal(t)) {
        throw src.error(
            lastStart(), "expected " + what + " (a number) but found " + SourceText.quote(t));
      }
      double v = Double.parseDouble(t);
      if (Double.isInfinite(v) || (!minusInfinity && (v < 0 || v > 1))) {
        throw src.error(
            lastStart(),
            what + " is " + t + ", not " + (minusInfinity ? "a finite number" : "a probability"));
      }
      return v;
    }

    void end() {
      if (next < texts.size()) {
        throw src.error(
            starts.get(next),
            "unexpected " + SourceText.quote(texts.get(next)) + " after the solution");
      }
    }
  }
}
