package fgc.solver;

import java.util.Arrays;

/**
 * Exact messages of an all-different factor, all slots at once, by a forward and a backward pass
 * over value subsets. {@code rows} holds a square {@code width x width} matrix (row stride {@code
 * stride}): row {@code s < arity} is slot {@code s}'s incoming message over the values, rows {@code
 * arity .. width-1} are all ones (they absorb the values no real slot takes).
 *
 * <p>{@code F[S]} combines the assignments of rows {@code 0 .. |S|-1} onto the value set {@code S},
 * {@code B[T]} those of rows {@code width-|T| .. width-1} onto {@code T}; the message to row {@code
 * r} for value {@code v} combines {@code F[S] * B[all - S - v]} over {@code |S| = r}, {@code v} not
 * in {@code S}. With (+, x) this is the permanent of the minor (sum-product); with (max, x) it is
 * the best injective assignment of the other slots (max-product). Both cost {@code O(width
 * 2^width)} at most: Ryser-style subset sums rather than one permanent per message.
 */
public final class AlldiffKernels {
  /**
   * The subset tables hold {@code 2^width} doubles each; beyond this the passes stop being
   * practical.
   */
  public static final int MAX_WIDTH = 16;

  private AlldiffKernels() {}

  /**
   * Sum-product messages of rows {@code 0 .. arity-1} into {@code out} (same stride as {@code
   * rows}). {@code forward} and {@code backward} hold {@code 2^width} doubles and must be all zero
   * on entry; they are all zero again on return. {@code reached} holds {@code 2 * 2^width} ints of
   * scratch. The entries of {@code out} between its rows (columns {@code width .. stride-1}) are
   * scratch too.
   *
   * @param rows the incoming messages, one row per slot, then the all-ones rows
   * @param stride the distance between two rows in {@code rows} and {@code out}
   * @param arity how many slots the factor has
   * @param width how many values the slots range over, at most {@link #MAX_WIDTH}
   * @param forward scratch for the forward pass
   * @param backward scratch for the backward pass
   * @param reached scratch for the worklists of both passes
   * @param out where the outgoing messages go, one row per slot
   */
  public static void sumProduct(
      double[] rows,
      int stride,
      int arity,
      int width,
      double[] forward,
      double[] backward,
      int[] reached,
      double[] out) {
    passes(
        false,
        rows,
        stride,
        arity,
        width,
        forward,
        backward,
        reached,
        masksOf(rows, stride, arity, width),
        out);
  }

  /**
   * The same, for a caller that built the rows and so knows their non-zero columns: {@code
   * masks[r]} for {@code r < arity} is the bit mask of row {@code r}'s non-zero entries; the
   * entries from {@code arity} to {@code width - 1} are scratch.
   *
   * @param rows the incoming messages, one row per slot, then the all-ones rows
   * @param stride the distance between two rows in {@code rows} and {@code out}
   * @param arity how many slots the factor has
   * @param width how many values the slots range over, at most {@link #MAX_WIDTH}
   * @param forward scratch for the forward pass
   * @param backward scratch for the backward pass
   * @param reached scratch for the worklists of both passes
   * @param masks the non-zero columns of each row, then scratch
   * @param out where the outgoing messages go, one row per slot
   */
  public static void sumProduct(
      double[] rows,
      int stride,
      int arity,
      int width,
      double[] forward,
      double[] backward,
      int[] reached,
      int[] masks,
      double[] out) {
    passes(false, rows, stride, arity, width, forward, backward, reached, masks, out);
  }

  /**
   * Max-product messages (max-marginals over injective assignments) of rows {@code 0 .. arity-1}
   * into {@code out}; the same contract.
   *
   * @param rows the incoming messages, one row per slot, then the all-ones rows
   * @param stride the distance between two rows in {@code rows} and {@code out}
   * @param arity how many slots the factor has
   * @param width how many values the slots range over, at most {@link #MAX_WIDTH}
   * @param forward scratch for the forward pass
   * @param backward scratch for the backward pass
   * @param reached scratch for the worklists of both passes
   * @param out where the outgoing messages go, one row per slot
   */
  public static void maxProduct(
      double[] rows,
      int stride,
      int arity,
      int width,
      double[] forward,
      double[] backward,
      int[] reached,
      double[] out) {
    passes(
        true,
        rows,
        stride,
        arity,
        width,
        forward,
        backward,
        reached,
        masksOf(rows, stride, arity, width),
        out);
  }

  /**
   * The same, with the non-zero masks of rows {@code 0 .. arity-1} given in {@code masks}.
   *
   * @param rows the incoming messages, one row per slot, then the all-ones rows
   * @param stride the distance between two rows in {@code rows} and {@code out}
   * @param arity how many slots the factor has
   * @param width how many values the slots range over, at most {@link #MAX_WIDTH}
   * @param forward scratch for the forward pass
   * @param backward scratch for the backward pass
   * @param reached scratch for the worklists of both passes
   * @param masks the non-zero columns of each row, then scratch
   * @param out where the outgoing messages go, one row per slot
   */
  public static void maxProduct(
      double[] rows,
      int stride,
      int arity,
      int width,
      double[] forward,
      double[] backward,
      int[] reached,
      int[] masks,
      double[] out) {
    passes(true, rows, stride, arity, width, forward, backward, reached, masks, out);
  }

  /**
   * One body for both semirings; the branch on {@code max} is loop-invariant, so the JIT unswitches
   * it. The passes visit only the subsets they reach, layer by layer (every subset of a layer has
   * the same size): a worklist per pass in {@code reached} holds them in the order they were first
   * reached, and each layer's row is scanned once for its non-zero entries, which alone are pushed.
   * With sparse rows (values already ruled out) most of the {@code 2^width} subsets are never
   * reached and cost nothing, not even clearing: only the reached entries are set back to zero. A
   * square matrix of two to four rows (no padding) takes the closed forms of {@link SmallAlldiff}.
   */
  private static void passes(
      boolean max,
      double[] rows,
      int stride,
      int arity,
      int width,
      double[] forward,
      double[] backward,
      int[] reached,
      int[] masks,
      double[] out) {
    if (arity == 2 && width == 2) {
      SmallAlldiff.two(rows, stride, out);
      return;
    }
    if (arity == 3 && width == 3) {
      SmallAlldiff.three(max, rows, stride, out);
      return;
    }
    if (arity == 4 && width == 4) {
      SmallAlldiff.four(max, rows, stride, forward, backward, out);
      return;
    }
    if (arity <= 2) {
      // A neq (or a factor with one free slot) needs no subsets: O(width) per slot.
      few(max, rows, stride, arity, width, out);
      return;
    }
    int subsets = 1 << width;
    int all = subsets - 1;
    // The padding rows' non-zero columns (the real rows' come with the call).
    for (int r = arity; r < width; r++) {
      masks[r] = nonZero(rows, r * stride, width);
    }
    // F[S] is needed for |S| < arity, B[T] for |T| < width.
    int forwardEnd = layers(max, rows, stride, width, masks, arity - 1, false, forward, reached, 0);
    int backwardEnd =
        layers(max, rows, stride, width, masks, width - 1, true, backward, reached, subsets);
    // One fill from row 0 to the end of row arity-1 (the gaps between rows are scratch too).
    Arrays.fill(out, 0, (arity - 1) * stride + width, 0.0);
    for (int k = 0; k < forwardEnd; k++) {
      int set = reached[k];
      int row = Integer.bitCount(set);
      double before = forward[set];
      int free = all ^ set;
      for (int rest = free; rest != 0; rest = rest & (rest - 1)) {
        int low = rest & -rest;
        double after = backward[free ^ low];
        if (after != 0.0) {
          int at = row * stride + Integer.numberOfTrailingZeros(low);
          double x = Numerics.times(before, after);
          out[at] = max ? Math.max(out[at], x) : out[at] + x;
        }
      }
    }
    for (int k = 0; k < forwardEnd; k++) {
      forward[reached[k]] = 0.0;
    }
    for (int k = subsets; k < backwardEnd; k++) {
      backward[reached[k]] = 0.0;
    }
  }

  /**
   * One pass: from the empty set, extends every reached subset of size {@code s} by each value
   * where row {@code s} (or, from the bottom, row {@code width - s - 1}) is non-zero, up to subsets
   * of size {@code top}. The reached subsets go to {@code reached[from ..]}; returns where they
   * end.
   */
  private static int layers(
      boolean max,
      double[] rows,
      int stride,
      int width,
      int[] masks,
      int top,
      boolean fromBottom,
      double[] table,
      int[] reached,
      int from) {
    table[0] = 1.0;
    reached[from] = 0;
    int layerStart = from;
    int end = from + 1;
    for (int size = 0; size < top; size++) {
      int row = fromBottom ? width - size - 1 : size;
      int head = row * stride;
      int mask = masks[row];
      int layerEnd = end;
      for (int k = layerStart; k < layerEnd; k++) {
        int set = reached[k];
        double f = table[set];
        for (int rest = mask & ~set; rest != 0; rest = rest & (rest - 1)) {
          int low = rest & -rest;
          double x = Numerics.times(f, rows[head + Integer.numberOfTrailingZeros(low)]);
          int to = set | low;
          double old = table[to];
          if (old == 0.0) {
            reached[end++] = to;
          }
          table[to] = max ? Math.max(old, x) : old + x;
        }
      }
      layerStart = layerEnd;
    }
    return end;
  }

  /** The non-zero masks of rows {@code 0 .. arity-1}, in a fresh array of {@code width}. */
  private static int[] masksOf(double[] rows, int stride, int arity, int width) {
    int[] masks = new int[width];
    for (int r = 0; r < arity; r++) {
      masks[r] = nonZero(rows, r * stride, width);
    }
    return masks;
  }

  /**
   * How many non-zero entries rows {@code 0 .. arity-1} have, from their masks.
   *
   * @param masks the bit masks of the rows' non-zero entries
   * @param arity how many rows to count
   * @return the number of set bits in {@code masks[0 .. arity)}
   */
  public static int nonZeroCount(int[] masks, int arity) {
    int count = 0;
    for (int r = 0; r < arity; r++) {
      count += Integer.bitCount(masks[r]);
    }
    return count;
  }

  /**
   * How many of the {@code arity x width} entries of {@code rows} are not zero.
   *
   * @param rows the matrix of incoming messages
   * @param stride the distance between two rows
   * @param arity how many rows to count
   * @param width how many entries of each row to count
   * @return the number of non-zero entries
   */
  public static int nonZeroCount(double[] rows, int stride, int arity, int width) {
    int count = 0;
    for (int r = 0; r < arity; r++) {
      count += Integer.bitCount(nonZero(rows, r * stride, width));
    }
    return count;
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

  /**
   * One or two real rows: the message to one row for value {@code v} combines the other row's
   * entries at every {@code u != v} (left sum plus right sum, or the best of them), times the
   * {@code (width - arity)!} ways the padding rows take the remaining values (1 for max).
   */
  private static void few(
      boolean max, double[] rows, int stride, int arity, int width, double[] out) {
    double ways = 1.0;
    for (int k = 2; k <= width - arity && !max; k++) {
      ways *= k;
    }
    if (arity == 1) {
      Arrays.fill(out, 0, width, width >= 1 ? ways : 0.0);
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
