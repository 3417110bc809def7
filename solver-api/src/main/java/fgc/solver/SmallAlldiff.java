package fgc.solver;

/**
 * Exact all-different messages in closed form for a square matrix of two, three or four rows (as
 * many slots as values, no padding): the same messages as the subset passes of {@link
 * AlldiffKernels}, with no worklists, masks or tables to clear. Three rows: the message to a row
 * for value {@code v} is the permanent (or best term) of the other two rows over the other two
 * values, two products. Four rows: the pairs of rows {@code (0,1)} and {@code (2,3)} each get a
 * table over the six value pairs (both orders combined); the message to row 0 for {@code v}
 * combines, over {@code u != v}, row 1 at {@code u} times the {@code (2,3)} entry of the two values
 * left, and so on for the other rows. Every product goes through {@link Numerics#times}.
 */
final class SmallAlldiff {
  private SmallAlldiff() {}

  private static double combine(boolean max, double x, double y) {
    return max ? (x > y ? x : y) : x + y;
  }

  /**
   * Rows 0 and 1 over two values: each row's message is the other row with its values swapped (the
   * other row must take the other value), in either semiring.
   */
  static void two(double[] rows, int stride, double[] out) {
    out[0] = rows[stride + 1];
    out[1] = rows[stride];
    out[stride] = rows[1];
    out[stride + 1] = rows[0];
  }

  /**
   * Rows 0, 1, 2 of {@code rows} (stride {@code stride}) over three values; messages into {@code
   * out}.
   */
  static void three(boolean max, double[] rows, int stride, double[] out) {
    for (int r = 0; r < 3; r++) {
      int p = (r == 0 ? 1 : 0) * stride;
      int q = (r == 2 ? 1 : 2) * stride;
      int at = r * stride;
      out[at] =
          combine(
              max,
              Numerics.times(rows[p + 1], rows[q + 2]),
              Numerics.times(rows[p + 2], rows[q + 1]));
      out[at + 1] =
          combine(max, Numerics.times(rows[p], rows[q + 2]), Numerics.times(rows[p + 2], rows[q]));
      out[at + 2] =
          combine(max, Numerics.times(rows[p], rows[q + 1]), Numerics.times(rows[p + 1], rows[q]));
    }
  }

  /**
   * Rows 0 to 3 over four values. {@code top} and {@code bottom} hold at least 16 doubles, zero on
   * entry, and are zero again on return (the subset tables of the passes serve).
   */
  static void four(
      boolean max, double[] rows, int stride, double[] top, double[] bottom, double[] out) {
    int a = 0;
    int b = stride;
    int c = 2 * stride;
    int d = 3 * stride;
    for (int u = 0; u < 4; u++) {
      for (int w = u + 1; w < 4; w++) {
        int pair = (1 << u) | (1 << w);
        top[pair] =
            combine(
                max,
                Numerics.times(rows[a + u], rows[b + w]),
                Numerics.times(rows[a + w], rows[b + u]));
        bottom[pair] =
            combine(
                max,
                Numerics.times(rows[c + u], rows[d + w]),
                Numerics.times(rows[c + w], rows[d + u]));
      }
    }
    for (int v = 0; v < 4; v++) {
      double toA = 0.0;
      double toB = 0.0;
      double toC = 0.0;
      double toD = 0.0;
      for (int u = 0; u < 4; u++) {
        if (u != v) {
          int rest = 15 ^ (1 << v) ^ (1 << u);
          toA = combine(max, toA, Numerics.times(rows[b + u], bottom[rest]));
          toB = combine(max, toB, Numerics.times(rows[a + u], bottom[rest]));
          toC = combine(max, toC, Numerics.times(rows[d + u], top[rest]));
          toD = combine(max, toD, Numerics.times(rows[c + u], top[rest]));
        }
      }
      out[a + v] = toA;
      out[b + v] = toB;
      out[c + v] = toC;
      out[d + v] = toD;
    }
    for (int u = 0; u < 4; u++) {
      for (int w = u + 1; w < 4; w++) {
        top[(1 << u) | (1 << w)] = 0.0;
        bottom[(1 << u) | (1 << w)] = 0.0;
      }
    }
  }
}
