package fgc.solver;

import fgc.solver.EliminationKernels.Workspace;

/**
 * {@link EliminationKernels}' steps in log space, taken when a pass in doubles lost something: the
 * clique walk that adds logarithms and sums by log-sum-exp, and the rescalings of blocks of
 * logarithms.
 */
final class LogSpace {
  private LogSpace() {}

  /**
   * {@link CliqueVisit#visit} in log space: every entry of the clique the evidence allows, one at a
   * time (the last level fastest); inputs are added, mode 0 sums into output 0 by log-sum-exp, mode
   * 1 keeps the largest, mode 2 sums a finite entry into every output.
   */
  static void visitLog(Workspace w, double[] prior, int k, int accesses, int inputs, int mode) {
    int[] digit = w.digit;
    int[] index = w.index;
    for (int l = 0; l < k; l++) {
      if (w.size[l] == 0) {
        return;
      }
      digit[l] = 0;
    }
    for (int a = 0; a < accesses; a++) {
      index[a] = w.base[a];
    }
    while (true) {
      boolean allowed = true;
      for (int l = 0; l < k && allowed; l++) {
        allowed = prior[w.prior[l] + digit[l]] != 0.0;
      }
      if (allowed) {
        double x = 0.0;
        for (int a = inputs; a < accesses && x != Double.NEGATIVE_INFINITY; a++) {
          x += w.source[a][index[a]];
        }
        if (x != Double.NEGATIVE_INFINITY) {
          if (mode == 1) {
            double[] out = w.source[0];
            out[index[0]] = Math.max(out[index[0]], x);
          } else {
            for (int a = 0; a < inputs; a++) {
              double[] out = w.source[a];
              out[index[a]] = logAdd(out[index[a]], x);
            }
          }
        }
      }
      int l = k - 1;
      for (; l >= 0; l--) { // odometer
        for (int a = 0; a < accesses; a++) {
          index[a] += w.stride[a * w.levels + l];
        }
        if (++digit[l] < w.size[l]) {
          break;
        }
        for (int a = 0; a < accesses; a++) {
          index[a] -= digit[l] * w.stride[a * w.levels + l];
        }
        digit[l] = 0;
      }
      if (l < 0) {
        return;
      }
    }
  }

  /** {@code ln(e^a + e^b)}, without overflow; either may be negative infinity (a zero). */
  private static double logAdd(double a, double b) {
    if (a == Double.NEGATIVE_INFINITY) {
      return b;
    }
    if (b == Double.NEGATIVE_INFINITY) {
      return a;
    }
    return Math.max(a, b) + Math.log1p(Math.exp(-Math.abs(a - b)));
  }

  /**
   * Subtracts the largest of the logarithms {@code x[from .. from + length)} and returns it (0 when
   * all are zeros).
   */
  static double normaliseLog(double[] x, int from, int length) {
    double max = Double.NEGATIVE_INFINITY;
    for (int k = from; k < from + length; k++) {
      max = Math.max(max, x[k]);
    }
    if (max == Double.NEGATIVE_INFINITY) {
      return 0.0;
    }
    for (int k = from; k < from + length; k++) {
      x[k] -= max;
    }
    return max;
  }

  /**
   * The logarithms {@code x[from .. from + length)} become the probabilities they are in proportion
   * to.
   */
  static void normaliseSumLog(double[] x, int from, int length) {
    normaliseLog(x, from, length);
    for (int k = from; k < from + length; k++) {
      x[k] = Math.exp(x[k]);
    }
    EliminationKernels.normaliseSum(x, from, length);
  }
}
