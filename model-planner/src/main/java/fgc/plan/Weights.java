package fgc.plan;

import fgc.solver.Numerics;

/**
 * Weights as the planner hands them to a solver: scaled so that their largest entry lies in [1, 2).
 * A factor's scale cancels in every normalised message and belief, so any finite weights give the
 * same answers as their scaled form, and the scaled form cannot overflow when a solver multiplies
 * them (1e308 three times is infinity; scaled, 1 three times). The scale is a power of two, so
 * every entry is scaled exactly and messages stay the same numbers, bit for bit, for weights that
 * never overflowed. A positive entry more than 2^500 below the largest (smaller than {@link
 * Numerics#TINY} after scaling) becomes {@code TINY} for message passing: still possible, as its
 * products keep it ({@link Numerics#times}), never a zero. Exact inference takes {@link
 * #rescaleExact} instead, which keeps every entry as given.
 */
final class Weights {
  private Weights() {}

  /** {@code weights} scaled as the class comment says (a new array; all zero stays all zero). */
  static double[] scaled(double[] weights) {
    double[] out = weights.clone();
    rescale(out, 0, out.length);
    return out;
  }

  /**
   * Scales {@code x[from .. from+length)} in place by the power of two that brings its largest
   * entry into [1, 2), raising positive entries that would fall below {@link Numerics#TINY} to it;
   * returns that power (0 for all zero), which exact inference adds back to log Z.
   */
  static int rescale(double[] x, int from, int length) {
    return rescale(x, from, length, true);
  }

  /**
   * {@link #rescale} without the floor, for exact inference: every entry is scaled exactly, by the
   * same power of two, so 1e-300 beside 1 stays 1e-300. Returns {@link #BEYOND} when an entry would
   * fall below the smallest normal double (more than 2^1022 below the largest), which doubles
   * cannot hold exactly beside it; {@code x} is then partly scaled.
   */
  static int rescaleExact(double[] x, int from, int length) {
    return rescale(x, from, length, false);
  }

  /** What {@link #rescaleExact} returns for weights whose range doubles cannot hold. */
  static final int BEYOND = Integer.MIN_VALUE;

  private static int rescale(double[] x, int from, int length, boolean floor) {
    double max = 0.0;
    for (int k = from; k < from + length; k++) {
      max = Math.max(max, x[k]);
    }
    if (max == 0.0) {
      return 0;
    }
    int applied = 0;
    if (max
        < Double.MIN_NORMAL) { // subnormal weights: made normal first (exactly), so the shift below
      // finds their exponent
      applied = 600;
      for (int k = from; k < from + length; k++) {
        x[k] = Math.scalb(x[k], 600);
      }
      max = Math.scalb(max, 600);
    }
    int shift = -Math.getExponent(max);
    for (int k = from; k < from + length; k++) {
      if (x[k] != 0.0) {
        double y = Math.scalb(x[k], shift);
        if (floor) {
          x[k] = Math.max(Numerics.TINY, y);
        } else if (y < Double.MIN_NORMAL) {
          return BEYOND;
        } else {
          x[k] = y;
        }
      }
    }
    return applied + shift;
  }
}
