package fgc.solver;

import java.util.Arrays;

/**
 * Exact messages of the factor kinds other than all-different, all slots at once, in the
 * sum-product ({@code max = false}) or max-product semiring. {@code rows} holds one incoming
 * message per slot (row stride {@code stride}, entries over the {@code width} aligned values); the
 * message to slot {@code s} for value {@code v} combines, over every assignment of the other slots,
 * the factor's potential times their incoming entries. {@code info[at ..]} describes the factor:
 *
 * <ul>
 *   <li>{@link #EQ}: nothing; the message is the product of the other rows, value by value.
 *   <li>{@link #PRIOR}: {@code weightStart, offset, size}: the weights over the variable's own
 *       values, placed at {@code offset} in the aligned range.
 *   <li>{@link #TABLE}: {@code weightStart}, then {@code offset, size} per slot; weights row-major
 *       over the slots' own values, the last slot fastest.
 *   <li>{@link #SUM}: {@code target}: the total minus {@code arity * lowest aligned value}, so that
 *       value index {@code v} counts {@code v}. Dynamic programming over partial sums: forward
 *       {@code F[s][q]} over slots before {@code s}, backward {@code B[s][q]} over slots from
 *       {@code s}, and the message {@code F[s][q] B[s+1][target - q - v]}; {@code O(arity^2
 *       width^2)}.
 * </ul>
 */
public final class FactorKernels {
  /** An equality factor: every slot takes the same value. */
  public static final int EQ = 1;

  /** A factor given by a table of weights over its slots' values. */
  public static final int TABLE = 2;

  /** A hard sum: the slots' values add up to a target. */
  public static final int SUM = 3;

  /** A factor over one variable: a prior. */
  public static final int PRIOR = 4;

  private FactorKernels() {}

  /**
   * Doubles of scratch the {@link #SUM} kernel needs for {@code arity} slots over {@code width}
   * values.
   *
   * @param arity how many slots the factor has
   * @param width how many aligned values the slots range over
   * @return the size of the scratch array {@link #messages} needs for a {@link #SUM} factor
   */
  public static int sumScratch(int arity, int width) {
    return 2 * (arity + 1) * (arity * (width - 1) + 1);
  }

  /**
   * Messages of one factor into {@code out} (rows {@code 0 .. arity-1}, same stride as {@code
   * rows}).
   *
   * @param kind which kind of factor: {@link #EQ}, {@link #TABLE}, {@link #SUM} or {@link #PRIOR}
   * @param max true for max-product, false for sum-product
   * @param rows the incoming messages, one row per slot
   * @param stride the distance between two rows in {@code rows} and {@code out}
   * @param width how many aligned values each row has
   * @param arity how many slots the factor has
   * @param info the description of the factor (see the class comment)
   * @param at where the factor's description starts in {@code info}
   * @param weights the weight tables of {@link #TABLE} and {@link #PRIOR} factors
   * @param scratch at least {@link #sumScratch} doubles, for {@link #SUM}
   * @param digits scratch of at least {@code arity} ints, for {@link #TABLE}
   * @param out receives the outgoing messages, one row per slot
   */
  public static void messages(
      int kind,
      boolean max,
      double[] rows,
      int stride,
      int width,
      int arity,
      int[] info,
      int at,
      double[] weights,
      double[] scratch,
      int[] digits,
      double[] out) {
    for (int s = 0; s < arity; s++) {
      Arrays.fill(out, s * stride, s * stride + width, 0.0);
    }
    switch (kind) {
      case EQ:
        equal(rows, stride, width, arity, out);
        break;
      case PRIOR:
        System.arraycopy(weights, info[at], out, info[at + 1], info[at + 2]);
        break;
      case TABLE:
        table(max, rows, stride, arity, info, at, weights, digits, out);
        break;
      case SUM:
        sum(max, rows, stride, width, arity, info[at], scratch, out);
        break;
      default:
        throw new IllegalArgumentException("no kernel for factor kind " + kind);
    }
  }

  private static void equal(double[] rows, int stride, int width, int arity, double[] out) {
    for (int s = 0; s < arity; s++) {
      for (int v = 0; v < width; v++) {
        double p = 1.0;
        for (int t = 0; t < arity && p != 0.0; t++) {
          if (t != s) {
            p = Numerics.times(p, rows[t * stride + v]);
          }
        }
        out[s * stride + v] = p;
      }
    }
  }

  private static void table(
      boolean max,
      double[] rows,
      int stride,
      int arity,
      int[] info,
      int at,
      double[] weights,
      int[] digits,
      double[] out) {
    if (arity == 2) {
      pair(max, rows, stride, info, at, weights, out);
      return;
    }
    int entries = 1;
    for (int s = 0; s < arity; s++) {
      entries *= info[at + 2 + 2 * s];
      digits[s] = 0;
    }
    int w = info[at];
    for (int e = 0; e < entries; e++) {
      double weight = weights[w + e];
      if (weight != 0.0) {
        for (int s = 0; s < arity; s++) {
          double p = weight;
          for (int t = 0; t < arity && p != 0.0; t++) {
            if (t != s) {
              p = Numerics.times(p, rows[t * stride + info[at + 1 + 2 * t] + digits[t]]);
            }
          }
          int o = s * stride + info[at + 1 + 2 * s] + digits[s];
          out[o] = max ? Math.max(out[o], p) : out[o] + p;
        }
      }
      for (int s = arity - 1; s >= 0; s--) { // odometer: the last slot varies fastest
        if (++digits[s] < info[at + 2 + 2 * s]) {
          break;
        }
        digits[s] = 0;
      }
    }
  }

  /**
   * {@link #table} for two slots, without the odometer: models with many small relations (a
   * channelling between two views of a grid) spend most of a sweep here. The same entries in the
   * same order, so the same sums and maxima to the last bit.
   */
  private static void pair(
      boolean max, double[] rows, int stride, int[] info, int at, double[] weights, double[] out) {
    final int w = info[at];
    final int a0 = info[at + 1];
    final int na = info[at + 2];
    final int b0 = stride + info[at + 3];
    final int nb = info[at + 4];
    for (int a = 0; a < na; a++) {
      final double ra = rows[a0 + a];
      final int row = w + a * nb;
      double toA = out[a0 + a];
      for (int b = 0; b < nb; b++) {
        final double weight = weights[row + b];
        if (weight != 0.0) {
          final double pa = Numerics.times(weight, rows[b0 + b]);
          final double pb = Numerics.times(weight, ra);
          toA = max ? Math.max(toA, pa) : toA + pa;
          out[b0 + b] = max ? Math.max(out[b0 + b], pb) : out[b0 + b] + pb;
        }
      }
      out[a0 + a] = toA;
    }
  }

  private static void sum(
      boolean max,
      double[] rows,
      int stride,
      int width,
      int arity,
      int target,
      double[] scratch,
      double[] out) {
    int span = arity * (width - 1) + 1; // partial sums 0 .. arity*(width-1)
    int back = (arity + 1) * span;
    Arrays.fill(scratch, 0, 2 * back, 0.0);
    scratch[0] = 1.0; // F[0][0]
    scratch[back + arity * span] = 1.0; // B[arity][0]
    for (int s = 0; s < arity; s++) {
      for (int q = 0; q <= s * (width - 1); q++) {
        double f = scratch[s * span + q];
        if (f != 0.0) {
          for (int v = 0; v < width; v++) {
            double a = rows[s * stride + v];
            if (a != 0.0) {
              int to = (s + 1) * span + q + v;
              double x = Numerics.times(f, a);
              scratch[to] = max ? Math.max(scratch[to], x) : scratch[to] + x;
            }
          }
        }
      }
    }
    for (int s = arity - 1; s >= 0; s--) {
      for (int q = 0; q <= (arity - s - 1) * (width - 1); q++) {
        double b = scratch[back + (s + 1) * span + q];
        if (b != 0.0) {
          for (int v = 0; v < width; v++) {
            double a = rows[s * stride + v];
            if (a != 0.0) {
              int to = back + s * span + q + v;
              double x = Numerics.times(b, a);
              scratch[to] = max ? Math.max(scratch[to], x) : scratch[to] + x;
            }
          }
        }
      }
    }
    for (int s = 0; s < arity; s++) {
      int restMax = (arity - s - 1) * (width - 1);
      for (int q = 0; q <= s * (width - 1); q++) {
        double f = scratch[s * span + q];
        if (f == 0.0) {
          continue;
        }
        for (int v = 0; v < width; v++) {
          int rest = target - q - v;
          if (rest < 0 || rest > restMax) {
            continue;
          }
          double b = scratch[back + (s + 1) * span + rest];
          if (b != 0.0) {
            double x = Numerics.times(f, b);
            int o = s * stride + v;
            out[o] = max ? Math.max(out[o], x) : out[o] + x;
          }
        }
      }
    }
  }
}
