package fgc.model;

import java.util.Arrays;
import java.util.Optional;

/**
 * One factor: a kind, the flat indices of the variables it connects, in order, and its data: the
 * weights of a {@link FactorKind#TABLE} or {@link FactorKind#PRIOR}, the total of a {@link
 * FactorKind#SUM}, the coefficients, comparison and constant of a {@link FactorKind#LINEAR}. A
 * table computed from a relation or a weight formula keeps the {@link #formula()} too, which the
 * canonical text writes instead of the weights when it is shorter. Immutable.
 *
 * <p>{@link #potential(int[])} is the one definition of what a factor allows and weighs: the answer
 * check, the reference interpreters and the table expansion all read it.
 */
public final class Factor {
  private static final double[] NO_WEIGHTS = new double[0];
  private static final long[] NO_COEFFICIENTS = new long[0];

  /**
   * How a {@link FactorKind#LINEAR} factor compares its sum with its constant; {@code <}, {@code
   * >=} and {@code >} are written as {@code <=} when the factor is made.
   */
  public enum Comparison {
    /** The sum equals the constant. */
    EQUAL("=="),
    /** The sum differs from the constant. */
    NOT_EQUAL("!="),
    /** The sum is at most the constant. */
    AT_MOST("<=");

    private final String symbol;

    Comparison(String symbol) {
      this.symbol = symbol;
    }

    /**
     * The comparison as the language and the canonical text write it.
     *
     * @return {@code ==}, {@code !=} or {@code <=}
     */
    public String symbol() {
      return symbol;
    }

    /**
     * Whether {@code sum} compares with {@code constant} this way.
     *
     * @param sum the sum of the terms
     * @param constant the factor's constant
     * @return true when the relation holds
     */
    public boolean holds(long sum, long constant) {
      return this == EQUAL
          ? sum == constant
          : this == NOT_EQUAL ? sum != constant : sum <= constant;
    }
  }

  private final FactorKind kind;
  private final int[] scope;
  private final Domain[] domains;
  private final double[] weights;
  private final long total;
  private final Formula formula;
  private final boolean compact;
  private final long[] coefficients;
  private final Comparison comparison;

  /**
   * A factor; its scope, domains and weights are the builder's own arrays, kept as they are (the
   * builder never changes them again, which lets equal computed tables share one array), and {@code
   * compact} says whether its canonical text writes the formula ({@link #writeFormula}), worked out
   * once for every factor that shares the formula and its table.
   */
  Factor(
      FactorKind kind,
      int[] scope,
      Domain[] domains,
      double[] weights,
      long total,
      Formula formula,
      boolean compact,
      long[] coefficients,
      Comparison comparison) {
    this.kind = kind;
    this.scope = scope;
    this.domains = domains;
    this.weights = weights.length == 0 ? NO_WEIGHTS : weights;
    this.total = total;
    this.formula = formula;
    this.compact = compact;
    this.coefficients = coefficients == null ? NO_COEFFICIENTS : coefficients;
    this.comparison = comparison;
  }

  /**
   * Whether {@code other} differs from this factor at most in its scope: the same kind, arity,
   * total, domain at each position, weights and formula, so that one can stand for the other in a
   * family of factors ({@link FactorFamily}).
   *
   * @param other another factor
   * @return true when only the scopes may differ
   */
  public boolean sameButScope(Factor other) {
    if (kind != other.kind
        || scope.length != other.scope.length
        || total != other.total
        || comparison != other.comparison
        || !Arrays.equals(coefficients, other.coefficients)) {
      return false;
    }
    for (int p = 0; p < domains.length; p++) {
      if (domains[p] != other.domains[p] && !domains[p].equals(other.domains[p])) {
        return false;
      }
    }
    if (formula != other.formula
        && (formula == null
            || other.formula == null
            || !formula.text().equals(other.formula.text()))) {
      return false;
    }
    // Equal bits, equal text: DecimalText writes two doubles alike only when they are the same
    // double.
    return sameWeights(other);
  }

  /** The same factor over {@code scope} (the caller's array, kept): a member of a family. */
  Factor withScope(int[] scope) {
    return new Factor(
        kind, scope, domains, weights, total, formula, compact, coefficients, comparison);
  }

  /**
   * Whether the formula's text is shorter than the weights' text would be (each weight takes at
   * least 4 characters).
   */
  static boolean writeFormula(String text, double[] weights) {
    if (text.length() < 4L * weights.length) {
      return true;
    }
    long length = 0;
    for (double w : weights) {
      length += 1 + DecimalText.of(w).length();
    }
    return text.length() < length;
  }

  /**
   * What kind of factor this is, which decides its meaning and the kernels that serve it.
   *
   * @return the kind
   */
  public FactorKind kind() {
    return kind;
  }

  /**
   * How many variables the factor's scope has.
   *
   * @return the size of the scope
   */
  public int arity() {
    return scope.length;
  }

  /**
   * The flat index of the {@code position}-th variable in the scope.
   *
   * @param position a position in the scope
   * @return the variable's flat index
   */
  public int variable(int position) {
    return scope[position];
  }

  /**
   * The scope: the flat indices of the factor's variables, in order.
   *
   * @return a copy of the scope
   */
  public int[] scope() {
    return scope.clone();
  }

  /**
   * The domain of the {@code position}-th variable in the scope.
   *
   * @param position a position in the scope
   * @return the variable's domain
   */
  public Domain domain(int position) {
    return domains[position];
  }

  /**
   * The weights of a table or prior (row-major over the scope's own domains); empty for other
   * kinds.
   *
   * @return a copy of the weights
   */
  public double[] weights() {
    return weights.clone();
  }

  /**
   * Weight {@code k} without copying the array.
   *
   * @param k the weight's index
   * @return the weight
   */
  public double weight(int k) {
    return weights[k];
  }

  /**
   * Whether {@code other} has the same weights, bit for bit (two factors of one loop usually share
   * one array, which is seen at once).
   *
   * @param other another factor
   * @return true when both weight arrays hold the same doubles
   */
  public boolean sameWeights(Factor other) {
    if (weights == other.weights) {
      return true;
    }
    if (weights.length != other.weights.length) {
      return false;
    }
    for (int k = 0; k < weights.length; k++) {
      if (Double.doubleToLongBits(weights[k]) != Double.doubleToLongBits(other.weights[k])) {
        return false;
      }
    }
    return true;
  }

  /**
   * How many weights a table or prior has; 0 for other kinds.
   *
   * @return the number of weights
   */
  public int weightCount() {
    return weights.length;
  }

  /**
   * The total a {@link FactorKind#SUM} factor's values add up to, the constant a {@link
   * FactorKind#LINEAR} factor compares its sum with; 0 for other kinds.
   *
   * @return the total
   */
  public long total() {
    return total;
  }

  /**
   * The coefficient of the {@code position}-th variable of a {@link FactorKind#LINEAR} factor.
   *
   * @param position a position in the scope
   * @return the coefficient (never 0)
   */
  public long coefficient(int position) {
    return coefficients[position];
  }

  /**
   * How a {@link FactorKind#LINEAR} factor compares its sum with {@link #total()}; null for other
   * kinds.
   *
   * @return the comparison, or null
   */
  public Comparison comparison() {
    return comparison;
  }

  /**
   * The relation or weight formula a table was computed from, its variables numbered by scope
   * position; empty for a table given weight by weight and for every other kind.
   *
   * @return the formula, if the table was computed from one
   */
  public Optional<Formula> formula() {
    return Optional.ofNullable(formula);
  }

  /** Whether the canonical text writes this factor as its formula rather than its weights. */
  boolean writtenAsFormula() {
    return compact;
  }

  /**
   * The factor's potential where its scope takes {@code values} (actual values, one per scope
   * position, not value indices): 0 outside a variable's domain; for alldiff and neq 1 when the
   * values are pairwise different, for eq when they are equal, for sum when they add up to the
   * total, for linear when {@code sum of c_i * v_i} compares with the constant as the factor says,
   * else 0; for a table or prior its weight there.
   *
   * @param values the scope's values
   * @return the potential
   */
  public double potential(int[] values) {
    if (values.length != scope.length) {
      throw new IllegalArgumentException(
          values.length + " values for a factor over " + scope.length + " variables");
    }
    int entry = 0;
    for (int p = 0; p < values.length; p++) {
      if (!domains[p].contains(values[p])) {
        return 0.0;
      }
      entry = entry * domains[p].size() + (values[p] - domains[p].lo());
    }
    switch (kind) {
      case ALLDIFF:
      case NEQ:
        for (int a = 0; a < values.length; a++) {
          for (int b = a + 1; b < values.length; b++) {
            if (values[a] == values[b]) {
              return 0.0;
            }
          }
        }
        return 1.0;
      case EQ:
        for (int a = 1; a < values.length; a++) {
          if (values[a] != values[0]) {
            return 0.0;
          }
        }
        return 1.0;
      case SUM:
        {
          long sum = 0;
          for (int v : values) {
            sum += v;
          }
          return sum == total ? 1.0 : 0.0;
        }
      case LINEAR:
        {
          long sum = 0; // ModelBuilder bounds the terms' magnitudes: no overflow
          for (int p = 0; p < values.length; p++) {
            sum += coefficients[p] * values[p];
          }
          return comparison.holds(sum, total) ? 1.0 : 0.0;
        }
      case TABLE:
      case PRIOR:
        return weights[entry];
      default:
        throw new IllegalStateException("no potential for factor kind " + kind);
    }
  }

  /**
   * Whether {@code values} (as for {@link #potential}) have a positive potential.
   *
   * @param values the scope's values
   * @return true when the potential is positive
   */
  public boolean allows(int[] values) {
    return potential(values) > 0.0;
  }

  /**
   * How many joint values the scope has: the product of its domain sizes (saturating at
   * Long.MAX_VALUE).
   *
   * @return the number of joint values
   */
  public long jointSize() {
    return jointSize(domains);
  }

  static long jointSize(Domain[] domains) {
    long n = 1;
    for (Domain d : domains) {
      if (n > Long.MAX_VALUE / d.size()) {
        return Long.MAX_VALUE;
      }
      n *= d.size();
    }
    return n;
  }

  /**
   * The potential at every joint value of the scope, row-major over the scope's domains (the last
   * variable varies fastest), whatever the kind: the weights of a table or prior, the 0/1 table of
   * any other factor. At most {@link Limits#MAX_TABLE_ENTRIES} entries, else a ModelException.
   *
   * @return the table
   */
  public double[] table() {
    if (kind.weighted()) {
      return weights.clone();
    }
    long entries = jointSize();
    if (entries > Limits.MAX_TABLE_ENTRIES) {
      throw new ModelException(
          kind.keyword()
              + " over "
              + scope.length
              + " variables has "
              + (entries == Long.MAX_VALUE ? "more than " + Long.MAX_VALUE : entries)
              + " joint values; a table holds at most "
              + Limits.MAX_TABLE_ENTRIES);
    }
    double[] out = new double[(int) entries];
    int[] values = new int[scope.length];
    for (int p = 0; p < values.length; p++) {
      values[p] = domains[p].lo();
    }
    for (int k = 0; k < out.length; k++) {
      out[k] = potential(values);
      next(values, domains);
    }
    return out;
  }

  /**
   * Steps {@code values} to the next joint value in row-major order (wrapping round after the
   * last).
   */
  static void next(int[] values, Domain[] domains) {
    for (int p = values.length - 1; p >= 0; p--) {
      if (values[p] < domains[p].hi()) {
        values[p]++;
        return;
      }
      values[p] = domains[p].lo();
    }
  }

  /**
   * Equal kind, scope and meaning: a table computed from a formula equals the same weights given
   * one by one.
   */
  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Factor)) {
      return false;
    }
    Factor f = (Factor) o;
    return f.kind == kind
        && Arrays.equals(f.scope, scope)
        && Arrays.equals(f.weights, weights)
        && f.total == total
        && f.comparison == comparison
        && Arrays.equals(f.coefficients, coefficients);
  }

  @Override
  public int hashCode() {
    return (kind.hashCode() * 31 + Arrays.hashCode(scope)) * 31 + Arrays.hashCode(weights);
  }

  @Override
  public String toString() {
    return kind.keyword() + Arrays.toString(scope);
  }
}
