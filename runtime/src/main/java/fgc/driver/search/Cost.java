package fgc.driver.search;

import java.util.Arrays;

/**
 * A soft factor as a cost function for branch and bound: cost {@code -ln weight} per joint value
 * (row-major over the variables' full domains, the last fastest; a zero weight costs infinity,
 * though its table constraint already rules it out). {@link #bound} gives the least cost any
 * completion of the current domains can have, overall and per value of each variable: a sound,
 * admissible bound, exact on a factor whose variables are all fixed.
 */
final class Cost {
  /**
   * Above this many joint values of the current domains, the bound is the precomputed one over the
   * full domains.
   */
  private static final long ENUMERATE_AT_MOST = 1 << 14;

  final int[] vars;
  private final double[] costs;
  private final int[] stride;

  /** The least cost over the full domains, and per position and value index. */
  private final double staticMin;

  private final double[][] staticRowMin;

  /** The last {@link #bound}'s least cost per position and value index (scratch, overwritten). */
  final double[][] rowMin;

  private final int[][] present;
  private final int[] digit;
  private final int[] count;

  /** The cost function over {@code vars} (domains of {@code sizes} values) with {@code costs}. */
  Cost(int[] vars, int[] sizes, double[] costs) {
    this.vars = vars.clone();
    this.costs = costs;
    this.stride = new int[vars.length];
    int s = 1;
    for (int p = vars.length - 1; p >= 0; p--) {
      stride[p] = s;
      s *= sizes[p];
    }
    this.staticRowMin = new double[vars.length][];
    this.rowMin = new double[vars.length][];
    this.present = new int[vars.length][];
    for (int p = 0; p < vars.length; p++) {
      staticRowMin[p] = new double[sizes[p]];
      Arrays.fill(staticRowMin[p], Double.POSITIVE_INFINITY);
      rowMin[p] = new double[sizes[p]];
      present[p] = new int[sizes[p]];
    }
    this.digit = new int[vars.length];
    this.count = new int[vars.length];
    double min = Double.POSITIVE_INFINITY;
    for (int k = 0; k < costs.length; k++) {
      min = Math.min(min, costs[k]);
      for (int p = 0; p < vars.length; p++) {
        int i = (k / stride[p]) % sizes[p];
        staticRowMin[p][i] = Math.min(staticRowMin[p][i], costs[k]);
      }
    }
    this.staticMin = min;
  }

  /**
   * The cost of the joint value of {@code d}'s fixed variables (every one of this factor's is
   * fixed).
   */
  double cost(Domains d) {
    int k = 0;
    for (int p = 0; p < vars.length; p++) {
      k += d.min(vars[p]) * stride[p];
    }
    return costs[k];
  }

  /**
   * The least cost over the joint values of {@code d}'s current domains, with {@link #rowMin} set
   * to the least per value of each position (infinity for a value no longer present). Past {@link
   * #ENUMERATE_AT_MOST} joint values, the least over the full domains: smaller, still sound.
   */
  double bound(Domains d) {
    long joint = 1;
    for (int p = 0; p < vars.length; p++) {
      int n = 0;
      for (int i = d.min(vars[p]); i >= 0; i = d.next(vars[p], i + 1)) {
        present[p][n++] = i;
      }
      digit[p] = n; // the count, until the odometer below starts
      joint *= n;
    }
    if (joint > ENUMERATE_AT_MOST) {
      for (int p = 0; p < vars.length; p++) {
        System.arraycopy(staticRowMin[p], 0, rowMin[p], 0, rowMin[p].length);
      }
      return staticMin;
    }
    for (int p = 0; p < vars.length; p++) {
      count[p] = digit[p];
      digit[p] = 0;
      Arrays.fill(rowMin[p], Double.POSITIVE_INFINITY);
    }
    double min = Double.POSITIVE_INFINITY;
    for (long j = 0; j < joint; j++) {
      int k = 0;
      for (int p = 0; p < vars.length; p++) {
        k += present[p][digit[p]] * stride[p];
      }
      double c = costs[k];
      if (c < min) {
        min = c;
      }
      for (int p = 0; p < vars.length; p++) {
        int i = present[p][digit[p]];
        if (c < rowMin[p][i]) {
          rowMin[p][i] = c;
        }
      }
      for (int p = vars.length - 1; p >= 0 && ++digit[p] == count[p]; p--) {
        digit[p] = 0;
      }
    }
    return min;
  }
}
