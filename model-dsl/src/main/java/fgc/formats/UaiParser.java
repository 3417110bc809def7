package fgc.formats;

import fgc.model.Domain;
import fgc.model.Evidence;
import fgc.model.Limits;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.ModelException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads UAI model and evidence text. Tokens are runs of non-blank characters; a line whose first
 * non-blank character is {@code c} is a comment (UAI 2016). Line breaks carry no meaning, except
 * that they tell the two evidence formats apart when the token count alone cannot. Everything is
 * checked before the model is built, so an error never leaves a partial model behind.
 */
final class UaiParser {
  private final SourceText src;
  private int pos;
  private int tokenStart;
  private String token;
  private int lastEnd;

  private UaiParser(SourceText src) {
    this.src = src;
  }

  static UaiModel model(SourceText src) {
    return new UaiParser(src).model();
  }

  static List<Evidence> evidenceSamples(SourceText src, UaiModel model) {
    return new UaiParser(src).evidence(model);
  }

  // ---- tokens ----

  /** Moves to the next token; false at the end of the text. */
  private boolean advance() {
    int n = src.length();
    boolean lineStart = pos == 0 || isLineEnd(src.charAt(pos - 1));
    while (pos < n) {
      char c = src.charAt(pos);
      if (isLineEnd(c)) {
        lineStart = true;
        pos++;
      } else if (c == ' ' || c == '\t' || c == '\f') {
        pos++;
      } else if (lineStart && c == 'c') {
        while (pos < n && !isLineEnd(src.charAt(pos))) {
          pos++;
        }
      } else {
        break;
      }
    }
    if (pos >= n) {
      token = null;
      tokenStart = n;
      return false;
    }
    tokenStart = pos;
    while (pos < n && !isBlank(src.charAt(pos))) {
      pos++;
    }
    token = src.text().substring(tokenStart, pos);
    lastEnd = pos;
    return true;
  }

  private static boolean isLineEnd(char c) {
    return c == '\n' || c == '\r';
  }

  private static boolean isBlank(char c) {
    return c == ' ' || c == '\t' || c == '\f' || c == '\n' || c == '\r';
  }

  /** The next token, or an error just after the last one saying what the file still lacked. */
  private String next(String expected) {
    if (!advance()) {
      throw src.error(lastEnd, "the file ends where " + expected + " should be");
    }
    return token;
  }

  /** The next token as an integer in {@code min..max}; {@code what} names it in errors. */
  private int natural(String what, long min, long max, String why) {
    String t = next(what);
    if (!SourceText.isNatural(t)) {
      throw src.error(
          tokenStart, "expected " + what + " (a whole number) but found " + SourceText.quote(t));
    }
    long v = t.length() > 12 ? Long.MAX_VALUE : Long.parseLong(t);
    if (v < min || v > max) {
      throw src.error(
          tokenStart, what + " is " + (v == Long.MAX_VALUE ? t : Long.toString(v)) + "; " + why);
    }
    return (int) v;
  }

  // ---- the model ----

  private UaiModel model() {
    String typeWord = next("the network type (MARKOV or BAYES)");
    UaiModel.Type type;
    if (typeWord.equalsIgnoreCase("MARKOV")) {
      type = UaiModel.Type.MARKOV;
    } else if (typeWord.equalsIgnoreCase("BAYES")) {
      type = UaiModel.Type.BAYES;
    } else {
      throw src.error(
          tokenStart,
          "expected the network type MARKOV or BAYES but found " + SourceText.quote(typeWord));
    }
    int n =
        natural(
            "the number of variables",
            1,
            Limits.MAX_VARIABLES,
            "it must be 1.." + Limits.MAX_VARIABLES + " (fgc's limit)");
    int[] cards = new int[n];
    for (int i = 0; i < n; i++) {
      cards[i] =
          natural(
              "the cardinality of variable " + i,
              1,
              Limits.MAX_DOMAIN,
              "it must be 1.." + Limits.MAX_DOMAIN + " (fgc's limit for one variable)");
    }
    int functionCount =
        natural(
            "the number of functions",
            0,
            Limits.MAX_FACTORS,
            "it must be at most " + Limits.MAX_FACTORS + " (fgc's limit)");
    List<int[]> scopes = new ArrayList<>();
    int[] scopeAt = new int[functionCount];
    for (int f = 0; f < functionCount; f++) {
      int arity =
          natural(
              "the scope size of function " + f,
              0,
              Limits.MAX_ARITY,
              "it must be at most " + Limits.MAX_ARITY + " (fgc's limit)");
      scopeAt[f] = tokenStart;
      if (arity == 0) {
        throw src.error(
            tokenStart,
            "function " + f + " has an empty scope: a constant, which fgc's model does not hold");
      }
      int[] scope = new int[arity];
      long entries = 1;
      for (int k = 0; k < arity; k++) {
        scope[k] =
            natural(
                "variable " + (k + 1) + " of function " + f + "'s scope",
                0,
                n - 1,
                "variables are numbered 0.." + (n - 1));
        for (int j = 0; j < k; j++) {
          if (scope[j] == scope[k]) {
            throw src.error(
                tokenStart,
                "function " + f + " lists variable " + scope[k] + " twice in its scope");
          }
        }
        entries *= cards[scope[k]];
        if (entries > Limits.MAX_TABLE_ENTRIES) {
          throw src.error(
              scopeAt[f],
              "function "
                  + f
                  + "'s table has more than "
                  + Limits.MAX_TABLE_ENTRIES
                  + " entries, fgc's limit for one table");
        }
      }
      scopes.add(scope);
    }
    List<double[]> tables = new ArrayList<>();
    for (int f = 0; f < functionCount; f++) {
      int[] scope = scopes.get(f);
      int entries = 1;
      for (int v : scope) {
        entries *= cards[v];
      }
      int count =
          natural(
              "the entry count of function " + f + "'s table",
              0,
              Integer.MAX_VALUE,
              "it is too large");
      int countAt = tokenStart;
      if (count != entries) {
        throw src.error(
            countAt,
            "function "
                + f
                + "'s table has "
                + count
                + " entries, but its scope ("
                + describe(scope, cards)
                + ") needs "
                + entries);
      }
      double[] weights = new double[entries];
      boolean positive = false;
      for (int e = 0; e < entries; e++) {
        String t =
            next("entry " + (e + 1) + " of function " + f + "'s table (" + entries + " entries)");
        if (!SourceText.isDecimal(t)) {
          throw src.error(
              tokenStart,
              "expected a number (entry "
                  + (e + 1)
                  + " of function "
                  + f
                  + "'s table) but found "
                  + SourceText.quote(t));
        }
        double w = Double.parseDouble(t);
        if (!(w >= 0) || Double.isInfinite(w) || SourceText.underflows(t, w)) {
          throw src.error(
              tokenStart,
              "entry "
                  + (e + 1)
                  + " of function "
                  + f
                  + "'s table is "
                  + t
                  + (w < 0
                      ? "; entries must not be negative"
                      : w > 0
                          ? "; entries must be finite"
                          : ", too small for a double: it would be read as 0"));
        }
        weights[e] = w == 0.0 ? 0.0 : w;
        positive |= w > 0;
      }
      if (!positive) {
        throw src.error(
            countAt, "function " + f + "'s table is all zeros: no assignment would be possible");
      }
      tables.add(weights);
    }
    if (advance()) {
      throw src.error(
          tokenStart,
          "unexpected "
              + SourceText.quote(token)
              + " after the last function table (the file declares "
              + functionCount
              + " functions)");
    }
    return new UaiModel(build(n, cards, scopes, tables, scopeAt), type, src.name(), cards);
  }

  private Model build(
      int n, int[] cards, List<int[]> scopes, List<double[]> tables, int[] scopeAt) {
    ModelBuilder b = Model.builder(SourceText.modelName(src.name(), "uai"));
    try {
      // One scalar per variable, in order, so flat index i is UAI variable i and is called xi
      // whatever the cardinalities: --observe x7=1 means UAI variable 7.
      Domain[] domains =
          new Domain[Limits.MAX_DOMAIN + 1]; // one per cardinality, shared by its variables
      for (int i = 0; i < n; i++) {
        if (domains[cards[i]] == null) {
          domains[cards[i]] = Domain.range(0, cards[i] - 1);
        }
        b.variables("x" + i, domains[cards[i]]);
        b.observe("x" + i);
      }
    } catch (ModelException e) {
      throw src.error(
          0, e.getMessage()); // cannot happen: every count was checked against the limits
    }
    for (int f = 0; f < scopes.size(); f++) {
      try {
        b.table(scopes.get(f), tables.get(f));
      } catch (ModelException e) {
        throw src.error(scopeAt[f], "function " + f + ": " + e.getMessage());
      }
    }
    return b.build();
  }

  private static String describe(int[] scope, int[] cards) {
    StringBuilder sb = new StringBuilder();
    for (int k = 0; k < scope.length; k++) {
      sb.append(k == 0 ? "" : " x ").append(cards[scope[k]]);
    }
    return sb.append(scope.length == 1 ? " values" : "").toString();
  }

  // ---- evidence ----

  /**
   * The samples of an evidence file. The current format is one sample: the number of observed
   * variables, then variable-value pairs. The old format (UAI 2008-2011) puts the number of samples
   * first, on a line of its own, then one such sample per line. A file is read in the format its
   * token count fits; when it fits both, a count alone on the first line means the old format.
   */
  private List<Evidence> evidence(UaiModel model) {
    List<String> tokens = new ArrayList<>();
    List<Integer> starts = new ArrayList<>();
    while (advance()) {
      tokens.add(token);
      starts.add(tokenStart);
    }
    if (tokens.isEmpty()) {
      throw src.error(
          0,
          "the evidence file is empty; it should give the number of observed variables (0 for"
              + " none)");
    }
    Tokens t = new Tokens(tokens, starts);
    long first = t.natural(0, "the number of observed variables");
    boolean newFits = tokens.size() == 1 + 2 * first;
    boolean firstAlone = tokens.size() > 1 && lineEndBetween(starts.get(0), starts.get(1));
    boolean oldFits = first >= 1 && oldFormatFits(t);
    if (firstAlone && (oldFits || !newFits)) {
      List<Evidence> samples = new ArrayList<>();
      int at = 1;
      for (long s = 0; s < first; s++) {
        at = sample(t, at, model, "sample " + (s + 1) + " of " + tokens.get(0), samples);
      }
      if (at < tokens.size()) {
        throw src.error(
            starts.get(at),
            "unexpected "
                + SourceText.quote(tokens.get(at))
                + " after the last of the "
                + tokens.get(0)
                + " evidence samples the file declares");
      }
      return samples;
    }
    List<Evidence> one = new ArrayList<>();
    int at = sample(t, 0, model, "the evidence", one);
    if (at < tokens.size()) {
      throw src.error(
          starts.get(at),
          "unexpected "
              + SourceText.quote(tokens.get(at))
              + " after the "
              + tokens.get(0)
              + " observed variables the file declares");
    }
    return one;
  }

  private boolean lineEndBetween(int from, int to) {
    for (int i = from; i < to; i++) {
      if (isLineEnd(src.charAt(i))) {
        return true;
      }
    }
    return false;
  }

  private static boolean oldFormatFits(Tokens t) {
    long samples = Long.parseLong(t.text(0).length() > 12 ? "0" : t.text(0));
    int at = 1;
    for (long s = 0; s < samples; s++) {
      if (at >= t.size() || !SourceText.isNatural(t.text(at)) || t.text(at).length() > 9) {
        return false;
      }
      at += 1 + 2 * Integer.parseInt(t.text(at));
      if (at > t.size()) {
        return false;
      }
    }
    return at == t.size();
  }

  /** Reads one sample (count, then pairs) from token {@code at}; returns the index after it. */
  private int sample(Tokens t, int at, UaiModel model, String what, List<Evidence> out) {
    int n = model.variableCount();
    long count = t.natural(at, "the number of observed variables in " + what);
    if (count > n) {
      // The count as written: a number past a long's range is not shown as a long's largest.
      throw src.error(
          t.start(at),
          what + " observes " + t.text(at) + " variables, but the model has only " + n);
    }
    int[] values = Evidence.none(model.model()).values();
    int[] seenAt = new int[n];
    Arrays.fill(seenAt, -1);
    at++;
    for (int k = 0; k < count; k++) {
      if (at + 1 >= t.size()) {
        throw src.error(
            at < t.size() ? t.end(at) : t.end(t.size() - 1),
            "the file ends where observation "
                + (k + 1)
                + " of "
                + count
                + " in "
                + what
                + " should be (a variable and its value)");
      }
      long v = t.natural(at, "a variable number");
      if (v >= n) {
        throw src.error(
            t.start(at),
            "variable " + v + " is not in the model; variables are numbered 0.." + (n - 1));
      }
      int variable = (int) v;
      if (seenAt[variable] >= 0) {
        throw src.error(t.start(at), "variable " + variable + " is observed twice in " + what);
      }
      seenAt[variable] = at;
      long value = t.natural(at + 1, "the value of variable " + variable);
      int card = model.cardinality(variable);
      if (value >= card) {
        throw src.error(
            t.start(at + 1),
            "variable "
                + variable
                + " = "
                + value
                + " is out of range: it has "
                + card
                + " values, 0.."
                + (card - 1));
      }
      values[model.modelIndex(variable)] = (int) value;
      at += 2;
    }
    try {
      out.add(Evidence.of(model.model(), values));
    } catch (ModelException e) {
      throw src.error(
          t.start(0),
          e.getMessage()); // cannot happen: every array is observed, every value was checked
    }
    return at;
  }

  /** The tokens of an evidence file, with their offsets, for reading in either format. */
  private final class Tokens {
    private final List<String> texts;
    private final List<Integer> starts;

    Tokens(List<String> texts, List<Integer> starts) {
      this.texts = texts;
      this.starts = starts;
    }

    int size() {
      return texts.size();
    }

    String text(int i) {
      return texts.get(i);
    }

    int start(int i) {
      return starts.get(i);
    }

    int end(int i) {
      return starts.get(i) + texts.get(i).length();
    }

    long natural(int i, String what) {
      if (i >= texts.size()) {
        throw src.error(end(texts.size() - 1), "the file ends where " + what + " should be");
      }
      String s = texts.get(i);
      if (!SourceText.isNatural(s)) {
        throw src.error(
            starts.get(i),
            "expected " + what + " (a whole number) but found " + SourceText.quote(s));
      }
      return s.length() > 12 ? Long.MAX_VALUE : Long.parseLong(s);
    }
  }
}
