package fgc.solver;

import static fgc.solver.EliminationKernels.ALLDIFF;
import static fgc.solver.EliminationKernels.EQ;
import static fgc.solver.EliminationKernels.SUM;
import static fgc.solver.EliminationKernels.TABLE;

import fgc.solver.EliminationKernels.Tables;
import fgc.solver.EliminationKernels.Workspace;
import java.util.Arrays;

/**
 * Builds the factor tables of an elimination program from their description ({@link
 * EliminationKernels#tables}, {@link EliminationKernels#logTables}): each entry the product of its
 * member factors' entries, in doubles rescaled by powers of two or as logarithms.
 */
final class EliminationTableBuilder {
  private EliminationTableBuilder() {}

  /**
   * {@link EliminationKernels#tables}, or with {@code log} {@link EliminationKernels#logTables}:
   * one walk over the description.
   */
  static Tables build(int length, int[] info, double[] weights, boolean log) {
    double[] out = new double[length];
    long exponent = 0;
    Workspace lost = new Workspace(1, 1);
    double one = log ? 0.0 : 1.0;
    double zero = log ? Double.NEGATIVE_INFINITY : 0.0;
    int at = 1;
    for (int t = 0; t < info[0]; t++) {
      int offset = info[at++];
      int r = info[at++];
      int sizes = at;
      int los = at + r;
      at += 2 * r;
      int entries = 1;
      for (int j = 0; j < r; j++) {
        entries *= info[sizes + j];
      }
      int members = info[at++];
      int first = at;
      for (int m = 0; m < members; m++) { // skip to the next table
        int kind = info[at++];
        int arity = info[at++];
        at += arity + (kind == TABLE || kind == SUM ? 1 : 0);
      }
      int[] digit = new int[r];
      long[] seen = new long[4];
      for (int e = 0; e < entries; e++) {
        double x = one;
        int m = first;
        for (int k = 0; k < members && x != zero; k++) {
          int kind = info[m];
          int arity = info[m + 1];
          double y = member(kind, arity, info, m + 2, digit, sizes, los, weights, seen);
          if (log) {
            x += Math.log(y);
          } else {
            x *= y;
            if ((x < Double.MIN_NORMAL && y != 0.0)
                || x == Double.POSITIVE_INFINITY
                || Double.isNaN(x)) {
              lost.lost = true; // weights kept as given (see the planner) can overflow as well
              x = 0.0; // the log-space tables are used instead
            }
          }
          m += 2 + arity + (kind == TABLE || kind == SUM ? 1 : 0);
        }
        out[offset + e] = x;
        for (int j = r - 1; j >= 0; j--) { // odometer: the last digit fastest
          if (++digit[j] < info[sizes + j]) {
            break;
          }
          digit[j] = 0;
        }
      }
      if (!log) {
        exponent += MessageArithmetic.normalise(out, offset, entries, lost);
      }
    }
    return new Tables(out, exponent, lost.lost);
  }

  /**
   * One member factor's entry at the table digits {@code digit}; its slots' digits are listed from
   * {@code slots}.
   */
  private static double member(
      int kind,
      int arity,
      int[] info,
      int slots,
      int[] digit,
      int sizes,
      int los,
      double[] weights,
      long[] seen) {
    switch (kind) {
      case TABLE:
        {
          int index = 0;
          for (int s = 0; s < arity; s++) {
            int j = info[slots + s];
            index = index * info[sizes + j] + digit[j];
          }
          return weights[info[slots + arity] + index];
        }
      case ALLDIFF:
        {
          Arrays.fill(seen, 0L); // a bit per aligned value: they lie below 256
          for (int s = 0; s < arity; s++) {
            int j = info[slots + s];
            int value = info[los + j] + digit[j];
            if ((seen[value >>> 6] & (1L << value)) != 0) {
              return 0.0;
            }
            seen[value >>> 6] |= 1L << value;
          }
          return 1.0;
        }
      case EQ:
        {
          int j0 = info[slots];
          int value = info[los + j0] + digit[j0];
          for (int s = 1; s < arity; s++) {
            int j = info[slots + s];
            if (info[los + j] + digit[j] != value) {
              return 0.0;
            }
          }
          return 1.0;
        }
      case SUM:
        {
          long total = 0;
          for (int s = 0; s < arity; s++) {
            int j = info[slots + s];
            total += info[los + j] + digit[j];
          }
          return total == info[slots + arity] ? 1.0 : 0.0;
        }
      default:
        throw new IllegalArgumentException("no table for factor kind " + kind);
    }
  }
}
