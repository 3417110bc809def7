package fgc.plan;

import fgc.model.Factor;
import fgc.model.FactorKind;
import fgc.solver.PairFamilies;
import fgc.solver.PairwiseKernels;

/**
 * The potentials of pairwise BP beyond {@code neq}, as {@link PairFamilies} rebuilds them from a
 * plan's families: every factor between the same two variables is combined into one potential for
 * the pair (their product), so a pair is one edge whatever it holds. Per directed edge a kind
 * ({@link PairwiseKernels}): {@code NEQ} when the pair holds only {@code neq}/{@code alldiff}
 * constraints (the inline message, as before), {@code EQ} when only {@code eq}, else {@code
 * MATRIX}: the product of its tables (in model order) with the {@code neq} and {@code eq}
 * constraints applied, over the two variables' own ranges, sender's value the row. Identical
 * matrices are stored once. Unary factors ({@code prior}, one-variable {@code table}) become
 * per-variable weights, their product in model order, to be multiplied into the prior. Every
 * product is kept in scale as it is formed ({@link Weights}): matrices and unary weights have their
 * largest entry in [1, 2), whatever the model's weights.
 */
public final class PairPotentials {
  private final PairFamilies tables;
  private final boolean anyEdgeKernel;
  private final boolean anyUnary;

  PairPotentials(PairFamilies tables, boolean anyEdgeKernel, boolean anyUnary) {
    this.tables = tables;
    this.anyEdgeKernel = anyEdgeKernel;
    this.anyUnary = anyUnary;
  }

  /** Whether a factor of this kind and arity joins two variables in pairwise BP. */
  static boolean isPairwise(Factor f) {
    return f.kind() == FactorKind.ALLDIFF
        || f.kind() == FactorKind.NEQ
        || f.kind() == FactorKind.EQ
        || (f.kind() == FactorKind.TABLE && f.arity() == 2);
  }

  /** Whether a factor only weighs the values of one variable. */
  static boolean isUnary(Factor f) {
    return f.kind() == FactorKind.PRIOR || (f.kind() == FactorKind.TABLE && f.arity() == 1);
  }

  /**
   * Whether every edge is a plain {@code neq} and no variable has unary weights: the classic plan.
   */
  public boolean onlyNeq() {
    return !anyEdgeKernel && !anyUnary;
  }

  /** Whether some edge needs {@link PairwiseKernels} (an {@code EQ} or {@code MATRIX} edge). */
  public boolean anyEdgeKernel() {
    return anyEdgeKernel;
  }

  public boolean anyUnary() {
    return anyUnary;
  }

  /** Per directed edge: its {@link PairwiseKernels} kind. */
  public int[] edgeKinds() {
    return tables.edgeKinds();
  }

  /** Per directed edge: where its {@code MATRIX} description starts in {@link #info()}, else 0. */
  public int[] edgeInfos() {
    return tables.edgeInfos();
  }

  /** Per matrix: weight start, sender offset and size, receiver offset and size. */
  public int[] info() {
    return tables.pairInfo();
  }

  public double[] weights() {
    return tables.pairWeights();
  }

  /**
   * Per variable: 0 without unary weights, else 1 + the index of its {@code width}-wide block in
   * {@link #unary()}.
   */
  public int[] unaryAt() {
    return tables.unaryAt();
  }

  public double[] unary() {
    return tables.unary();
  }
}
