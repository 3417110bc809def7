package fgc.model;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A model's canonical text, written and read back here and nowhere else: the stable identity the
 * compiler's cache key is built on, and what a cache entry's key material stores, so that the
 * runtime can check an entry against its model without the model's source.
 *
 * <p>One line per array and per family ({@link Model#families()}), in declaration order, integers
 * in decimal, LF line ends, no locale or platform dependence. A family's line is its first factor's
 * kind and scope, then for each of its dimensions, outermost first, {@code x COUNT step S1 S2 ...}
 * (one step per scope position); a sum adds {@code = total}; a table or prior adds {@code : w1 w2
 * ...}, each weight in its shortest round-trip form ({@link DecimalText}, as {@link
 * Double#toString} writes it), so equal weights always print alike, or, for a table computed from a
 * relation or weight formula, {@code ~ formula} when that is the shorter ({@link Formula#text()},
 * variables numbered by scope position); a linear factor adds {@code : CMP C1 C2 ...}. Each
 * distinct such data part is written once, where it first appears, and numbered in that order from
 * 0; a later family with the same part writes {@code @k} instead. So a grid's two million couplings
 * of one formula take two lines. Two models are the same model for the compiler exactly when their
 * canonical texts are equal.
 *
 * <p>The name is left out: it changes neither the plan nor the solver, and a model copied into a
 * file of another name should find the solver it already has. So are the names of values ({@link
 * VariableArray#labels()}, a Bayesian network's states): a value is its index to every solver, and
 * a network whose states are renamed is the same network to solve.
 *
 * <p>{@link #read} builds the model again through {@link ModelBuilder}, so every rule of a model
 * holds again, and families come back as families, not factor by factor.
 */
public final class CanonicalText {
  /**
   * Bumped whenever the format changes, so old cache keys never match new text: 2 left the model's
   * name out; 3 writes each distinct table or formula once and runs of factors that differ only by
   * a step in their scopes as one line; 4 writes each family of any number of dimensions as one
   * line.
   */
  public static final int FORMAT = 4;

  private CanonicalText() {}

  /**
   * The model's canonical text.
   *
   * @param model the model
   * @return its canonical text
   */
  public static String of(Model model) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(256);
    try {
      write(model, out);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a byte array does not fail
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  /**
   * Writes the model's canonical text as UTF-8 to {@code out}, without holding it in memory: the
   * cache key is the SHA-256 of these bytes (after a short header), fed as they are written.
   *
   * @param model the model
   * @param out where the bytes go
   * @throws IOException when {@code out} fails
   */
  public static void write(Model model, OutputStream out) throws IOException {
    CanonicalWriter w = new CanonicalWriter(out);
    w.text("fgc-model ").number(FORMAT).newline();
    for (VariableArray a : model.arrays()) {
      w.text("var ").text(a.name());
      for (int d : a.dims()) {
        w.space().number(d);
      }
      w.text(" in ").number(a.domain().lo()).text("..").number(a.domain().hi());
      w.text(a.observed() ? " observed" : " latent").newline();
      // a.labels() is left out on purpose: names of values change no plan and no solver.
    }
    Map<String, Integer> parts = new HashMap<>();
    for (FactorFamily family : model.families()) {
      Factor f = family.first();
      w.text(f.kind().keyword());
      for (int i = 0; i < f.arity(); i++) {
        w.space().number(f.variable(i));
      }
      for (int d = 0; d < family.dimensions(); d++) {
        w.text(" x ").number(family.count(d)).text(" step");
        for (int i = 0; i < f.arity(); i++) {
          w.space().number(family.step(d, i));
        }
      }
      if (f.kind() == FactorKind.SUM || f.kind() == FactorKind.LINEAR) {
        w.text(" = ").number(f.total());
      }
      String part = dataPart(f);
      if (part != null) {
        Integer seen = parts.putIfAbsent(part, parts.size());
        if (seen != null) {
          w.text(" @").number(seen);
        } else {
          w.text(part);
        }
      }
      w.newline();
    }
    w.text("end\n").flush();
  }

  /**
   * The factor's data part as its first occurrence writes it ({@code " ~ formula"} or {@code " : w1
   * w2 ..."}), or null.
   */
  private static String dataPart(Factor f) {
    if (f.writtenAsFormula()) {
      return " ~ "
          + f.formula().get().text(); // shorter than its table: the key does not grow with it
    }
    if (f.kind() == FactorKind.LINEAR) {
      // The comparison, then one coefficient per scope position: a loop's factors share it.
      StringBuilder sb = new StringBuilder(" : ").append(f.comparison().symbol());
      for (int p = 0; p < f.arity(); p++) {
        sb.append(' ').append(f.coefficient(p));
      }
      return sb.toString();
    }
    if (!f.kind().weighted()) {
      return null;
    }
    StringBuilder sb = new StringBuilder(2 + 8 * f.weightCount());
    sb.append(" :");
    for (int k = 0; k < f.weightCount(); k++) {
      sb.append(' ').append(DecimalText.of(f.weight(k))); // shortest text that round-trips exactly
    }
    return sb.toString();
  }

  /** Text into bytes, buffered: ASCII written directly, anything else as UTF-8. */
  private static final class CanonicalWriter {
    private final OutputStream out;
    private final byte[] buffer = new byte[8192];
    private int at;

    CanonicalWriter(OutputStream out) {
      this.out = out;
    }

    CanonicalWriter text(String s) throws IOException {
      int length = s.length();
      for (int i = 0; i < length; i++) {
        char c = s.charAt(i);
        if (c >= 0x80) {
          byte[] bytes = s.substring(i).getBytes(StandardCharsets.UTF_8);
          for (byte b : bytes) {
            put(b);
          }
          return this;
        }
        put((byte) c);
      }
      return this;
    }

    CanonicalWriter number(long v) throws IOException {
      if (v < 0) {
        put((byte) '-');
        if (v == Long.MIN_VALUE) {
          return text(Long.toString(v).substring(1));
        }
        v = -v;
      }
      if (v >= 10) {
        number(v / 10);
      }
      put((byte) ('0' + (int) (v % 10)));
      return this;
    }

    CanonicalWriter space() throws IOException {
      put((byte) ' ');
      return this;
    }

    CanonicalWriter newline() throws IOException {
      put((byte) '\n');
      return this;
    }

    private void put(byte b) throws IOException {
      if (at == buffer.length) {
        out.write(buffer, 0, at);
        at = 0;
      }
      buffer[at++] = b;
    }

    void flush() throws IOException {
      out.write(buffer, 0, at);
      at = 0;
      out.flush();
    }
  }

  /**
   * Reads a canonical text back from {@code lines[from]} (its {@code fgc-model} line) to its {@code
   * end} line, which must be followed by nothing but the final line break.
   *
   * @param lines the text split at {@code \n}, kept whole (trailing empty string included)
   * @param from where the model's first line is
   * @param name the name the model read back takes (the text has none)
   * @return the model
   * @throws IllegalArgumentException {@code line N: why}, N counted from 1 in {@code lines}, when a
   *     line is not as written or the model breaks a rule of models
   */
  public static Model read(String[] lines, int from, String name) {
    int at = from;
    try {
      if (at >= lines.length || !lines[at].equals("fgc-model " + FORMAT)) {
        throw new IllegalArgumentException("not model format " + FORMAT);
      }
      at++;
      ModelBuilder b = Model.builder(name);
      List<String> observed = new ArrayList<>();
      for (; at < lines.length && lines[at].startsWith("var "); at++) {
        variables(b, lines[at], observed);
      }
      for (String array : observed) {
        b.observe(array);
      }
      List<String> parts = new ArrayList<>();
      for (; at < lines.length && !lines[at].equals("end"); at++) {
        factors(b, lines[at], parts);
      }
      if (at != lines.length - 2 || !lines[at + 1].isEmpty()) {
        throw new IllegalArgumentException("the model does not end with 'end'");
      }
      return b.build();
    } catch (RuntimeException e) {
      String why =
          e instanceof ModelException || e instanceof IllegalArgumentException
              ? e.getMessage()
              : e.toString();
      throw new IllegalArgumentException("line " + Math.min(at + 1, lines.length) + ": " + why, e);
    }
  }

  /** {@code var NAME [DIM...] in LO..HI observed|latent}; an observed array's name is noted. */
  private static void variables(ModelBuilder b, String line, List<String> observed) {
    // The name is the second word whatever it is (a BIF variable may be called "in"); the
    // dimensions are numbers, so the first "in" after the name is the keyword.
    String[] w = line.split(" ", -1);
    int in = 2;
    while (in < w.length && !w[in].equals("in")) {
      in++;
    }
    if (w.length < 3 || in + 2 >= w.length) {
      throw new IllegalArgumentException(
          "a variable line is 'var NAME DIM... in LO..HI observed|latent'");
    }
    int[] dims = new int[in - 2];
    for (int d = 0; d < dims.length; d++) {
      dims[d] = Integer.parseInt(w[2 + d]);
    }
    String[] range = w[in + 1].split("\\.\\.", -1);
    b.variables(w[1], Domain.range(Integer.parseInt(range[0]), Integer.parseInt(range[1])), dims);
    if (w[in + 2].equals("observed")) {
      observed.add(w[1]);
    } else if (!w[in + 2].equals("latent") || w.length != in + 3) {
      throw new IllegalArgumentException("a variable line ends neither 'observed' nor 'latent'");
    }
  }

  /**
   * One family of factors: {@code KIND V1 V2 ... [x COUNT step S1 S2 ...]... [= TOTAL] [PART]},
   * where {@code PART} is {@code : W1 W2 ...} (a linear factor's {@code : CMP C1 C2 ...}), {@code ~
   * FORMULA} or {@code @K}, the K-th part written in full before (numbered from 0 in the order they
   * appear, as {@link #write} numbers them).
   */
  private static void factors(ModelBuilder b, String line, List<String> parts) {
    String head = line;
    String part = null;
    int tilde = line.indexOf(" ~ ");
    int colon = line.indexOf(" :");
    int ref = line.indexOf(" @");
    int cut = tilde >= 0 ? tilde : colon >= 0 ? colon : ref;
    if (cut >= 0) {
      head = line.substring(0, cut);
      part = line.substring(cut);
      if (cut == ref && tilde < 0 && colon < 0) {
        int k = Integer.parseInt(part.substring(2));
        if (k < 0 || k >= parts.size()) {
          throw new IllegalArgumentException(
              "@" + k + " names no part written before (" + parts.size() + " so far)");
        }
        part = parts.get(k);
      } else {
        parts.add(part);
      }
    }
    String[] w = head.split(" ");
    int repeat = indexOf(w, "x");
    int equals = indexOf(w, "=");
    int end = repeat >= 0 ? repeat : equals >= 0 ? equals : w.length;
    int[] first = new int[end - 1];
    for (int k = 0; k < first.length; k++) {
      first[k] = Integer.parseInt(w[1 + k]);
    }
    // x COUNT step S1 S2 ..., once per dimension, outermost first
    List<int[]> steps = new ArrayList<>();
    List<Integer> counts = new ArrayList<>();
    int at = end;
    int stop = equals >= 0 ? equals : w.length;
    while (at < stop) {
      if (!w[at].equals("x") || at + 3 + first.length > stop || !w[at + 2].equals("step")) {
        throw new IllegalArgumentException(
            "a family's dimension is 'x COUNT step S1 ...', one step per variable of the scope");
      }
      int count = Integer.parseInt(w[at + 1]);
      if (count < 2) {
        throw new IllegalArgumentException(
            "a family's dimension has at least 2 members, not " + count);
      }
      int[] step = new int[first.length];
      for (int k = 0; k < step.length; k++) {
        step[k] = Integer.parseInt(w[at + 3 + k]);
      }
      counts.add(count);
      steps.add(step);
      at += 3 + first.length;
    }
    if (at != stop) {
      throw new IllegalArgumentException("a family needs one step per variable of the scope");
    }
    long total = equals >= 0 ? Long.parseLong(w[equals + 1]) : 0;
    if (equals >= 0 && equals + 2 != w.length) {
      throw new IllegalArgumentException("the total is one number");
    }
    factor(b, w[0], first, total, part);
    if (counts.isEmpty()) {
      return;
    }
    int[] c = counts.stream().mapToInt(Integer::intValue).toArray();
    int[][] st = steps.toArray(new int[0][]);
    if (movesAlike(st)) {
      try {
        b.repeatLast(c, st); // read back as the family it is, not factor by factor
        return;
      } catch (ModelException e) {
        // a family that runs from one array into the next (scalars declared one by one): below
      }
    }
    // Positions that move by different steps (factors listed one by one in the source), or across
    // arrays: each member is added as it is, and checked as any factor is.
    long members = 1;
    for (int n : c) {
      members = Math.multiplyExact(members, n);
    }
    for (long m = 1; m < members; m++) {
      int[] scope = first.clone();
      long rest = m;
      for (int d = c.length - 1; d >= 0; d--) {
        long i = rest % c[d];
        rest /= c[d];
        for (int k = 0; k < scope.length; k++) {
          scope[k] = Math.toIntExact(scope[k] + i * st[d][k]);
        }
      }
      factor(b, w[0], scope, total, part);
    }
  }

  /** Whether every scope position moves by the same step in each dimension. */
  private static boolean movesAlike(int[][] steps) {
    for (int[] step : steps) {
      for (int s : step) {
        if (s != step[0]) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * One factor of kind {@code kind} over {@code scope}; {@code part} is its data as written in
   * full, or null.
   */
  private static void factor(ModelBuilder b, String kind, int[] scope, long total, String part) {
    if (part != null && part.startsWith(" ~ ")) {
      // A table computed from a relation or weight formula is written as the formula, over the
      // positions of its scope ($0, $1, ...): read back, it is the weight formula over the scope.
      if (!kind.equals("table")) {
        throw new IllegalArgumentException("only a table is written as a formula, not " + kind);
      }
      b.weight(scope, new FormulaReader(part.substring(3), scope).whole());
      return;
    }
    if (kind.equals("linear")) {
      linear(b, scope, total, part);
      return;
    }
    double[] weights = new double[0];
    if (part != null) {
      String[] w = part.substring(2).trim().split(" ");
      weights = new double[w.length];
      for (int k = 0; k < weights.length; k++) {
        weights[k] = Double.parseDouble(w[k]);
      }
    }
    switch (kind) {
      case "alldiff":
        b.alldiff(scope);
        break;
      case "neq":
        b.neq(scope[0], scope[1]);
        break;
      case "eq":
        b.eq(scope[0], scope[1]);
        break;
      case "sum":
        b.sum(total, scope);
        break;
      case "table":
        b.table(scope, weights);
        break;
      case "prior":
        b.prior(scope[0], weights);
        break;
      default:
        throw new IllegalArgumentException("no factor kind '" + kind + "'");
    }
  }

  /** A linear factor: its part is {@code : CMP C1 C2 ...}, one coefficient per variable. */
  private static void linear(ModelBuilder b, int[] scope, long total, String part) {
    String[] w = part == null ? new String[0] : part.substring(2).trim().split(" ");
    if (w.length != scope.length + 1) {
      throw new IllegalArgumentException(
          "a linear factor's part is ': CMP C1 C2 ...', one coefficient per variable");
    }
    Factor.Comparison comparison = null;
    for (Factor.Comparison c : Factor.Comparison.values()) {
      if (c.symbol().equals(w[0])) {
        comparison = c;
      }
    }
    if (comparison == null) {
      throw new IllegalArgumentException("no comparison '" + w[0] + "' (==, != or <=)");
    }
    long[] coefficients = new long[scope.length];
    for (int k = 0; k < scope.length; k++) {
      coefficients[k] = Long.parseLong(w[k + 1]);
    }
    b.linear(coefficients, comparison, total, scope);
  }

  /**
   * Reads {@code Formula.text()} back: {@code (OP ARG ...)}, integers, decimals, true, false and
   * {@code $k}.
   */
  private static final class FormulaReader {
    private static final Map<String, Formula.Op> OPS = new HashMap<>();

    static {
      for (Formula.Op op : Formula.Op.values()) {
        if (op != Formula.Op.CONST && op != Formula.Op.VAR) {
          OPS.put(op.symbol(), op);
        }
      }
    }

    private final String text;
    private final int[] scope;
    private int at;

    FormulaReader(String text, int[] scope) {
      this.text = text;
      this.scope = scope;
    }

    Formula whole() {
      Formula f = next(0);
      if (at != text.length()) {
        throw new IllegalArgumentException("the formula has more after column " + (at + 1));
      }
      return f;
    }

    private Formula next(int depth) {
      if (depth > Formula.MAX_DEPTH) {
        throw new IllegalArgumentException("formula nested deeper than " + Formula.MAX_DEPTH);
      }
      if (at >= text.length()) {
        throw new IllegalArgumentException("the formula ends early");
      }
      if (text.charAt(at) != '(') {
        String word = word();
        if (word.startsWith("$")) {
          return Formula.variable(scope[Integer.parseInt(word.substring(1))]);
        }
        if (word.equals("true") || word.equals("false")) {
          return Formula.bool(word.equals("true"));
        }
        boolean integer = word.chars().allMatch(c -> c == '-' || (c >= '0' && c <= '9'));
        return integer
            ? Formula.constant(Long.parseLong(word))
            : Formula.real(Double.parseDouble(word));
      }
      at++;
      String symbol = word();
      Formula.Op op = OPS.get(symbol);
      if (op == null) {
        throw new IllegalArgumentException("no formula operation '" + symbol + "'");
      }
      List<Formula> args = new ArrayList<>();
      while (at < text.length() && text.charAt(at) == ' ') {
        at++;
        args.add(next(depth + 1));
      }
      if (at >= text.length() || text.charAt(at) != ')') {
        throw new IllegalArgumentException("a formula's '(' is not closed");
      }
      at++;
      return of(op, args);
    }

    private String word() {
      int start = at;
      while (at < text.length()
          && text.charAt(at) != ' '
          && text.charAt(at) != ')'
          && text.charAt(at) != '(') {
        at++;
      }
      if (at == start) {
        throw new IllegalArgumentException("a formula has an empty part at column " + (start + 1));
      }
      return text.substring(start, at);
    }

    private static Formula of(Formula.Op op, List<Formula> a) {
      Formula[] x = a.toArray(new Formula[0]);
      switch (op) {
        case ADD:
          return Formula.add(a);
        case MUL:
          return Formula.mul(a);
        case SUB:
          return Formula.sub(x[0], x[1]);
        case DIV:
          return Formula.div(x[0], x[1]);
        case MOD:
          return Formula.mod(x[0], x[1]);
        case NEG:
          return Formula.neg(x[0]);
        case ABS:
          return Formula.abs(x[0]);
        case MIN:
          return Formula.min(x);
        case MAX:
          return Formula.max(x);
        case IF:
          return Formula.ifThen(x[0], x[1], x[2]);
        case IND:
          return Formula.indicator(x[0]);
        case AND:
          return Formula.and(a);
        case OR:
          return Formula.or(a);
        case NOT:
          return Formula.not(x[0]);
        case EXP:
          return Formula.exp(x[0]);
        case LOG:
          return Formula.log(x[0]);
        default:
          return Formula.compare(op, x[0], x[1]);
      }
    }
  }

  private static int indexOf(String[] words, String word) {
    for (int i = 0; i < words.length; i++) {
      if (words[i].equals(word)) {
        return i;
      }
    }
    return -1;
  }
}
