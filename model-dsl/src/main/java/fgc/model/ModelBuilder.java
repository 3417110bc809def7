package fgc.model;

import fgc.model.ComputedTables.Expanded;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
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

  /** The variable arrays declared so far. */
  private final DeclaredVariables declared = new DeclaredVariables();

  /** The tables computed from formulas, shared by the factors of equal ones. */
  private final ComputedTables tables = new ComputedTables(declared);

  /** The factors so far, as families. */
  private final BuiltFamilies families = new BuiltFamilies(declared);

  /** Relation formulas made into factors. */
  private final RelationFactors relations = new RelationFactors(this, declared, tables);

  /** What the model takes so far, held to its limits. */
  private final ModelSize size;

  ModelBuilder(String name) {
    this(name, Runtime.getRuntime().maxMemory());
  }

  /** A builder for a JVM of {@code maxHeapBytes} of heap (tests give a small one). */
  ModelBuilder(String name, long maxHeapBytes) {
    this.name = Names.checkIdentifier(name, "model");
    this.size = new ModelSize(maxHeapBytes);
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
    return declared.declare(arrayName, domain, dims);
  }

  /**
   * Marks the array {@code arrayName} as observed: its values may be set as evidence at run time.
   *
   * @param arrayName the name of a declared array
   * @return this builder
   */
  public ModelBuilder observe(String arrayName) {
    declared.observe(arrayName);
    return this;
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
    declared.labels(arrayName, labels);
    return this;
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
      declared.checkDeclared(FactorKind.SUM, v);
      lo += declared.domainOf(v).lo();
      hi += declared.domainOf(v).hi();
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
      declared.checkDeclared(FactorKind.LINEAR, scope[p]);
      long c = coefficients[p];
      if (c == 0) {
        throw new ModelException("linear has coefficient 0 for " + declared.describe(scope[p]));
      }
      Domain d = declared.domainOf(scope[p]);
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
      throw new ModelException(
          "the relation holds for no values of " + declared.describeAll(scope));
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
      declared.checkDeclared(FactorKind.TABLE, v);
      entries *= declared.domainOf(v).size();
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
              + declared.describeScope(scope)
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
    declared.checkDeclared(FactorKind.PRIOR, variable);
    int size = declared.domainOf(variable).size();
    if (weights.length != size) {
      throw new ModelException(
          "prior on "
              + declared.describe(variable)
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
    return relations.relation(relation);
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
    return relations.linear(relation);
  }

  /** Bound on the magnitude of a linear factor's terms, so that no sum of them overflows. */
  private static final long LINEAR_MAGNITUDE = 1L << 60;

  /**
   * All of {@code items} (integer formulas) take different values. Plain variables make one alldiff
   * factor; otherwise every pair becomes the relation {@code a != b} (two constants being checked
   * here).
   *
   * @param items the integer formulas, over variables named by flat index
   * @return this builder
   */
  public ModelBuilder alldiffOf(List<Formula> items) {
    return relations.alldiffOf(items);
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
      declared.checkDeclared("weight", v);
    }
    int twice = repeated(scope);
    if (twice >= 0) {
      throw new ModelException("weight names " + declared.describe(twice) + " twice");
    }
    int outside = weight.variableOutside(scope);
    if (outside >= 0) {
      throw new ModelException(
          "the weight formula uses "
              + declared.describe(outside)
              + ", which is not in its scope ("
              + declared.describeAll(scope)
              + ")");
    }
    Expanded table = tables.expand("weight", weight, scope, "");
    if (ComputedTables.allZero(table.table())) {
      throw new ModelException(
          "the weight formula is 0 for every value of "
              + declared.describeAll(scope)
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
      declared.checkDeclared("weight", v);
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
      throw new ModelException("weight names " + declared.describe(twice) + " twice");
    }
    Expanded table = tables.ofShape(shape, positions, variables, scope);
    if (ComputedTables.allZero(table.table())) {
      throw new ModelException(
          "the weight formula is 0 for every value of "
              + declared.describeAll(scope)
              + ": no value would be possible");
    }
    boolean first = tables.count(table);
    return add(
        FactorKind.TABLE,
        scope,
        table.table(),
        0,
        table.formula(),
        table.compact(),
        first ? table.table().length : 0,
        tables.lastShapeDomains(), // equal domains, one array: a factor never changes its own
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
    declared.checkDeclared("cpt", child);
    for (int p : parents) {
      declared.checkDeclared("cpt", p);
    }
    int[] scope = Arrays.copyOf(parents, parents.length + 1);
    scope[parents.length] = child;
    double[] weights = ConditionalTables.weights(declared, child, parents, rows);
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
    return ConditionalTables.rowProblem(row);
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

  /**
   * The domain of the declared variable {@code variable} (a flat index).
   *
   * @param variable the variable's flat index
   * @return its domain
   */
  public Domain domain(int variable) {
    return declared.domainOf(variable);
  }

  private ModelBuilder add(FactorKind kind, int[] scope) {
    return add(kind, scope, new double[0], 0, null);
  }

  /**
   * A table computed from a formula; its array and formula are shared, and counted once among the
   * model's weights.
   */
  ModelBuilder add(FactorKind kind, int[] scope, Expanded table) {
    boolean first = tables.count(table);
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
    if (families.factorCount() >= Limits.MAX_FACTORS) {
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
      if (v < 0 || v >= declared.count()) {
        throw new ModelException(
            kind.keyword() + " names variable " + v + ", which is not declared");
      }
    }
    int twice = repeated(scope);
    if (twice >= 0) {
      throw new ModelException(kind.keyword() + " names " + declared.describe(twice) + " twice");
    }
    size.addFactor(scope.length, newWeights, families.factorCount());
    Factor factor =
        new Factor(
            kind,
            scope.clone(),
            domains != null ? domains : declared.domains(scope),
            weights,
            total,
            formula,
            compact,
            coefficients,
            comparison);
    families.add(factor);
    return this;
  }

  /** What {@link #rollback} restores: the builder's factors and counts at one moment. */
  public static final class Mark {
    private final BuiltFamilies.State families;
    private final ModelSize.State size;
    private final int countedSize;

    private Mark(ModelBuilder b) {
      families = b.families.state();
      size = b.size.state();
      countedSize = b.tables.countedSize();
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
    families.rollback(mark.families);
    size.rollback(mark.size);
    tables.forgetAfter(mark.countedSize);
  }

  /**
   * How many factors the builder holds so far.
   *
   * @return the number of factors
   */
  public int factorCount() {
    return families.factorCount();
  }

  /**
   * The factor added last, or null (none yet, or it was repeated already).
   *
   * @return the factor
   */
  public Factor lastFactor() {
    return families.lastAdded();
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
    families.repeatLast(counts, steps);
    return this;
  }

  /**
   * Where the factors added from now on were made (the statement of a model file), or null for
   * none; later errors about them point there ({@link Model#atFactor}).
   *
   * @param origin where the next factors come from, or null
   * @return this builder
   */
  public ModelBuilder origin(Origin origin) {
    families.origin(origin);
    return this;
  }

  /**
   * The finished model; the builder may not be used afterwards in a way that changes it.
   *
   * @return the model
   */
  public Model build() {
    if (declared.arrays().isEmpty()) {
      throw new ModelException("model '" + name + "' declares no variables");
    }
    return new Model(name, declared.arrays(), families.families(), families.origins());
  }
}
