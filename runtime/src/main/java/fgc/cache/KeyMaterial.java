package fgc.cache;

import fgc.compilation.AlgorithmSpec;
import fgc.compilation.Artifact;
import fgc.model.Domain;
import fgc.model.Factor;
import fgc.model.Formula;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.ModelException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An entry's key material read back as the kind, model and algorithm it was made for, so that
 * {@code cache verify} checks each class against its model as a load does. The text is {@code
 * SolverKey.material}: the planner line, the kind line, the algorithm line for a kind that has one
 * (a solver), then the model's canonical text ({@code Model.canonicalText}), which has no model
 * name: the model read back takes the name its manifest records (the model that first compiled the
 * entry). Read back through {@link ModelBuilder}, so every rule of a model holds again; a caller
 * checks that the result keys to the entry's key.
 */
final class KeyMaterial {
  final Artifact kind;

  /** The algorithm and its options; null for a kind without one. */
  final AlgorithmSpec spec;

  final Model model;

  private KeyMaterial(Artifact kind, AlgorithmSpec spec, Model model) {
    this.kind = kind;
    this.spec = spec;
    this.model = model;
  }

  /**
   * The material's kind, algorithm (for a kind that has one) and model, named {@code modelName}; an
   * {@link IllegalArgumentException} says which line is not as written.
   */
  static KeyMaterial parse(String text, String modelName) {
    String[] lines = text.split("\n", -1);
    int at = 0;
    try {
      // Each line is counted once read, so that an error names the line it is about.
      expect(lines, at, "planner ");
      String word = field(lines, ++at, "kind ");
      Artifact kind = Artifact.named(word);
      if (kind == null) {
        throw new IllegalArgumentException("no kind of entry '" + word + "'");
      }
      AlgorithmSpec spec = kind.hasAlgorithm() ? spec(field(lines, ++at, "algorithm ")) : null;
      if (++at >= lines.length || !lines[at].equals("fgc-model " + Model.CANONICAL_FORMAT)) {
        throw new IllegalArgumentException("not model format " + Model.CANONICAL_FORMAT);
      }
      at++;
      ModelBuilder b = Model.builder(modelName);
      List<String> observed = new ArrayList<>();
      for (; at < lines.length && lines[at].startsWith("var "); at++) {
        // var NAME [DIM...] in LO..HI observed|latent
        // The name is the second word whatever it is (a BIF variable may be called "in"); the
        // dimensions are numbers, so the first "in" after the name is the keyword.
        String[] w = lines[at].split(" ", -1);
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
        b.variables(
            w[1], Domain.range(Integer.parseInt(range[0]), Integer.parseInt(range[1])), dims);
        if (w[in + 2].equals("observed")) {
          observed.add(w[1]);
        } else if (!w[in + 2].equals("latent") || w.length != in + 3) {
          throw new IllegalArgumentException(
              "a variable line ends neither 'observed' nor 'latent'");
        }
      }
      for (String name : observed) {
        b.observe(name);
      }
      List<String> parts = new ArrayList<>();
      for (; at < lines.length && !lines[at].equals("end"); at++) {
        factors(b, lines[at], parts);
      }
      if (at != lines.length - 2 || !lines[at + 1].isEmpty()) {
        throw new IllegalArgumentException("the model does not end with 'end'");
      }
      return new KeyMaterial(kind, spec, b.build());
    } catch (RuntimeException e) {
      String why =
          e instanceof ModelException || e instanceof IllegalArgumentException
              ? e.getMessage()
              : e.toString();
      throw new IllegalArgumentException("line " + Math.min(at + 1, lines.length) + ": " + why, e);
    }
  }

  /** An algorithm line's {@code NAME OPT=VALUE ...}, checked by the registry. */
  private static AlgorithmSpec spec(String text) {
    String[] algorithm = text.split(" ");
    Map<String, Double> options = new TreeMap<>();
    for (int k = 1; k < algorithm.length; k++) {
      int eq = algorithm[k].indexOf('=');
      options.put(
          algorithm[k].substring(0, eq), Double.parseDouble(algorithm[k].substring(eq + 1)));
    }
    return AlgorithmSpec.named(algorithm[0], options);
  }

  /**
   * One family of factors: {@code KIND V1 V2 ... [x COUNT step S1 S2 ...]... [= TOTAL] [PART]},
   * where {@code PART} is {@code : W1 W2 ...} (a linear factor's {@code : CMP C1 C2 ...}), {@code ~
   * FORMULA} or {@code @K}, the K-th part written in full before (numbered from 0 in the order they
   * appear, as {@code Model.canonicalText} numbers them).
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
    private static final Map<String, Formula.Op> OPS = new java.util.HashMap<>();

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

  private static void expect(String[] lines, int at, String prefix) {
    field(lines, at, prefix);
  }

  private static String field(String[] lines, int at, String prefix) {
    if (at >= lines.length || !lines[at].startsWith(prefix)) {
      throw new IllegalArgumentException("expected a line starting '" + prefix.trim() + "'");
    }
    return lines[at].substring(prefix.length());
  }
}
