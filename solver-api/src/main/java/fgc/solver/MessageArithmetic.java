package fgc.solver;

import fgc.solver.EliminationKernels.Workspace;

/**
 * The arithmetic {@link EliminationKernels}' steps do on whole blocks of messages and tables:
 * rescaling by a power of two, the product of a group's messages and the quotient back to a child,
 * each in log space when the workspace is, and each marking the workspace lost when a non-zero
 * result leaves the normal doubles.
 */
final class MessageArithmetic {
  private MessageArithmetic() {}

  /**
   * {@link EliminationKernels#normalise}, marking {@code w} (when given) lost if an entry falls
   * below the smallest normal double.
   */
  static int normalise(double[] x, int from, int length, Workspace w) {
    double max = 0.0;
    for (int k = from; k < from + length; k++) {
      if (x[k] > max) {
        max = x[k];
      }
    }
    if (max == 0.0 || (max >= 1.0 && max < 2.0)) {
      return 0;
    }
    int e = Math.getExponent(max);
    if (e < Double.MIN_EXPONENT) { // subnormal: its exponent is read after an exact scaling
      e = Math.getExponent(max * 0x1p64) - 64;
    }
    int shift = -e;
    for (int left = shift; left != 0; ) {
      int step = Math.max(-1000, Math.min(1000, left)); // 2^step is a normal double
      double factor = Math.scalb(1.0, step);
      for (int k = from; k < from + length; k++) {
        double y = x[k] * factor;
        if (y < Double.MIN_NORMAL && x[k] != 0.0 && w != null) {
          w.lost = true;
        }
        x[k] = y;
      }
      left -= step;
    }
    return shift;
  }

  /**
   * {@link EliminationKernels#combine} for the kernels: in log space the logarithms are added, and
   * a loss marks {@code w}.
   */
  static int combine(
      double[] into, int at, int length, double[] from, int[] params, int list, Workspace w) {
    int count = params[list];
    System.arraycopy(from, params[list + 1], into, at, length);
    if (w.logSpace) {
      for (int k = 1; k < count; k++) {
        int m = params[list + 1 + k];
        for (int s = 0; s < length; s++) {
          into[at + s] += from[m + s];
        }
      }
      w.logShift += LogSpace.normaliseLog(into, at, length);
      return 0;
    }
    int shift = normalise(into, at, length, w);
    for (int k = 1; k < count; k++) {
      int m = params[list + 1 + k];
      for (int s = 0; s < length; s++) {
        double y = from[m + s];
        double x = into[at + s] * y;
        if (x < Double.MIN_NORMAL && y != 0.0 && into[at + s] != 0.0) {
          w.lost = true;
        }
        into[at + s] = x;
      }
      shift += normalise(into, at, length, w);
    }
    return shift;
  }

  /**
   * {@link EliminationKernels#divide} for the kernels: in log space a subtraction, and a loss marks
   * {@code w}.
   */
  static void divide(
      double[] sum, int at, double[] up, double[] down, int m, int length, Workspace w) {
    if (w.logSpace) {
      for (int s = 0; s < length; s++) {
        double u = up[m + s];
        down[m + s] = u == Double.NEGATIVE_INFINITY ? Double.NEGATIVE_INFINITY : sum[at + s] - u;
      }
      LogSpace.normaliseLog(down, m, length);
      return;
    }
    for (int s = 0; s < length; s++) {
      double u = up[m + s];
      double x = sum[at + s];
      double y = u == 0.0 ? 0.0 : x / u;
      if (x != 0.0 && u != 0.0 && (y < Double.MIN_NORMAL || y == Double.POSITIVE_INFINITY)) {
        w.lost = true;
      }
      down[m + s] = y;
    }
    normalise(down, m, length, w);
  }
}
