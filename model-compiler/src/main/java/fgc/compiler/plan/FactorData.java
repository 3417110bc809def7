package fgc.compiler.plan;

import fgc.algorithm.FactorKernels;
import fgc.model.Factor;
import fgc.model.FactorKind;
import fgc.model.Model;
import java.util.Arrays;

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
    // Primitive buffers, not lists of boxes: a million-variable grid has ten million entries.
    int[] info = new int[16];
    int infos = 0;
    double[] weights = new double[16];
    int weightCount = 0;
    int maxArity = 0;
    int scratch = 0;
    Factor lastTable = null;
    double[] lastScaled = null;
    for (int k = 0; k < f; k++) {
      Factor factor = model.factors().get(k);
      kind[k] = code(factor.kind());
      if (kind[k] != 0) {
        maxArity = Math.max(maxArity, factor.arity());
      }
      switch (factor.kind()) {
        case PRIOR:
        case TABLE:
          info = room(info, infos, 1 + 2 * factor.arity());
          info[infos++] = weightCount;
          for (int s = 0; s < factor.arity(); s++) {
            info[infos++] = layout.variableLo(factor.variable(s)) - layout.lo();
            info[infos++] = layout.variableSize(factor.variable(s));
          }
          // A loop's factors mostly share one table: scaled once, not once per factor.
          if (lastTable == null || !lastTable.sameWeights(factor)) {
            lastScaled = Weights.scaled(factor.weights()); // a finite table never overflows a message
            lastTable = factor;
          }
          if (weights.length - weightCount < lastScaled.length) {
            weights = Arrays.copyOf(weights, Math.max(2 * weights.length, weightCount + lastScaled.length));
          }
          System.arraycopy(lastScaled, 0, weights, weightCount, lastScaled.length);
          weightCount += lastScaled.length;
          break;
        case SUM:
          info = room(info, infos, 1);
          info[infos++] = (int) (factor.total() - (long) factor.arity() * layout.lo());
          scratch = Math.max(scratch, FactorKernels.sumScratch(factor.arity(), layout.width()));
          break;
        default:
          break;
      }
      infoStart[k + 1] = infos;
    }
    return new FactorData(kind, infoStart, Arrays.copyOf(info, infos), Arrays.copyOf(weights, weightCount),
        maxArity, scratch);
  }

  /** {@code buffer}, or a larger copy, with room for {@code more} entries after {@code used}. */
  private static int[] room(int[] buffer, int used, int more) {
    return buffer.length - used >= more ? buffer : Arrays.copyOf(buffer, Math.max(2 * buffer.length, used + more));
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
    return kind;
  }

  public int[] infoStarts() {
    return infoStart;
  }

  public int[] info() {
    return info;
  }

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
