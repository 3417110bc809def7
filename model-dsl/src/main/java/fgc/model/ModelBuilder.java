package fgc.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds a {@link Model} from Java, checking every rule as it goes, so that a model built here and
 * one parsed from text are the same IR. Errors are {@link ModelException}s naming the culprit.
 *
 * <pre>{@code
 * ModelBuilder b = Model.builder("pair");
 * VariableArray x = b.variables("x", Domain.range(1, 3), 2);
 * b.neq(x.at(0), x.at(1));
 * b.relation(Formula.compare(Formula.Op.LT, Formula.variable(x.at(0)), Formula.constant(3)));
 * Model m = b.observe("x").build();
 * }</pre>
 */
public final class ModelBuilder {
  private final String name;
  private final List<VariableArray> arrays = new ArrayList<>();

  /**
   * Each array's position in {@link #arrays}, by name: a file of 20,000 arrays (UAI, BIF) builds in
   * linear time.
   */
  private final java.util.Map<String, Integer> arrayPositions = new java.util.HashMap<>();

  /**
   * The factors so far, as families: a factor added alone joins the run before it when it differs
   * from that run only by the run's step in its scope, so a loop the language unrolls, or a Java
   * caller's, is stored in a few families; {@link #repeatLast} makes a family of any dimension.
   */
  private final List<FactorFamily> built = new ArrayList<>();

  /** Per family, where it was made, or null. */
  private final List<Origin> origins = new ArrayList<>();

  /** The factors so far; the last one added; whether it joined the run before it. */
  private int factorCount;

  private Factor lastAdded;
  private boolean lastJoined;
  private Origin origin;

  /**
   * Tables computed from formulas, by formula text (variables by scope position) and domains: equal
   * ones are computed once, and every factor of them shares the table and the formula.
   */
  private final Map<String, Expanded> computed = new HashMap<>();

  /**
   * A computed table, the formula it comes from (variables by scope position), and whether the
   * canonical text writes the formula.
   */
  private record Expanded(Formula formula, double[] table, boolean compact) {}

  /**
   * Tables of weights given as a shape ({@link #weight(int[], Formula, int[])}), by the shape
   * itself, where its variables sit in the scope, and the domains: the same entry {@link #computed}
   * holds for their text, found without writing it.
   */
  private final Map<ShapeKey, Expanded> shaped = new HashMap<>();

  /** The last shape's key and table: a loop's factors mostly repeat the one before. */
  private ShapeKey lastShape;

  private Expanded lastShaped;

  /**
   * A shape (by identity), its variables' positions in a factor's scope, and the scope's domains.
   */
  private static final class ShapeKey {
    final Formula shape;
    final int[] positions;
    final Domain[] domains;
    private final int hash;

    ShapeKey(Formula shape, int[] positions, Domain[] domains) {
      this.shape = shape;
      this.positions = positions;
      this.domains = domains;
      this.hash =
          (System.identityHashCode(shape) * 31 + Arrays.hashCode(positions)) * 31
              + Arrays.hashCode(domains);
    }

    boolean matches(Formula s, int[] p, Domain[] d) {
      return shape == s && Arrays.equals(positions, p) && Arrays.equals(domains, d);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof ShapeKey k && k.matches(shape, positions, domains);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }

  /**
   * The computed tables some factor holds already: a shared one counts once among the model's
   * weights.
   */
  private final Set<Expanded> counted =
      java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

  private int nextIndex;
  private long tableEntries;
  private long expansionWork;

  /**
   * The heap the model may take ({@link Limits#MODEL_HEAP_SHARE} of the JVM's), and a lower bound
   * of what it takes so far.
   */
  private final long heapBytes;

  private long modelBytes;

  ModelBuilder(String name) {
    this(name, Runtime.getRuntime().maxMemory());
  }

  /** A builder for a JVM of {@code maxHeapBytes} of heap (tests give a small one). */
  ModelBuilder(String name, long maxHeapBytes) {
    this.name = Names.checkIdentifier(name, "model");
    this.heapBytes = maxHeapBytes / Limits.MODEL_HEAP_SHARE;
  }

  /**
   * Declares an array {@code arrayName[dims...]} of variables over {@code domain}; no dims for a
   * scalar.
   *
   * @param arrayName the array's name, unique in the model
   * @param domain the values each variable can take
   * @param dims the array's dimensions
   * @return the array, which maps indices to flat variable indices
   */
  public VariableArray variables(String arrayName, Domain domain, int... dims) {
    Names.checkIdentifier(arrayName, "variable");
    if (arrayPositions.containsKey(arrayName)) {
      throw new ModelException("variable '" + arrayName + "' is declared twice");
    }
    if (dims.length > Limits.MAX_RANK) {
      throw new ModelException(
          "variable '"
              + arrayName
              + "' has rank "
              + dims.length
              + "; the limit is "
              + Limits.MAX_RANK);
    }
    long size = 1;
    for (int d : dims) {
      if (d < 1) {
        throw new ModelException(
            "variable '"
                + arrayName
                + "' has a dimension of size "
                + d
                + "; sizes must be at least 1");
      }
      size *= d;
      if (nextIndex + size > Limits.MAX_VARIABLES) {
        throw new ModelException(
            "variable '"
                + arrayName
                + "' takes the model past "
                + Limits.MAX_VARIABLES
                + " variables");
      }
    }
    VariableArray a = new VariableArray(arrayName, dims, domain, false, nextIndex);
    arrayPositions.put(arrayName, arrays.size());
    arrays.add(a);
    nextIndex += (int) size;
    return a;
  }

  /**
   * Marks the array {@code arrayName} as observed: its values may be set as evidence at run time.
   *
   * @param arrayName the name of a declared array
   * @return this builder
   */
  public ModelBuilder observe(String arrayName) {
    Integer i = arrayPositions.get(arrayName);
    if (i != null) {
      arrays.set(i, arrays.get(i).withObserved(true));
      return this;
    }
    throw new ModelException("cannot observe '" + arrayName + "': no such variable");
  }

  /** The longest name a value may have ({@link #labels}). */
  public static final int MAX_LABEL_LENGTH = 128;

  /**
   * Names the values of the array {@code arrayName}, one name per domain value in order, e.g. a
   * Bayesian network's states: they print in place of the numbers and {@code --observe} takes them.
   * Each name is 1..{@link #MAX_LABEL_LENGTH} characters without control characters, blanks at
   * either end, {@code =} or {@code :} (which separate a name from its variable or probability in
   * fgc's output), and the names of one array differ. They are labels only: neither the canonical
   * text nor any solver sees them.
   *
   * @param arrayName the name of a declared array
   * @param labels one name per value of its domain
   * @return this builder
   */
  public ModelBuilder labels(String arrayName, List<String> labels) {
    Integer i = arrayPositions.get(arrayName);
    if (i == null) {
      throw new ModelException("cannot name the values of '" + arrayName + "': no such variable");
    }
    VariableArray a = arrays.get(i);
    if (labels.size() != a.domain().size()) {
      throw new ModelException(
          "'"
              + arrayName
              + "' has "
              + a.domain().size()
              + " values but "
              + labels.size()
              + " names were given");
    }
    Set<String> seen = new HashSet<>();
    for (String l : labels) {
      if (!isLabel(l)) {
        throw new ModelException(
            "'"
                + l
                + "' cannot name a value of '"
                + arrayName
                + "': a name is 1.."
                + MAX_LABEL_LENGTH
                + " characters, with no control characters, '=' or ':' and no blank at either end");
      }
      if (!seen.add(l)) {
        throw new ModelException("'" + arrayName + "' names two values '" + l + "'");
      }
    }
    arrays.set(i, a.withLabels(labels));
    return this;
  }

  private static boolean isLabel(String l) {
    if (l == null
        || l.isEmpty()
        || l.length() > MAX_LABEL_LENGTH
        || l.isBlank()
        || !l.strip().equals(l)) {
      return false;
    }
    for (int k = 0; k < l.length(); k++) {
      char c = l.charAt(k);
      if (Character.isISOControl(c) || c == '=' || c == ':') {
        return false;
      }
    }
    return true;
  }

  /**
   * All variables in {@code scope} take different values.
   *
   * @param scope the variables, by flat index
   * @return this builder
   */
  public ModelBuilder alldiff(int... scope) {
    if (scope.length < 2) {
      throw new ModelException("alldiff needs at least 2 variables, got " + scope.length);
    }
    return add(FactorKind.ALLDIFF, scope);
  }

  /**
   * All variables in {@code scope} take different values.
   *
   * @param scope the variables, by flat index
   * @return this builder
   */
  public ModelBuilder alldiff(List<Integer> scope) {
    return alldiff(scope.stream().mapToInt(Integer::intValue).toArray());
  }

  /**
   * Variables {@code a} and {@code b} take different values.
   *
   * @param a a variable's flat index
   * @param b another variable's flat index
   * @return this builder
   */
  public ModelBuilder neq(int a, int b) {
    return add(FactorKind.NEQ, new int[] {a, b});
  }

  /**
   * Variables {@code a} and {@code b} take the same value.
   *
   * @param a a variable's flat index
   * @param b another variable's flat index
   * @return this builder
   */
  public ModelBuilder eq(int a, int b) {
    return add(FactorKind.EQ, new int[] {a, b});
  }

  /**
   * The values of {@code scope} add up to {@code total}. A total no assignment of the domains can
   * reach is an error here, not a model that silently has no solution.
   *
   * @param total the sum the values must reach
   * @param scope the variables, by flat index
   * @return this builder
   */
  public ModelBuilder sum(long total, int... scope) {
    if (scope.length < 1) {
      throw new ModelException("sum needs at least 1 variable, got 0");
    }
    long lo = 0;
    long hi = 0;
    for (int v : scope) {
      checkDeclared(FactorKind.SUM, v);
      lo += domainOf(v).lo();
      hi += domainOf(v).hi();
    }
    if (total < lo || total > hi) {
      throw new ModelException(
          "sum of "
              + scope.length
              + " variables can only be "
              + lo
              + ".."
              + hi
              + ", never "
              + total);
    }
    return add(FactorKind.SUM, scope, new double[0], total, null);
  }

  /**
   * The values of {@code scope} add up to {@code total}, as {@link #sum(long, int...)}.
   *
   * @param total the sum the values must reach
   * @param scope the variables, by flat index
   * @return this builder
   */
  public ModelBuilder sum(long total, List<Integer> scope) {
    return sum(total, scope.stream().mapToInt(Integer::intValue).toArray());
  }

  /**
   * A linear relation: {@code sum of coefficients[p] * scope[p]} compares with {@code constant} as
   * {@code comparison} says, however many joint values the scope has (no table is made). The terms
   * may add up to at most 2^60 in magnitude; a relation no values of the domains satisfy is an
   * error here, as for {@link #relation}.
   *
   * @param coefficients one non-zero coefficient per variable of the scope
   * @param comparison how the sum compares with the constant
   * @param constant the right-hand side
   * @param scope the variables, by flat index, each once
   * @return this builder
   */
  public ModelBuilder linear(
      long[] coefficients, Factor.Comparison comparison, long constant, int... scope) {
    if (scope.length < 1 || coefficients.length != scope.length || comparison == null) {
      throw new ModelException(
          "linear needs a comparison and one coefficient per variable, at least 1, got "
              + coefficients.length
              + " coefficients for "
              + scope.length
              + " variables");
    }
    long lo = 0;
    long hi = 0;
    long magnitude = Math.min(LINEAR_MAGNITUDE + 1, Math.abs(Math.max(-Long.MAX_VALUE, constant)));
    for (int p = 0; p < scope.length; p++) {
      checkDeclared(FactorKind.LINEAR, scope[p]);
      long c = coefficients[p];
      if (c == 0) {
        throw new ModelException("linear has coefficient 0 for " + describe(scope[p]));
      }
      Domain d = domainOf(scope[p]);
      long largest = Math.max(1, Math.max(Math.abs((long) d.lo()), Math.abs((long) d.hi())));
      long size = c == Long.MIN_VALUE ? Long.MAX_VALUE : Math.abs(c);
      if (size > LINEAR_MAGNITUDE / largest || (magnitude += size * largest) > LINEAR_MAGNITUDE) {
        throw new ModelException("the linear relation's terms can add up past 2^60 in magnitude");
      }
      lo += c * (c > 0 ? d.lo() : d.hi());
      hi += c * (c > 0 ? d.hi() : d.lo());
    }
    boolean possible =
        comparison == Factor.Comparison.EQUAL
            ? lo <= constant && constant <= hi
            : comparison == Factor.Comparison.AT_MOST ? lo <= constant : lo < hi || lo != constant;
    if (!possible) {
      throw new ModelException("the relation holds for no values of " + describeAll(scope));
    }
    return add(
        FactorKind.LINEAR,
        scope,
        new double[0],
        constant,
        null,
        false,
        0,
        null,
        coefficients.clone(),
        comparison);
  }

  /**
   * An explicit potential over {@code scope}: one non-negative weight per joint value, row-major
   * over the variables' own domains (the last varies fastest), not all zero.
   *
   * @param scope the variables, by flat index
   * @param weights the weights, one per joint value
   * @return this builder
   */
  public ModelBuilder table(int[] scope, double[] weights) {
    if (scope.length < 1) {
      throw new ModelException("table needs at least 1 variable, got 0");
    }
    long entries = 1;
    for (int v : scope) {
      checkDeclared(FactorKind.TABLE, v);
      entries *= domainOf(v).size();
      if (entries > Limits.MAX_TABLE_ENTRIES) {
        throw new ModelException(
            "table over "
                + scope.length
                + " variables has more than "
                + Limits.MAX_TABLE_ENTRIES
                + " entries; the limit is "
                + Limits.MAX_TABLE_ENTRIES);
      }
    }
    if (weights.length != entries) {
      throw new ModelException(
          "table over "
              + describeScope(scope)
              + " needs "
              + entries
              + " weights (one per joint value), got "
              + weights.length);
    }
    return add(FactorKind.TABLE, scope, checkWeights("table", weights), 0, null);
  }

  /**
   * An explicit potential over {@code scope}, as {@link #table(int[], double[])}.
   *
   * @param scope the variables, by flat index
   * @param weights the weights, one per joint value
   * @return this builder
   */
  public ModelBuilder table(List<Integer> scope, double[] weights) {
    int[] variables =
        new int[scope.size()]; // a loop, not a stream: a big model makes this call per factor
    for (int k = 0; k < variables.length; k++) {
      variables[k] = scope.get(k);
    }
    return table(variables, weights);
  }

  /**
   * A unary potential on {@code variable}: one non-negative weight per value of its domain, not all
   * zero.
   *
   * @param variable the variable's flat index
   * @param weights the weights, one per value
   * @return this builder
   */
  public ModelBuilder prior(int variable, double[] weights) {
    checkDeclared(FactorKind.PRIOR, variable);
    int size = domainOf(variable).size();
    if (weights.length != size) {
      throw new ModelException(
          "prior on "
              + describe(variable)
              + " needs "
              + size
              + " weights (one per value), got "
              + weights.length);
    }
    return add(FactorKind.PRIOR, new int[] {variable}, checkWeights("prior", weights), 0, null);
  }

  // ---- Relations and formulas -----------------------------------------------------------------

  /**
   * A hard factor: {@code relation} (a condition over variables named by flat index) must hold. It
   * becomes the factor kind that says it exactly where there is one: {@code a == b} an eq, {@code a
   * != b} a neq, a sum of two or more variables with coefficient 1 equal to a constant ({@code x +
   * y + z == 15}, {@code sum(...) == 15}) a sum. Anything else becomes a table of 1s and 0s over
   * its variables (in the order they first appear), computed here, of at most {@link
   * Limits#MAX_TABLE_ENTRIES} entries; a linear relation whose table would be larger a {@link
   * #linear} factor (a smaller one stays a table, which every algorithm takes). A relation over no
   * variable, or one that holds for no values, is an error.
   *
   * @param relation the condition, over variables named by flat index
   * @return this builder
   */
  public ModelBuilder relation(Formula relation) {
    if (relation == null || relation.type() != Formula.Type.BOOL) {
      throw new ModelException(
          "a relation is a condition (a comparison, and, or, not), not a number");
    }
    int[] vars = relation.variables();
    if (vars.length == 0) {
      throw new ModelException(
          "the relation involves no variable (it is always "
              + (relation.integer() != 0 ? "true" : "false")
              + ")");
    }
    for (int v : vars) {
      checkDeclared("relation", v);
    }
    Linear linear = null;
    if (relation.op().comparison()
        && relation.arg(0).type() == Formula.Type.INT
        && relation.arg(1).type() == Formula.Type.INT) {
      linear = Linear.of(Formula.sub(relation.arg(0), relation.arg(1)));
    }
    if (linear != null && !linear.coefficients.containsValue(0L)) {
      Long[] c = linear.coefficients.values().toArray(new Long[0]);
      boolean opposite =
          c.length == 2 && c[0] == -c[1] && Math.abs(c[0]) == 1 && linear.constant == 0;
      if (opposite && relation.op() == Formula.Op.EQ) {
        return eq(vars[0], vars[1]);
      }
      if (opposite && relation.op() == Formula.Op.NE) {
        return neq(vars[0], vars[1]);
      }
      if (relation.op() == Formula.Op.EQ && c.length >= 2) {
        boolean plus = Arrays.stream(c).allMatch(k -> k == 1);
        boolean minus = Arrays.stream(c).allMatch(k -> k == -1);
        if (plus || minus) {
          return sum(plus ? -linear.constant : linear.constant, vars);
        }
      }
    }
    if (linear != null
        && !linear.coefficients.containsValue(0L)
        && Factor.jointSize(domains(vars)) > Limits.MAX_TABLE_ENTRIES) {
      return linearFactor(relation.op(), linear);
    }
    String hint =
        linear == null || vars.length <= 2
            ? ""
            : "; a linear relation needs no table, but in this one a variable's terms cancel out";
    Expanded table = expand("relation", relation, vars, hint);
    if (allZero(table.table())) {
      throw new ModelException("the relation holds for no values of " + describeAll(vars));
    }
    return add(FactorKind.TABLE, vars, table);
  }

  /**
   * {@code relation}, a comparison of two integer expressions linear in its variables ({@code 3 * x
   * - y + 2 * z <= 7}), as a {@link #linear} factor whatever its size: the factor {@link #relation}
   * makes of a linear relation whose table would be too large, made here for a smaller one too
   * (which then only the exact search takes). A relation that is not linear, whose terms cancel for
   * a variable, or that no values satisfy is an error.
   *
   * @param relation the condition, over variables named by flat index
   * @return this builder
   */
  public ModelBuilder linear(Formula relation) {
    Linear linear =
        relation != null
                && relation.op().comparison()
                && relation.arg(0).type() == Formula.Type.INT
                && relation.arg(1).type() == Formula.Type.INT
            ? Linear.of(Formula.sub(relation.arg(0), relation.arg(1)))
            : null;
    if (linear == null || linear.coefficients.isEmpty()) {
      throw new ModelException(
          "a linear factor is a comparison of two integer expressions linear in their variables");
    }
    for (int v : linear.coefficients.keySet()) {
      checkDeclared("relation", v);
    }
    return linearFactor(relation.op(), linear);
  }

  /** Bound on the magnitude of a linear factor's terms, so that no sum of them overflows. */
  private static final long LINEAR_MAGNITUDE = 1L << 60;

  /**
   * {@code linear op 0} as a linear factor, its comparison one of ==, != and <= (a strict one moves
   * the constant by 1, a >= or > negates the terms) and, for == and !=, its first coefficient
   * positive, so that one relation written two ways is one factor.
   */
  private ModelBuilder linearFactor(Formula.Op op, Linear linear) {
    int[] scope = new int[linear.coefficients.size()];
    long[] c = new long[scope.length];
    int k = 0;
    for (Map.Entry<Integer, Long> term : linear.coefficients.entrySet()) {
      scope[k] = term.getKey();
      c[k++] = term.getValue();
    }
    try {
      long rhs = Math.negateExact(linear.constant);
      boolean negate =
          op == Formula.Op.GE
              || op == Formula.Op.GT
              || (op == Formula.Op.EQ || op == Formula.Op.NE) && c[0] < 0;
      if (negate) {
        rhs = Math.negateExact(rhs);
        for (int p = 0; p < c.length; p++) {
          c[p] = Math.negateExact(c[p]);
        }
      }
      if (op == Formula.Op.LT || op == Formula.Op.GT) {
        rhs = Math.subtractExact(rhs, 1);
      }
      Factor.Comparison cmp =
          op == Formula.Op.EQ
              ? Factor.Comparison.EQUAL
              : op == Formula.Op.NE ? Factor.Comparison.NOT_EQUAL : Factor.Comparison.AT_MOST;
      return linear(c, cmp, rhs, scope);
    } catch (ArithmeticException overflow) {
      throw new ModelException("the linear relation's terms can add up past 2^60 in magnitude");
    }
  }

  /**
   * All of {@code items} (integer formulas) take different values. Plain variables make one alldiff
   * factor; otherwise every pair becomes the relation {@code a != b} (two constants being checked
   * here).
   *
   * @param items the integer formulas, over variables named by flat index
   * @return this builder
   */
  public ModelBuilder alldiffOf(List<Formula> items) {
    boolean plain = items.size() >= 2;
    for (Formula f : items) {
      if (f == null || f.type() != Formula.Type.INT) {
        throw new ModelException(
            "alldiff takes integers, not "
                + (f == null ? "null" : f.type() == Formula.Type.BOOL ? "conditions" : "decimals"));
      }
      plain &= f.op() == Formula.Op.VAR;
    }
    if (plain) {
      return alldiff(items.stream().mapToInt(f -> (int) f.integer()).toArray());
    }
    for (int a = 0; a < items.size(); a++) {
      for (int b = a + 1; b < items.size(); b++) {
        Formula x = items.get(a);
        Formula y = items.get(b);
        if (x.isConstant() && y.isConstant()) {
          if (x.integer() == y.integer()) {
            throw new ModelException(
                "alldiff can never hold: items "
                    + (a + 1)
                    + " and "
                    + (b + 1)
                    + " are both "
                    + x.integer());
          }
          continue;
        }
        relation(Formula.compare(Formula.Op.NE, x, y));
      }
    }
    return this;
  }

  /**
   * A soft factor over {@code scope}: its weight at each joint value is {@code weight} (a number,
   * or a condition counting as 1 or 0) evaluated there; it may only use the variables of {@code
   * scope}, and must be finite and non-negative everywhere and positive somewhere.
   *
   * @param scope the variables, by flat index
   * @param weight the weight, over variables named by flat index
   * @return this builder
   */
  public ModelBuilder weight(int[] scope, Formula weight) {
    if (scope.length < 1) {
      throw new ModelException("weight needs at least 1 variable, got 0");
    }
    if (weight == null) {
      throw new ModelException("a weight formula is missing (null)");
    }
    for (int v : scope) {
      checkDeclared("weight", v);
    }
    int twice = repeated(scope);
    if (twice >= 0) {
      throw new ModelException("weight names " + describe(twice) + " twice");
    }
    int outside = weight.variableOutside(scope);
    if (outside >= 0) {
      throw new ModelException(
          "the weight formula uses "
              + describe(outside)
              + ", which is not in its scope ("
              + describeAll(scope)
              + ")");
    }
    Expanded table = expand("weight", weight, scope, "");
    if (allZero(table.table())) {
      throw new ModelException(
          "the weight formula is 0 for every value of "
              + describeAll(scope)
              + ": no value would be possible");
    }
    return add(FactorKind.TABLE, scope, table);
  }

  /**
   * A soft factor over {@code scope} whose weight is {@code shape} with its variable {@code k}
   * standing for the model's variable {@code variables[k]}: the factor {@link #weight(int[],
   * Formula)} makes of that formula, with the same checks. Factors made from one shape object (a
   * loop's, say) share its table as equal formulas do, found without comparing formula texts.
   *
   * @param scope the variables, by flat index
   * @param shape the weight, its variables numbered from 0
   * @param variables the flat index each of the shape's variables stands for
   * @return this builder
   */
  public ModelBuilder weight(int[] scope, Formula shape, int[] variables) {
    if (scope.length < 1 || shape == null || variables == null) {
      return weight(scope, shape == null || variables == null ? null : shape.renumbered(variables));
    }
    for (int v : scope) {
      checkDeclared("weight", v);
    }
    int[] positions = new int[variables.length];
    for (int k = 0; k < variables.length; k++) {
      positions[k] = Formula.position(scope, variables[k]);
      if (positions[k] < 0) { // the plain path finds and names the culprit
        return weight(scope, shape.renumbered(variables));
      }
    }
    int twice = repeated(scope);
    if (twice >= 0) {
      throw new ModelException("weight names " + describe(twice) + " twice");
    }
    Domain[] domains = domains(scope);
    Expanded table;
    if (lastShape != null && lastShape.matches(shape, positions, domains)) {
      table = lastShaped;
    } else {
      ShapeKey key = new ShapeKey(shape, positions, domains);
      table = shaped.get(key);
      if (table == null) {
        table = expand("weight", shape.renumbered(variables), scope, "");
        shaped.put(key, table);
      }
      lastShape = key;
      lastShaped = table;
    }
    if (allZero(table.table())) {
      throw new ModelException(
          "the weight formula is 0 for every value of "
              + describeAll(scope)
              + ": no value would be possible");
    }
    boolean first = count(table);
    return add(
        FactorKind.TABLE,
        scope,
        table.table(),
        0,
        table.formula(),
        table.compact(),
        first ? table.table().length : 0,
        lastShape.domains, // equal domains, one array: a factor never changes its own
        null,
        null);
  }

  /**
   * A conditional probability table: {@code P(child | parents)}, one row per joint value of the
   * parents (row-major, the last parent fastest), each row one probability per value of the child,
   * non-negative and adding up to 1 within {@link #CPT_TOLERANCE}. The factor is a table over the
   * parents then the child (a prior when there are no parents).
   *
   * @param child the child's flat index
   * @param parents the parents' flat indices
   * @param rows the table's rows, one per joint value of the parents
   * @return this builder
   */
  public ModelBuilder cpt(int child, int[] parents, double[][] rows) {
    checkDeclared("cpt", child);
    for (int p : parents) {
      checkDeclared("cpt", p);
    }
    int[] scope = Arrays.copyOf(parents, parents.length + 1);
    scope[parents.length] = child;
    Domain[] parentDomains = domains(parents);
    long expected = Factor.jointSize(parentDomains);
    String name =
        "cpt of " + describe(child) + (parents.length == 0 ? "" : " given " + describeAll(parents));
    if (rows.length != expected) {
      throw new ModelException(
          name
              + " needs "
              + expected
              + (expected == 1 ? " row" : " rows")
              + (parents.length == 0
                  ? ""
                  : " (one per joint value of " + describeAll(parents) + ")")
              + ", got "
              + rows.length);
    }
    int size = domainOf(child).size();
    if ((long) size * rows.length > Limits.MAX_TABLE_ENTRIES) {
      throw new ModelException(
          name
              + " has more than "
              + Limits.MAX_TABLE_ENTRIES
              + " entries; the limit is "
              + Limits.MAX_TABLE_ENTRIES);
    }
    double[] weights = new double[size * rows.length];
    int[] config = new int[parents.length];
    for (int p = 0; p < parents.length; p++) {
      config[p] = parentDomains[p].lo();
    }
    for (int r = 0; r < rows.length; r++) {
      String where =
          "row "
              + (r + 1)
              + " of "
              + name
              + (parents.length == 0 ? "" : " (" + assignment(parents, config) + ")");
      if (rows[r].length != size) {
        throw new ModelException(
            where
                + " has "
                + rows[r].length
                + " entries; "
                + describe(child)
                + " has "
                + size
                + " values");
      }
      String problem = cptRowProblem(rows[r]);
      if (problem != null) {
        throw new ModelException(where + " " + problem);
      }
      System.arraycopy(rows[r], 0, weights, r * size, size);
      Factor.next(config, parentDomains);
    }
    return parents.length == 0
        ? add(FactorKind.PRIOR, scope, checkWeights("cpt", weights), 0, null)
        : add(FactorKind.TABLE, scope, checkWeights("cpt", weights), 0, null);
  }

  /** How far from 1 a row of a {@link #cpt} may add up. */
  public static final double CPT_TOLERANCE = 1e-9;

  /**
   * What is wrong with one row of a conditional probability table, or null: an entry that is not a
   * finite non-negative number, or a sum further than {@link #CPT_TOLERANCE} from 1. (The language
   * asks this of every row so that it can point at the row.)
   *
   * @param row the probabilities of one row
   * @return the problem, or null when the row is a distribution
   */
  public static String cptRowProblem(double[] row) {
    double sum = 0;
    for (int k = 0; k < row.length; k++) {
      if (!(row[k] >= 0) || Double.isInfinite(row[k])) {
        return "has entry "
            + (k + 1)
            + " = "
            + row[k]
            + "; probabilities are finite and non-negative";
      }
      sum += row[k];
    }
    if (Math.abs(sum - 1.0) <= CPT_TOLERANCE) {
      return null;
    }
    // Twelve significant digits: the sum as the row's decimals add up (0.9, not
    // 0.8999999999999999),
    // and still more than enough to show a miss by more than the tolerance.
    String shown =
        new java.math.BigDecimal(sum)
            .round(new java.math.MathContext(12))
            .stripTrailingZeros()
            .toPlainString();
    return "adds up to " + shown + ", not 1";
  }

  /**
   * The table of {@code formula} over {@code scope}, row-major over the scope's domains; equal
   * formulas over equal domains share one computed array. Every value must be defined and, for a
   * weight, finite and non-negative.
   */
  private Expanded expand(String what, Formula formula, int[] scope, String hint) {
    Domain[] domains = domains(scope);
    long entries = Factor.jointSize(domains);
    if (entries > Limits.MAX_TABLE_ENTRIES) {
      throw new ModelException(
          what
              + " over "
              + scope.length
              + " variables ("
              + describeAll(scope)
              + ") would need a table of "
              + (entries == Long.MAX_VALUE ? "more than " + Long.MAX_VALUE : entries)
              + " entries; the limit is "
              + Limits.MAX_TABLE_ENTRIES
              + hint);
    }
    // The key is written from the formula as given, renumbering as it goes: a loop's factors
    // mostly repeat one formula, and then nothing else is made for them.
    StringBuilder keyText = formula.boundText(scope);
    keyText.append(" over");
    for (Domain d : domains) {
      keyText.append(' ').append(d.lo()).append("..").append(d.hi());
    }
    String key = keyText.toString();
    Expanded cached = computed.get(key);
    if (cached != null) {
      return cached;
    }
    Formula bound = formula.bind(scope);
    long work = entries * bound.size();
    if (expansionWork + work > Limits.MAX_EXPANSION_WORK) {
      throw new ModelException(
          "the model's relations and weight formulas take more than "
              + Limits.MAX_EXPANSION_WORK
              + " steps to expand into tables; the limit is "
              + Limits.MAX_EXPANSION_WORK);
    }
    expansionWork += work;
    double[] table = new double[(int) entries];
    int[] values = new int[scope.length];
    for (int p = 0; p < scope.length; p++) {
      values[p] = domains[p].lo();
    }
    boolean weight = bound.type() != Formula.Type.BOOL;
    for (int k = 0; k < table.length; k++) {
      double w;
      try {
        w = bound.valueAt(values);
      } catch (ModelException e) {
        throw new ModelException(
            e.getMessage() + " in the " + what + " where " + assignment(scope, values));
      }
      if (weight && (!(w >= 0) || Double.isInfinite(w))) {
        throw new ModelException(
            "the weight formula gives "
                + w
                + " where "
                + assignment(scope, values)
                + "; weights must be finite and non-negative");
      }
      table[k] = w == 0.0 ? 0.0 : w;
      Factor.next(values, domains);
    }
    Expanded made = new Expanded(bound, table, Factor.writeFormula(bound.text(), table));
    computed.put(key, made);
    return made;
  }

  private static boolean allZero(double[] table) {
    for (double w : table) {
      if (w != 0.0) {
        return false;
      }
    }
    return true;
  }

  /** A variable {@code scope} names twice, or -1. */
  private static int repeated(int[] scope) {
    if (scope.length <= 16) {
      for (int a = 1; a < scope.length; a++) {
        for (int b = 0; b < a; b++) {
          if (scope[a] == scope[b]) {
            return scope[a];
          }
        }
      }
      return -1;
    }
    Set<Integer> seen = new HashSet<>();
    for (int v : scope) {
      if (!seen.add(v)) {
        return v;
      }
    }
    return -1;
  }

  /** {@code x[0] = 3, x[1] = 5}. */
  private String assignment(int[] scope, int[] values) {
    StringBuilder sb = new StringBuilder();
    for (int p = 0; p < scope.length; p++) {
      sb.append(p == 0 ? "" : ", ").append(describe(scope[p])).append(" = ").append(values[p]);
    }
    return sb.toString();
  }

  private String describeAll(int[] scope) {
    StringBuilder sb = new StringBuilder();
    for (int p = 0; p < scope.length && p < 8; p++) {
      sb.append(p == 0 ? "" : ", ").append(describe(scope[p]));
    }
    return scope.length > 8
        ? sb.append(", ... (").append(scope.length).append(" variables)").toString()
        : sb.toString();
  }

  private Domain[] domains(int[] scope) {
    Domain[] out = new Domain[scope.length];
    for (int p = 0; p < scope.length; p++) {
      out[p] = domainOf(scope[p]);
    }
    return out;
  }

  /**
   * Weights must be finite, non-negative and not all zero; -0.0 becomes 0.0 so the canonical text
   * is unique.
   */
  private static double[] checkWeights(String what, double[] weights) {
    double[] out = new double[weights.length];
    boolean positive = false;
    for (int k = 0; k < weights.length; k++) {
      double w = weights[k];
      if (!(w >= 0) || Double.isInfinite(w)) {
        throw new ModelException(
            what + " weight " + (k + 1) + " is " + w + "; weights must be finite and non-negative");
      }
      out[k] = w == 0.0 ? 0.0 : w;
      positive = positive || w > 0;
    }
    if (!positive) {
      throw new ModelException(what + " weights are all zero: no value would be possible");
    }
    return out;
  }

  private void checkDeclared(FactorKind kind, int v) {
    checkDeclared(kind.keyword(), v);
  }

  private void checkDeclared(String what, int v) {
    if (v < 0 || v >= nextIndex) {
      throw new ModelException(what + " names variable " + v + ", which is not declared");
    }
  }

  /**
   * The domain of the declared variable {@code variable} (a flat index).
   *
   * @param variable the variable's flat index
   * @return its domain
   */
  public Domain domain(int variable) {
    return domainOf(variable);
  }

  private Domain domainOf(int v) {
    VariableArray a = arrayHolding(v);
    if (a == null) {
      throw new ModelException("variable " + v + " is not declared");
    }
    return a.domain();
  }

  /**
   * The array that holds flat index {@code v}, or null: a binary search, as arrays are declared at
   * rising indices.
   */
  private VariableArray arrayHolding(int v) {
    int lo = 0;
    int hi = arrays.size() - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      VariableArray a = arrays.get(mid);
      if (v < a.firstIndex()) {
        hi = mid - 1;
      } else if (v >= a.firstIndex() + a.size()) {
        lo = mid + 1;
      } else {
        return a;
      }
    }
    return null;
  }

  private String describeScope(int[] scope) {
    return scope.length == 1 ? describe(scope[0]) : scope.length + " variables";
  }

  private ModelBuilder add(FactorKind kind, int[] scope) {
    return add(kind, scope, new double[0], 0, null);
  }

  /**
   * A table computed from a formula; its array and formula are shared, and counted once among the
   * model's weights.
   */
  private ModelBuilder add(FactorKind kind, int[] scope, Expanded table) {
    boolean first = count(table);
    return add(
        kind,
        scope,
        table.table(),
        0,
        table.formula(),
        table.compact(),
        first ? table.table().length : 0);
  }

  private ModelBuilder add(
      FactorKind kind, int[] scope, double[] weights, long total, Formula formula) {
    return add(
        kind,
        scope,
        weights,
        total,
        formula,
        formula != null && Factor.writeFormula(formula.text(), weights),
        weights.length);
  }

  private ModelBuilder add(
      FactorKind kind,
      int[] scope,
      double[] weights,
      long total,
      Formula formula,
      boolean compact,
      int newWeights) {
    return add(kind, scope, weights, total, formula, compact, newWeights, null, null, null);
  }

  /**
   * {@code domains} are the scope's, or null to look them up; {@code coefficients} and {@code
   * comparison} are a linear factor's, else null.
   */
  private ModelBuilder add(
      FactorKind kind,
      int[] scope,
      double[] weights,
      long total,
      Formula formula,
      boolean compact,
      int newWeights,
      Domain[] domains,
      long[] coefficients,
      Factor.Comparison comparison) {
    if (factorCount >= Limits.MAX_FACTORS) {
      throw new ModelException("more than " + Limits.MAX_FACTORS + " factors");
    }
    if (scope.length > Limits.MAX_ARITY) {
      throw new ModelException(
          kind.keyword()
              + " over "
              + scope.length
              + " variables; the limit is "
              + Limits.MAX_ARITY);
    }
    for (int v : scope) {
      if (v < 0 || v >= nextIndex) {
        throw new ModelException(
            kind.keyword() + " names variable " + v + ", which is not declared");
      }
    }
    int twice = repeated(scope);
    if (twice >= 0) {
      throw new ModelException(kind.keyword() + " names " + describe(twice) + " twice");
    }
    if (tableEntries + newWeights > Limits.MAX_MODEL_TABLE_ENTRIES) {
      throw new ModelException(
          "the model's tables would hold more than "
              + Limits.MAX_MODEL_TABLE_ENTRIES
              + " weights in all; the limit is "
              + Limits.MAX_MODEL_TABLE_ENTRIES);
    }
    tableEntries += newWeights;
    modelBytes += Limits.FACTOR_BYTES + Limits.SCOPE_ENTRY_BYTES * scope.length;
    if (modelBytes > heapBytes) {
      throw new ModelException(
          "the model is too big for this JVM's heap: its first "
              + (factorCount + 1)
              + " factors take more than "
              + mib(modelBytes)
              + " of memory, past the "
              + mib(heapBytes)
              + " a model may have (half of the maximum heap, "
              + mib(heapBytes * Limits.MODEL_HEAP_SHARE)
              + "); give Java a larger heap, e.g. JAVA_TOOL_OPTIONS=-Xmx"
              + Math.max(1, (modelBytes * Limits.MODEL_HEAP_SHARE * 2 >> 30) + 1)
              + "g");
    }
    Factor factor =
        new Factor(
            kind,
            scope.clone(),
            domains != null ? domains : domains(scope),
            weights,
            total,
            formula,
            compact,
            coefficients,
            comparison);
    factorCount++;
    lastAdded = factor;
    lastJoined = join(factor);
    if (!lastJoined) {
      built.add(FactorFamily.single(factor));
      origins.add(origin);
    }
    return this;
  }

  /**
   * Adds {@code factor} to the last family when it goes on that family's run (one dimension, same
   * origin); else false.
   */
  private boolean join(Factor factor) {
    int last = built.size() - 1;
    if (last < 0 || origins.get(last) != origin) {
      return false;
    }
    FactorFamily run = built.get(last);
    if (run.dimensions() > 1 || !run.first().sameButScope(factor)) {
      return false;
    }
    Factor first = run.first();
    int arity = factor.arity();
    int[] step = new int[arity];
    if (run.dimensions() == 0) {
      for (int p = 0; p < arity; p++) {
        step[p] = factor.variable(p) - first.variable(p);
      }
      built.set(last, new FactorFamily(first, new int[] {2}, new int[][] {step}));
      return true;
    }
    int count = run.count(0);
    for (int p = 0; p < arity; p++) {
      if ((long) factor.variable(p) - first.variable(p) != (long) count * run.step(0, p)) {
        return false;
      }
    }
    built.set(last, new FactorFamily(first, new int[] {count + 1}, run.steps()));
    return true;
  }

  /** Counts {@code table} among the model's weights the first time it is used; true then. */
  private boolean count(Expanded table) {
    if (!counted.add(table)) {
      return false;
    }
    countedOrder.add(table);
    return true;
  }

  /** Tables in the order {@link #counted} took them, so a rollback can forget the later ones. */
  private final List<Expanded> countedOrder = new ArrayList<>();

  /** What {@link #rollback} restores: the builder's factors and counts at one moment. */
  public static final class Mark {
    private final int builtSize;
    private final FactorFamily lastFamily;
    private final int factorCount;
    private final long tableEntries;
    private final long modelBytes;
    private final Factor lastAdded;
    private final boolean lastJoined;
    private final int countedSize;

    private Mark(ModelBuilder b) {
      builtSize = b.built.size();
      lastFamily = builtSize == 0 ? null : b.built.get(builtSize - 1);
      factorCount = b.factorCount;
      tableEntries = b.tableEntries;
      modelBytes = b.modelBytes;
      lastAdded = b.lastAdded;
      lastJoined = b.lastJoined;
      countedSize = b.countedOrder.size();
    }
  }

  /**
   * The builder's factors as they are now, to {@link #rollback} to: the language tries a loop's
   * first members, and takes them back when the loop is not one family.
   *
   * @return a mark of this moment
   */
  public Mark mark() {
    return new Mark(this);
  }

  /**
   * Takes back every factor added since {@code mark} (variables and observations stay).
   *
   * @param mark a mark of this builder
   */
  public void rollback(Mark mark) {
    while (built.size() > mark.builtSize) {
      built.remove(built.size() - 1);
      origins.remove(origins.size() - 1);
    }
    if (mark.builtSize > 0) {
      built.set(mark.builtSize - 1, mark.lastFamily);
    }
    factorCount = mark.factorCount;
    tableEntries = mark.tableEntries;
    modelBytes = mark.modelBytes;
    lastAdded = mark.lastAdded;
    lastJoined = mark.lastJoined;
    while (countedOrder.size() > mark.countedSize) {
      counted.remove(countedOrder.remove(countedOrder.size() - 1));
    }
  }

  /**
   * How many factors the builder holds so far.
   *
   * @return the number of factors
   */
  public int factorCount() {
    return factorCount;
  }

  /**
   * The factor added last, or null (none yet, or it was repeated already).
   *
   * @return the factor
   */
  public Factor lastFactor() {
    return lastAdded;
  }

  /**
   * Repeats the factor added last over a box of loop indices: {@code counts[0] x counts[1] x ...}
   * factors in all (the last dimension fastest), member {@code (i0, i1, ...)} the same factor with
   * {@code i0 * steps[0][p] + i1 * steps[1][p] + ...} added to scope position {@code p}'s variable;
   * the factor itself is member {@code (0, 0, ...)}. This is how a loop of the language is stored
   * without being unrolled: the whole family costs a few numbers. Each position's variables must
   * stay in the array of the factor's variable there, and every position must move by the same
   * steps, so no member names a variable twice.
   *
   * @param counts how many members each dimension has, each at least 1
   * @param steps per dimension, one step per scope position
   * @return this builder
   */
  public ModelBuilder repeatLast(int[] counts, int[][] steps) {
    if (lastAdded == null) {
      throw new ModelException("repeatLast needs a factor added before it");
    }
    Factor first = lastAdded;
    int arity = first.arity();
    if (counts.length != steps.length) {
      throw new ModelException(
          "repeatLast: " + counts.length + " counts but " + steps.length + " step lists");
    }
    long members = 1;
    for (int d = 0; d < counts.length; d++) {
      if (counts[d] < 1) {
        throw new ModelException(
            "repeatLast: count " + counts[d] + " in dimension " + (d + 1) + " is below 1");
      }
      if (steps[d] == null || steps[d].length != arity) {
        throw new ModelException(
            "repeatLast: dimension "
                + (d + 1)
                + " needs "
                + arity
                + " steps, one per scope position");
      }
      members *= counts[d];
      if (members > Limits.MAX_FACTORS) {
        break;
      }
    }
    if (factorCount - 1 + members > Limits.MAX_FACTORS) {
      throw new ModelException("more than " + Limits.MAX_FACTORS + " factors");
    }
    for (int p = 0; p < arity; p++) {
      long lo = first.variable(p);
      long hi = lo;
      for (int d = 0; d < counts.length; d++) {
        long reach = (long) (counts[d] - 1) * steps[d][p];
        lo += Math.min(0, reach);
        hi += Math.max(0, reach);
        if (steps[d][p] != steps[d][0]) {
          throw new ModelException(
              "repeatLast: the scope's positions move by different steps in dimension "
                  + (d + 1)
                  + ", so a member might name a variable twice; add those factors one by one");
        }
      }
      VariableArray home = arrayHolding(first.variable(p));
      if (lo < home.firstIndex() || hi >= home.firstIndex() + home.size()) {
        throw new ModelException(
            "repeatLast: position "
                + (p + 1)
                + " leaves "
                + home.name()
                + " (variables "
                + lo
                + " to "
                + hi
                + " of a family from "
                + describe(first.variable(p))
                + ")");
      }
    }
    int[] c = counts.clone();
    int[][] st = new int[steps.length][];
    for (int d = 0; d < steps.length; d++) {
      st[d] = steps[d].clone();
    }
    if (lastJoined) { // take the factor back out of the run it joined
      int last = built.size() - 1;
      FactorFamily run = built.get(last);
      int left = run.count(0) - 1;
      built.set(
          last,
          left == 1
              ? FactorFamily.single(run.first())
              : new FactorFamily(run.first(), new int[] {left}, run.steps()));
    } else {
      built.remove(built.size() - 1);
      origins.remove(origins.size() - 1);
    }
    built.add(new FactorFamily(first, c, st));
    origins.add(origin);
    factorCount += (int) members - 1;
    lastAdded = null; // a family is repeated once
    return this;
  }

  private static String mib(long bytes) {
    return String.format(java.util.Locale.ROOT, "%,.1f MiB", bytes / (double) (1 << 20));
  }

  /**
   * Where the factors added from now on were made (the statement of a model file), or null for
   * none; later errors about them point there ({@link Model#atFactor}).
   *
   * @param origin where the next factors come from, or null
   * @return this builder
   */
  public ModelBuilder origin(Origin origin) {
    this.origin = origin;
    return this;
  }

  private String describe(int v) {
    VariableArray a = arrayHolding(v);
    return a != null ? a.elementName(v - a.firstIndex()) : "variable " + v;
  }

  /**
   * The finished model; the builder may not be used afterwards in a way that changes it.
   *
   * @return the model
   */
  public Model build() {
    if (arrays.isEmpty()) {
      throw new ModelException("model '" + name + "' declares no variables");
    }
    return new Model(name, arrays, built, origins);
  }
}
