package fgc.plan;

import fgc.model.FactorKind;
import fgc.solver.FactorKernels;

/**
 * The per-factor data the kernels of {@link FactorKernels} read, for models with factor kinds other
 * than {@code alldiff} and {@code neq}: a kind code per factor (0 for alldiff and neq), the {@code
 * info} ints of each factor from {@code infoStart[f]}, the weights (one scaled copy of each
 * distinct table, which the info of every factor that has it points at), and the largest scratch
 * any factor needs. Kinds and info are rebuilt from the plan's families on first asking; the
 * weights, the arity and the scratch are the plan's own.
 */
public final class FactorData {
  private final FactorPlan plan;
  private final double[] weights;
  private final int maxArity;
  private final int sumScratch;

  FactorData(FactorPlan plan, double[] weights, int maxArity, int sumScratch) {
    this.plan = plan;
    this.weights = weights;
    this.maxArity = maxArity;
    this.sumScratch = sumScratch;
  }

  /** The kernel code of a kind, 0 for the kinds the all-different passes handle. */
  static int code(FactorKind kind) {
    switch (kind) {
      case EQ:
        return FactorKernels.EQ;
      case TABLE:
        return FactorKernels.TABLE;
      case SUM:
        return FactorKernels.SUM;
      case PRIOR:
        return FactorKernels.PRIOR;
      default:
        return 0;
    }
  }

  /** Whether any factor needs the kernels (else the plan is all-different passes only). */
  public boolean needed() {
    return maxArity > 0;
  }

  public int[] kinds() {
    return plan.tables().kinds();
  }

  public int[] infoStarts() {
    return plan.tables().infoStarts();
  }

  public int[] info() {
    return plan.tables().info();
  }

  /** One scaled copy of each distinct table, in order of first use. */
  public double[] weights() {
    return weights;
  }

  /** The largest arity among kernel factors. */
  public int maxArity() {
    return maxArity;
  }

  public int sumScratch() {
    return sumScratch;
  }
}
