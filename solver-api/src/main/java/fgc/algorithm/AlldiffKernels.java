package fgc.algorithm;

import java.util.Arrays;

/**
 * Exact messages of an all-different factor, all slots at once, by a forward and a backward pass
 * over value subsets. {@code rows} holds a square {@code width x width} matrix (row stride
 * {@code stride}): row {@code s < arity} is slot {@code s}'s incoming message over the values, rows
 * {@code arity .. width-1} are all ones (they absorb the values no real slot takes).
 *
 * <p>{@code F[S]} combines the assignments of rows {@code 0 .. |S|-1} onto the value set {@code S},
 * {@code B[T]} those of rows {@code width-|T| .. width-1} onto {@code T}; the message to row
 * {@code r} for value {@code v} combines {@code F[S] * B[all - S - v]} over {@code |S| = r},
 * {@code v} not in {@code S}. With (+, x) this is the permanent of the minor (sum-product); with
 * (max, x) it is the best injective assignment of the other slots (max-product). Both cost
 * {@code O(width 2^width)}: Ryser-style subset sums rather than one permanent per message.
 */
public final class AlldiffKernels {
  /** The subset tables hold {@code 2^width} doubles each; beyond this the passes stop being practical. */
  public static final int MAX_WIDTH = 16;

  private AlldiffKernels() {}

  /** Sum-product messages of rows {@code 0 .. arity-1} into {@code out} (same stride as {@code rows}). */
  public static void sumProduct(double[] rows, int stride, int arity, int width, double[] forward, double[] backward, double[] out) {
    passes(false, rows, stride, arity, width, forward, backward, out);
  }

  /** Max-product messages (max-marginals over injective assignments) of rows {@code 0 .. arity-1} into {@code out}. */
  public static void maxProduct(double[] rows, int stride, int arity, int width, double[] forward, double[] backward, double[] out) {
    passes(true, rows, stride, arity, width, forward, backward, out);
  }

  /**
   * One body for both semirings; the branch on {@code max} is loop-invariant, so the JIT unswitches
   * it. The passes push from the non-zero subsets only: with sparse rows (values already ruled out)
   * most of the {@code 2^width} subsets can never be reached, and they cost nothing but the clearing.
   */
  private static void passes(boolean max, double[] rows, int stride, int arity, int width, double[] forward, double[] backward, double[] out) {
    if (arity <= 2) {
      // A neq (or a factor with one free slot) needs no subsets: O(width) per slot.
      few(max, rows, stride, arity, width, out);
      return;
    }
    int subsets = 1 << width;
    int all = subsets - 1;
    Arrays.fill(forward, 0, subsets, 0.0);
    Arrays.fill(backward, 0, subsets, 0.0);
    forward[0] = 1.0;
    backward[0] = 1.0;
    // Layer by layer (every set of one size, ascending), so that each layer's row is scanned once
    // for its non-zero entries and the pushes visit those alone. Every target still receives its
    // terms in ascending order of the source set, as in a plain ascending loop over all sets.
    for (int size = 0; size < width; size++) {
      int head = size * stride;
      int tail = (width - size - 1) * stride;
      int headMask = nonZero(rows, head, width);
      int tailMask = nonZero(rows, tail, width);
      for (int set = (1 << size) - 1; set < all; set = nextOfSameSize(set)) {
        double f = forward[set];
        if (f != 0.0) {
          for (int rest = headMask & ~set; rest != 0; rest = rest & (rest - 1)) {
            int low = rest & -rest;
            double x = Numerics.times(f, rows[head + Integer.numberOfTrailingZeros(low)]);
            int to = set | low;
            forward[to] = max ? Math.max(forward[to], x) : forward[to] + x;
          }
        }
        double b = backward[set];
        if (b != 0.0) {
          for (int rest = tailMask & ~set; rest != 0; rest = rest & (rest - 1)) {
            int low = rest & -rest;
            double y = Numerics.times(b, rows[tail + Integer.numberOfTrailingZeros(low)]);
            int to = set | low;
            backward[to] = max ? Math.max(backward[to], y) : backward[to] + y;
          }
        }
        if (set == 0) {
          break;
        }
      }
    }
    for (int r = 0; r < arity; r++) {
      Arrays.fill(out, r * stride, r * stride + width, 0.0);
    }
    for (int set = 0; set < subsets; set++) {
      int row = Integer.bitCount(set);
      double before = forward[set];
      if (row >= arity || before == 0.0) {
        continue;
      }
      int free = (subsets - 1) ^ set;
      for (int rest = free; rest != 0; rest = rest & (rest - 1)) {
        int low = rest & -rest;
        int at = row * stride + Integer.numberOfTrailingZeros(low);
        double after = backward[free ^ low];
        if (after == 0.0) {
          continue;
        }
        double x = Numerics.times(before, after);
        out[at] = max ? Math.max(out[at], x) : out[at] + x;
      }
    }
  }

  /** The columns {@code 0 .. width-1} where {@code rows[from + c]} is not zero, as a bit mask. */
  private static int nonZero(double[] rows, int from, int width) {
    int mask = 0;
    for (int c = 0; c < width; c++) {
      if (rows[from + c] != 0.0) {
        mask |= 1 << c;
      }
    }
    return mask;
  }

  /** The next larger int with as many one bits as {@code set} (non-zero): Gosper's hack, shifting instead of dividing. */
  private static int nextOfSameSize(int set) {
    int low = set & -set;
    int ripple = set + low;
    return ripple | (((ripple ^ set) >>> 2) >>> Integer.numberOfTrailingZeros(low));
  }

  /**
   * One or two real rows: the message to one row for value {@code v} combines the other row's
   * entries at every {@code u != v} (left sum plus right sum, or the best of them), times the
   * {@code (width - arity)!} ways the padding rows take the remaining values (1 for max).
   */
  private static void few(boolean max, double[] rows, int stride, int arity, int width, double[] out) {
    double ways = 1.0;
    for (int k = 2; k <= width - arity && !max; k++) {
      ways *= k;
    }
    if (arity == 1) {
      java.util.Arrays.fill(out, 0, width, width >= 1 ? ways : 0.0);
      return;
    }
    for (int r = 0; r < 2; r++) {
      int other = (1 - r) * stride;
      int at = r * stride;
      if (max) {
        int top = -1;
        double first = 0.0;
        double second = 0.0;
        for (int u = 0; u < width; u++) {
          double x = rows[other + u];
          if (top < 0 || x > first) {
            second = top < 0 ? 0.0 : first;
            first = x;
            top = u;
          } else if (x > second) {
            second = x;
          }
        }
        for (int v = 0; v < width; v++) {
          out[at + v] = v == top ? second : first;
        }
      } else {
        double left = 0.0;
        for (int v = 0; v < width; v++) {
          out[at + v] = left;
          left = left + rows[other + v];
        }
        double right = 0.0;
        for (int v = width - 1; v >= 0; v--) {
          out[at + v] = (out[at + v] + right) * ways;
          right = right + rows[other + v];
        }
      }
    }
  }
}
