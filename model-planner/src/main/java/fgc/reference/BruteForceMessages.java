package fgc.reference;

import fgc.model.Factor;
import fgc.solver.Numerics;

/**
 * Factor messages by their definition, for the reference interpreter: every joint assignment of the
 * factor's slots (over the aligned values, skipping zero incoming entries), its potential by the
 * IR's definition ({@link Factor#potential}, 0 outside a variable's domain), times the other slots'
 * incoming entries, summed (or maximised) per value of the receiving slot. Exponential in the
 * arity, and independent of the kernels the generated code calls.
 */
final class BruteForceMessages {
  private final int lo;
  private final int width;

  BruteForceMessages(int lo, int width) {
    this.lo = lo;
    this.width = width;
  }

  /** The message of {@code factor} to slot {@code s}, given each slot's incoming {@code rows}. */
  double[] message(Factor factor, double[][] rows, int s, boolean max) {
    double[] out = new double[width];
    int[] values = new int[factor.arity()];
    enumerate(factor, rows, s, max, 0, values, out);
    return out;
  }

  private void enumerate(
      Factor factor, double[][] rows, int s, boolean max, int slot, int[] values, double[] out) {
    if (slot == values.length) {
      double p = potential(factor, values);
      for (int t = 0; t < values.length && p != 0.0; t++) {
        if (t != s) {
          p = Numerics.times(p, rows[t][values[t]]);
        }
      }
      out[values[s]] = max ? Math.max(out[values[s]], p) : out[values[s]] + p;
      return;
    }
    for (int v = 0; v < width; v++) {
      if (slot == s || rows[slot][v] != 0.0) {
        values[slot] = v;
        enumerate(factor, rows, s, max, slot + 1, values, out);
      }
    }
  }

  /**
   * The factor's potential at aligned value indices {@code values}, by the IR's own definition
   * ({@link Factor#potential}).
   */
  private double potential(Factor factor, int[] values) {
    int[] actual = new int[values.length];
    for (int t = 0; t < values.length; t++) {
      actual[t] = values[t] + lo;
    }
    return factor.potential(actual);
  }
}
