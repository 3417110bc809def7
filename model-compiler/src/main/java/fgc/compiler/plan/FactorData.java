package fgc.compiler.plan;

import fgc.algorithm.FactorKernels;
import fgc.model.Factor;
import fgc.model.FactorKind;
import fgc.model.Model;
import java.util.ArrayList;
import java.util.List;

/**
 * The per-factor data the kernels of {@link FactorKernels} read, for models with factor kinds other
 * than {@code alldiff} and {@code neq}: a kind code per factor (0 for alldiff and neq), the
 * {@code info} ints of each factor from {@code infoStart[f]}, every weight in one array, and the
 * largest scratch any factor needs.
 */
public final class FactorData {
  private final int[] kind;
  private final int[] infoStart;
  private final int[] info;
  private final double[] weights;
  private final int maxArity;
  private final int sumScratch;

  private FactorData(int[] kind, int[] infoStart, int[] info, double[] weights, int maxArity, int sumScratch) {
    this.kind = kind;
    this.infoStart = infoStart;
    this.info = info;
    this.weights = weights;
    this.maxArity = maxArity;
    this.sumScratch = sumScratch;
  }

  static FactorData of(Model model, VariableLayout layout) {
    int f = model.factors().size();
    int[] kind = new int[f];
    int[] infoStart = new int[f + 1];
    List<Integer> info = new ArrayList<>();
    List<Double> weights = new ArrayList<>();
    int maxArity = 0;
    int scratch = 0;
    for (int k = 0; k < f; k++) {
      Factor factor = model.factors().get(k);
      kind[k] = code(factor.kind());
      if (kind[k] != 0) {
        maxArity = Math.max(maxArity, factor.arity());
      }
      switch (factor.kind()) {
        case PRIOR:
        case TABLE:
          info.add(weights.size());
          for (int s = 0; s < factor.arity(); s++) {
            info.add(layout.variableLo(factor.variable(s)) - layout.lo());
            info.add(layout.variableSize(factor.variable(s)));
          }
          for (double w : Weights.scaled(factor.weights())) { // a finite table never overflows a message
            weights.add(w);
          }
          break;
        case SUM:
          info.add((int) (factor.total() - (long) factor.arity() * layout.lo()));
          scratch = Math.max(scratch, FactorKernels.sumScratch(factor.arity(), layout.width()));
          break;
        default:
          break;
      }
      infoStart[k + 1] = info.size();
    }
    return new FactorData(kind, infoStart, info.stream().mapToInt(Integer::intValue).toArray(),
        weights.stream().mapToDouble(Double::doubleValue).toArray(), maxArity, scratch);
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
    return kind.clone();
  }

  public int[] infoStarts() {
    return infoStart.clone();
  }

  public int[] info() {
    return info.clone();
  }

  public double[] weights() {
    return weights.clone();
  }

  /** The largest arity among kernel factors. */
  public int maxArity() {
    return maxArity;
  }

  public int sumScratch() {
    return sumScratch;
  }
}
