package fgc.compiler.reference;

import fgc.algorithm.Numerics;
import fgc.model.Factor;
import fgc.model.Model;

/**
 * Factor messages by their definition, for the reference interpreter: every joint assignment of the
 * factor's slots (over the aligned values, skipping zero incoming entries), its potential read off
 * the IR, times the other slots' incoming entries, summed (or maximised) per value of the receiving
 * slot. Exponential in the arity, and independent of the kernels the generated code calls.
 */
final class BruteForceMessages {
  private final Model model;
  private final int lo;
  private final int width;

  BruteForceMessages(Model model, int lo, int width) {
    this.model = model;
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

  private void enumerate(Factor factor, double[][] rows, int s, boolean max, int slot, int[] values, double[] out) {
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

  /** The factor's potential at aligned value indices {@code values}; 0 outside a variable's domain. */
  private double potential(Factor factor, int[] values) {
    for (int t = 0; t < values.length; t++) {
      if (!model.domainOf(factor.variable(t)).contains((long) values[t] + lo)) {
        return 0.0;
      }
    }
    switch (factor.kind()) {
      case EQ:
        for (int t = 1; t < values.length; t++) {
          if (values[t] != values[0]) {
            return 0.0;
          }
        }
        return 1.0;
      case SUM: {
        long total = 0;
        for (int v : values) {
          total += v + lo;
        }
        return total == factor.total() ? 1.0 : 0.0;
      }
      case PRIOR:
      case TABLE: {
        int entry = 0;
        for (int t = 0; t < values.length; t++) {
          int own = values[t] + lo - model.domainOf(factor.variable(t)).lo();
          entry = entry * model.domainOf(factor.variable(t)).size() + own;
        }
        return factor.weight(entry);
      }
      default:
        throw new IllegalArgumentException("no potential for " + factor.kind().keyword() + " here");
    }
  }
}
