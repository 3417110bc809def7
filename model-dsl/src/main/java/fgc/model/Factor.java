package fgc.model;

import java.util.Arrays;

/** One factor: a kind and the flat indices of the variables it connects, in order. Immutable. */
public final class Factor {
  private final FactorKind kind;
  private final int[] scope;

  Factor(FactorKind kind, int[] scope) {
    this.kind = kind;
    this.scope = scope.clone();
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

  @Override
  public boolean equals(Object o) {
    return o instanceof Factor && ((Factor) o).kind == kind && Arrays.equals(((Factor) o).scope, scope);
  }

  @Override
  public int hashCode() {
    return kind.hashCode() * 31 + Arrays.hashCode(scope);
  }

  @Override
  public String toString() {
    return kind.keyword() + Arrays.toString(scope);
  }
}
