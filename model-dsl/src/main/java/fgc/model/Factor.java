package fgc.model;

import java.util.Arrays;

/**
 * One factor: a kind, the flat indices of the variables it connects, in order, and its data: the
 * weights of a {@link FactorKind#TABLE} or {@link FactorKind#PRIOR}, the total of a
 * {@link FactorKind#SUM}. Immutable.
 */
public final class Factor {
  private static final double[] NO_WEIGHTS = new double[0];

  private final FactorKind kind;
  private final int[] scope;
  private final double[] weights;
  private final long total;

  Factor(FactorKind kind, int[] scope) {
    this(kind, scope, NO_WEIGHTS, 0);
  }

  Factor(FactorKind kind, int[] scope, double[] weights, long total) {
    this.kind = kind;
    this.scope = scope.clone();
    this.weights = weights.clone();
    this.total = total;
  }

  public FactorKind kind() {
    return kind;
  }

  public int arity() {
    return scope.length;
  }

  /** The flat index of the {@code position}-th variable in the scope. */
  public int variable(int position) {
    return scope[position];
  }

  public int[] scope() {
    return scope.clone();
  }

  /** The weights of a table or prior (row-major over the scope's own domains); empty for other kinds. */
  public double[] weights() {
    return weights.clone();
  }

  /** Weight {@code k} without copying the array. */
  public double weight(int k) {
    return weights[k];
  }

  public int weightCount() {
    return weights.length;
  }

  /** The total a {@link FactorKind#SUM} factor's values add up to; 0 for other kinds. */
  public long total() {
    return total;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Factor)) {
      return false;
    }
    Factor f = (Factor) o;
    return f.kind == kind && Arrays.equals(f.scope, scope) && Arrays.equals(f.weights, weights) && f.total == total;
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
