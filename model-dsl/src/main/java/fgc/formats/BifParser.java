package fgc.formats;

import fgc.model.Domain;
import fgc.model.Limits;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.ModelException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads BIF text: the whole file is cut into tokens, parsed into blocks, then checked as a whole
 * (names, states, rows, sums, acyclicity) before the model is built, so an error never leaves a
 * partial model behind. Comments are {@code //} to the end of the line and {@code /* ... *}{@code
 * /}; a name may be written in double quotes; commas and {@code |} between names and between
 * numbers may be left out, as the format allows.
 */
final class BifParser {
  /** A CPT row may miss 1 by the rounding of its written digits plus this much... */
  static final double ROW_SLACK = 1e-9;

  /** ...but never by more than this. */
  static final double ROW_TOLERANCE_CAP = 1e-6;

  private enum Kind {
    WORD,
    PUNCT,
    EOF
  }

  private record Tok(Kind kind, String text, int start, int end) {
    boolean is(String s) {
      return kind != Kind.EOF && text.equals(s);
    }

    boolean punct(char c) {
      return kind == Kind.PUNCT && text.charAt(0) == c;
    }
  }

  private record Var(String name, int at, List<String> states) {}

  /**
   * One line of a probability block: a row (parent states, then numbers), a {@code table} or a
   * {@code default}.
   */
  private record Row(String keyword, List<Tok> states, List<Tok> numbers, int at) {}

  private record Block(Tok child, List<Tok> parents, List<Row> rows, int at, int closeAt) {}

  private final SourceText src;
  private final List<Tok> tokens = new ArrayList<>();
  private int next;
  private String networkName = "";
  private final List<Var> variables = new ArrayList<>();
  private final List<Block> blocks = new ArrayList<>();

  private BifParser(SourceText src) {
    this.src = src;
  }

  static BayesNet parse(SourceText src) {
    BifParser p = new BifParser(src);
    p.scan();
    p.file();
    return p.build();
  }

  // ---- tokens ----

  private void scan() {
    String text = src.text();
    int n = text.length();
    int i = 0;
    while (i < n) {
      char c = text.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
        while (i < n && text.charAt(i) != '\n' && text.charAt(i) != '\r') {
          i++;
        }
      } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
        int close = text.indexOf("*/", i + 2);
        if (close < 0) {
          throw src.error(i, "unterminated comment: no '*/' before the end of the file");
        }
        i = close + 2;
      } else if (c == '"') {
        int close = i + 1;
        while (close < n
            && text.charAt(close) != '"'
            && text.charAt(close) != '\n'
            && text.charAt(close) != '\r') {
          close++;
        }
        if (close >= n || text.charAt(close) != '"') {
          throw src.error(i, "unterminated name: no closing '\"' on this line");
        }
        tokens.add(new Tok(Kind.WORD, text.substring(i + 1, close), i, close + 1));
        i = close + 1;
      } else if ("{}()[];,|".indexOf(c) >= 0) {
        tokens.add(new Tok(Kind.PUNCT, String.valueOf(c), i, i + 1));
        i++;
      } else {
        int start = i;
        while (i < n
            && !Character.isWhitespace(text.charAt(i))
            && "{}()[];,|\"".indexOf(text.charAt(i)) < 0
            && !text.startsWith("//", i)
            && !text.startsWith("/*", i)) {
          i++;
        }
        tokens.add(new Tok(Kind.WORD, text.substring(start, i), start, i));
      }
    }
    int end = tokens.isEmpty() ? 0 : tokens.get(tokens.size() - 1).end();
    tokens.add(new Tok(Kind.EOF, "", end, end));
  }

  private Tok peek() {
    return tokens.get(next);
  }

  private Tok take() {
    Tok t = tokens.get(next);
    if (t.kind() != Kind.EOF) {
      next++;
    }
    return t;
  }

  private RuntimeException expected(String what, Tok found) {
    return src.error(found.start(), "expected " + what + " but found " + describe(found));
  }

  private static String describe(Tok t) {
    return t.kind() == Kind.EOF ? "the end of the file" : SourceText.quote(t.text());
  }

  private Tok expect(char c) {
    Tok t = take();
    if (!t.punct(c)) {
      throw expected("'" + c + "'", t);
    }
    return t;
  }

  private Tok word(String what) {
    Tok t = take();
    if (t.kind() != Kind.WORD) {
      throw expected(what, t);
    }
    return t;
  }

  private void skipOptional(char c) {
    if (peek().punct(c)) {
      take();
    }
  }

  // ---- blocks ----

  private void file() {
    Tok first = take();
    if (!first.is("network")) {
      throw expected("'network' (a BIF file starts with its network block)", first);
    }
    networkName = word("the network's name").text();
    expect('{');
    while (!peek().punct('}')) {
      property("the network block");
    }
    take();
    while (peek().kind() != Kind.EOF) {
      Tok t = take();
      if (t.is("variable")) {
        variable();
      } else if (t.is("probability")) {
        probability(t);
      } else {
        throw expected("'variable' or 'probability'", t);
      }
    }
  }

  /** A {@code property ... ;} statement, skipped: it carries nothing a model holds. */
  private void property(String where) {
    Tok t = take();
    if (!t.is("property")) {
      throw expected("'property' or '}' in " + where, t);
    }
    while (!peek().punct(';')) {
      if (peek().kind() == Kind.EOF) {
        throw src.error(t.start(), "unterminated property: no ';' before the end of the file");
      }
      take();
    }
    take();
  }

  private void variable() {
    Tok name = word("the variable's name");
    expect('{');
    List<String> states = null;
    while (!peek().punct('}')) {
      if (!peek().is("type")) {
        property("variable " + name.text());
        continue;
      }
      Tok type = take();
      if (states != null) {
        throw src.error(type.start(), "variable " + name.text() + " has a second type");
      }
      Tok discrete = take();
      if (!discrete.is("discrete")) {
        throw expected("'discrete' (the only type of variable fgc reads)", discrete);
      }
      expect('[');
      Tok count = word("the number of states");
      if (!SourceText.isNatural(count.text()) || count.text().length() > 9) {
        throw expected("the number of states (a whole number)", count);
      }
      int k = Integer.parseInt(count.text());
      if (k < 1 || k > Limits.MAX_DOMAIN) {
        throw src.error(
            count.start(),
            "variable "
                + name.text()
                + " has "
                + k
                + " states; it must have 1.."
                + Limits.MAX_DOMAIN
                + " (fgc's limit for one variable)");
      }
      expect(']');
      expect('{');
      states = new ArrayList<>();
      Map<String, Tok> seen = new HashMap<>();
      while (!peek().punct('}')) {
        Tok s = word("a state name or '}'");
        Tok before = seen.putIfAbsent(s.text(), s);
        if (before != null) {
          throw src.error(
              s.start(), "state '" + s.text() + "' of " + name.text() + " is listed twice");
        }
        states.add(s.text());
        skipOptional(',');
      }
      Tok close = take();
      if (states.size() != k) {
        throw src.error(
            close.start(),
            "variable "
                + name.text()
                + " is declared with "
                + k
                + " states but lists "
                + states.size());
      }
      expect(';');
    }
    take();
    if (states == null) {
      throw src.error(
          name.start(), "variable " + name.text() + " has no 'type discrete [k] { ... };' line");
    }
    variables.add(new Var(name.text(), name.start(), states));
  }

  private void probability(Tok keyword) {
    expect('(');
    Tok child = word("the variable the probability block is for");
    List<Tok> parents = new ArrayList<>();
    skipOptional('|');
    while (!peek().punct(')')) {
      parents.add(word("a parent's name or ')'"));
      skipOptional(',');
    }
    take();
    expect('{');
    List<Row> rows = new ArrayList<>();
    while (!peek().punct('}')) {
      Tok t = peek();
      if (t.is("table") || t.is("default")) {
        take();
        rows.add(new Row(t.text(), List.of(), numbers(), t.start()));
      } else if (t.punct('(')) {
        take();
        List<Tok> states = new ArrayList<>();
        while (!peek().punct(')')) {
          states.add(word("a parent's state or ')'"));
          skipOptional(',');
        }
        take();
        rows.add(new Row("", states, numbers(), t.start()));
      } else if (t.is("property")) {
        property("the probability block of " + child.text());
      } else if (t.kind() == Kind.EOF) {
        throw src.error(
            keyword.start(), "unterminated probability block: no '}' before the end of the file");
      } else {
        throw expected("a row '(states) p1, p2, ...;', 'table', 'default' or '}'", t);
      }
    }
    Tok close = take();
    blocks.add(new Block(child, parents, rows, keyword.start(), close.start()));
  }

  /** Numbers up to and including the {@code ;} that ends them, commas optional. */
  private List<Tok> numbers() {
    List<Tok> out = new ArrayList<>();
    while (!peek().punct(';')) {
      Tok t = take();
      if (t.kind() != Kind.WORD || !SourceText.isDecimal(t.text())) {
        throw expected(
            out.isEmpty() ? "a probability (a number)" : "a probability (a number) or ';'", t);
      }
      double p = Double.parseDouble(t.text());
      if (!(p >= 0) || Double.isInfinite(p) || SourceText.underflows(t.text(), p)) {
        throw src.error(
            t.start(),
            "probability "
                + t.text()
                + (p < 0
                    ? " is negative"
                    : p > 0
                        ? " is not finite"
                        : " is too small for a double: it would be read as 0"));
      }
      try {
        new BigDecimal(t.text());
      } catch (NumberFormatException e) {
        throw src.error(t.start(), "probability " + t.text() + " has an exponent out of range");
      }
      out.add(t);
      skipOptional(',');
    }
    take();
    if (out.isEmpty()) {
      throw src.error(tokens.get(next - 1).start(), "expected a probability (a number) before ';'");
    }
    return out;
  }

  // ---- checks and the model ----

  private BayesNet build() {
    Map<String, Integer> index = new LinkedHashMap<>();
    Map<String, String> identifiers = new HashMap<>();
    for (Var v : variables) {
      Integer before = index.putIfAbsent(v.name(), index.size());
      if (before != null) {
        throw src.error(
            v.at(),
            "variable '"
                + v.name()
                + "' is declared twice (first at "
                + where(variables.get(before).at())
                + ")");
      }
      String id = SourceText.identifier(v.name());
      String clash = identifiers.putIfAbsent(id, v.name());
      if (id.isEmpty() || clash != null) {
        throw src.error(
            v.at(),
            id.isEmpty()
                ? "a variable needs a name"
                : "variables '"
                    + clash
                    + "' and '"
                    + v.name()
                    + "' would both be called "
                    + id
                    + " in fgc");
      }
    }
    if (variables.isEmpty()) {
      throw src.error(tokens.get(tokens.size() - 1).start(), "the network declares no variables");
    }
    Block[] blockOf = new Block[variables.size()];
    double[][] weights = new double[variables.size()][];
    int[][] scopes = new int[variables.size()][];
    for (Block b : blocks) {
      int child = known(index, b.child(), "probability block");
      if (blockOf[child] != null) {
        throw src.error(
            b.child().start(),
            "variable "
                + b.child().text()
                + " has a second probability block (the first is at "
                + where(blockOf[child].at())
                + ")");
      }
      blockOf[child] = b;
      int[] scope = new int[b.parents().size() + 1];
      for (int k = 0; k < b.parents().size(); k++) {
        Tok p = b.parents().get(k);
        scope[k] = known(index, p, "parent");
        if (scope[k] == child) {
          throw src.error(p.start(), "variable " + p.text() + " is listed as its own parent");
        }
        for (int j = 0; j < k; j++) {
          if (scope[j] == scope[k]) {
            throw src.error(p.start(), "parent " + p.text() + " is listed twice");
          }
        }
      }
      scope[scope.length - 1] = child;
      scopes[child] = scope;
      weights[child] = cpt(b, scope);
    }
    for (int v = 0; v < variables.size(); v++) {
      if (blockOf[v] == null) {
        throw src.error(
            variables.get(v).at(),
            "variable " + variables.get(v).name() + " has no probability block");
      }
    }
    checkAcyclic(scopes, blockOf);
    ModelBuilder mb = Model.builder(SourceText.modelName(src.name(), "bif"));
    List<List<String>> states = new ArrayList<>();
    List<List<String>> parents = new ArrayList<>();
    try {
      for (Var v : variables) {
        String id = SourceText.identifier(v.name());
        mb.variables(id, Domain.range(0, v.states().size() - 1));
        mb.observe(id);
        states.add(v.states());
      }
    } catch (ModelException e) {
      throw src.error(0, e.getMessage()); // cannot happen: names and sizes were checked above
    }
    for (Var v : variables) {
      try {
        mb.labels(SourceText.identifier(v.name()), v.states());
      } catch (ModelException e) {
        throw src.error(v.at(), "variable " + v.name() + ": " + e.getMessage());
      }
    }
    for (Block b : blocks) {
      int child = index.get(b.child().text());
      try {
        mb.table(scopes[child], weights[child]);
      } catch (ModelException e) {
        throw src.error(
            b.at(), "the probability block of " + b.child().text() + ": " + e.getMessage());
      }
    }
    for (Var v : variables) {
      parents.add(blockOf[index.get(v.name())].parents().stream().map(Tok::text).toList());
    }
    return new BayesNet(
        mb.build(),
        networkName,
        variables.stream().map(Var::name).toList(),
        index,
        states,
        parents);
  }

  private int known(Map<String, Integer> index, Tok name, String role) {
    Integer i = index.get(name.text());
    if (i == null) {
      throw src.error(
          name.start(), "'" + name.text() + "' (" + role + ") is not a declared variable");
    }
    return i;
  }

  /**
   * The CPT of block {@code b} over {@code scope} (parents..., child): one row per parent
   * configuration, last parent fastest.
   */
  private double[] cpt(Block b, int[] scope) {
    String child = b.child().text();
    String label =
        "P("
            + child
            + (b.parents().isEmpty()
                ? ""
                : " | " + String.join(", ", b.parents().stream().map(Tok::text).toList()))
            + ")";
    int k = variables.get(scope[scope.length - 1]).states().size();
    int configs = 1;
    for (int p = 0; p < scope.length - 1; p++) {
      configs *= variables.get(scope[p]).states().size();
      if ((long) configs * k > Limits.MAX_TABLE_ENTRIES) {
        throw src.error(
            b.at(),
            label
                + " has more than "
                + Limits.MAX_TABLE_ENTRIES
                + " entries, fgc's limit for one table");
      }
    }
    double[] table = new double[configs * k];
    boolean[] given = new boolean[configs];
    Row fallback = null;
    for (Row r : b.rows()) {
      if (r.keyword().equals("table")) {
        if (!b.parents().isEmpty()) {
          throw src.error(
              r.at(),
              "a 'table' line for "
                  + child
                  + ", which has parents: tools disagree on the order of its entries,"
                  + " so write one row per parent configuration, e.g. ("
                  + firstStates(scope)
                  + ") p1, p2, ...;");
        }
        if (b.rows().size() > 1) {
          throw src.error(
              b.rows().get(b.rows().get(0) == r ? 1 : 0).at(),
              label + " has a 'table' line and other lines");
        }
        fill(table, 0, r, k, child, label, "the table");
        given[0] = true;
      } else if (r.keyword().equals("default")) {
        if (fallback != null) {
          throw src.error(r.at(), label + " has a second 'default' line");
        }
        checkRow(r, k, child, label, "the default row");
        fallback = r;
      } else {
        if (r.states().size() != scope.length - 1) {
          throw src.error(
              r.at(),
              "a row of "
                  + label
                  + " must name "
                  + (scope.length - 1)
                  + " parent state"
                  + (scope.length == 2 ? "" : "s")
                  + ", not "
                  + r.states().size());
        }
        int config = 0;
        List<String> names = new ArrayList<>();
        for (int p = 0; p < scope.length - 1; p++) {
          Tok s = r.states().get(p);
          List<String> options = variables.get(scope[p]).states();
          int v = options.indexOf(s.text());
          if (v < 0) {
            throw src.error(
                s.start(),
                "'"
                    + s.text()
                    + "' is not a state of "
                    + variables.get(scope[p]).name()
                    + " (its states: "
                    + String.join(", ", options)
                    + ")");
          }
          config = config * options.size() + v;
          names.add(s.text());
        }
        if (given[config]) {
          throw src.error(
              r.at(), label + " has a second row for (" + String.join(", ", names) + ")");
        }
        given[config] = true;
        fill(table, config, r, k, child, label, "the row for (" + String.join(", ", names) + ")");
      }
    }
    for (int c = 0; c < configs; c++) {
      if (!given[c]) {
        if (fallback == null) {
          throw src.error(
              b.closeAt(),
              label
                  + (scope.length == 1
                      ? " has no 'table' line"
                      : " has no row for (" + configName(scope, c) + ")"));
        }
        fill(table, c, fallback, k, child, label, "the default row");
      }
    }
    return table;
  }

  private void fill(
      double[] table, int config, Row r, int k, String child, String label, String what) {
    checkRow(r, k, child, label, what);
    for (int s = 0; s < k; s++) {
      double p = Double.parseDouble(r.numbers().get(s).text());
      table[config * k + s] = p == 0.0 ? 0.0 : p;
    }
  }

  /**
   * A row must give one probability per state of the child, and they must add up to 1: within the
   * rounding of their written digits (half a unit in the last place of each, so a file that prints
   * seven digits may be off by a few 1e-8) plus {@link #ROW_SLACK}, and never by more than {@link
   * #ROW_TOLERANCE_CAP}. The sum is of the decimals as written, exactly; the numbers are kept as
   * written, not normalised.
   */
  private void checkRow(Row r, int k, String child, String label, String what) {
    if (r.numbers().size() != k) {
      throw src.error(
          r.numbers().get(0).start(),
          what
              + " of "
              + label
              + " gives "
              + r.numbers().size()
              + " probabilities; "
              + child
              + " has "
              + k
              + " states");
    }
    BigDecimal sum = BigDecimal.ZERO;
    double rounding = 0;
    for (Tok t : r.numbers()) {
      BigDecimal p = new BigDecimal(t.text()); // numbers() has checked that it parses
      sum = sum.add(p);
      rounding += halfUnitInLastPlace(p);
    }
    double tolerance = Math.min(ROW_TOLERANCE_CAP, ROW_SLACK + rounding);
    if (sum.subtract(BigDecimal.ONE).abs().compareTo(new BigDecimal(tolerance)) > 0) {
      throw src.error(
          r.numbers().get(0).start(),
          what
              + " of "
              + label
              + " sums to "
              + sum.stripTrailingZeros().toPlainString()
              + ", not 1");
    }
  }

  /**
   * Half a unit in the last written place of {@code p}: 0.05 for {@code 0.3}, 5e-12 for {@code
   * 7.682262e-05}.
   */
  static double halfUnitInLastPlace(BigDecimal p) {
    return 0.5 * Math.pow(10, -p.scale());
  }

  private String firstStates(int[] scope) {
    List<String> s = new ArrayList<>();
    for (int p = 0; p < scope.length - 1; p++) {
      s.add(variables.get(scope[p]).states().get(0));
    }
    return String.join(", ", s);
  }

  private String configName(int[] scope, int config) {
    String[] names = new String[scope.length - 1];
    for (int p = scope.length - 2; p >= 0; p--) {
      List<String> options = variables.get(scope[p]).states();
      names[p] = options.get(config % options.size());
      config /= options.size();
    }
    return String.join(", ", names);
  }

  /**
   * A Bayesian network's parent links must not loop: the product of its CPTs is a distribution only
   * then.
   */
  private void checkAcyclic(int[][] scopes, Block[] blockOf) {
    int n = scopes.length;
    int[] state = new int[n]; // 0 unvisited, 1 on the current path, 2 done
    // One stack for the whole graph, so the search stays linear in its size.
    int[] stack = new int[n];
    int[] edge = new int[n];
    for (int root = 0; root < n; root++) {
      if (state[root] != 0) {
        continue;
      }
      // Iterative depth-first search over parent links, so a long chain cannot overflow the stack.
      int depth = 0;
      stack[0] = root;
      edge[0] = 0;
      state[root] = 1;
      while (depth >= 0) {
        int v = stack[depth];
        if (edge[depth] < scopes[v].length - 1) {
          int parent = scopes[v][edge[depth]++];
          if (state[parent] == 1) {
            List<String> cycle = new ArrayList<>();
            cycle.add(variables.get(parent).name());
            for (int d = depth; d >= 0 && stack[d] != parent; d--) {
              cycle.add(variables.get(stack[d]).name());
            }
            cycle.add(variables.get(parent).name());
            throw src.error(
                blockOf[v].at(),
                "the parents form a cycle: "
                    + String.join(" -> ", cycle)
                    + " (a Bayesian network's links must not loop)");
          }
          if (state[parent] == 0) {
            state[parent] = 1;
            stack[++depth] = parent;
            edge[depth] = 0;
          }
        } else {
          state[v] = 2;
          depth--;
        }
      }
    }
  }

  private String where(int offset) {
    return src.position(offset);
  }
}
