package fgc.bench.jmh;

import java.util.Arrays;

/**
 * The messages of one all-different factor computed the way the reference notebook did: one problem
 * per (slot, value). Sum-product: the permanent of the minor without that slot's row and that
 * value's column, by Ryser's formula in Gray-code order ({@code O(2^n n)} per message).
 * Max-product: the best assignment of the minor, by the Hungarian method on costs {@code -ln a}
 * ({@code O(n^3)} per message). Only the baseline of a benchmark; the kernels fgc runs are in
 * {@link fgc.solver.AlldiffKernels}.
 */
public final class NaiveMessages {
  private NaiveMessages() {}

  /**
   * Sum-product messages of a square {@code n x n} matrix {@code rows} (row-major) into {@code
   * out}.
   */
  public static void sumProduct(double[] rows, int n, double[] out) {
    double[] minor = new double[(n - 1) * (n - 1)];
    for (int s = 0; s < n; s++) {
      for (int v = 0; v < n; v++) {
        minorOf(rows, n, s, v, minor);
        out[s * n + v] = permanent(minor, n - 1);
      }
    }
  }

  /**
   * Max-product messages (best product of an injective assignment of the other slots) into {@code
   * out}.
   */
  public static void maxProduct(double[] rows, int n, double[] out) {
    double[] minor = new double[(n - 1) * (n - 1)];
    for (int s = 0; s < n; s++) {
      for (int v = 0; v < n; v++) {
        minorOf(rows, n, s, v, minor);
        for (int k = 0; k < minor.length; k++) {
          minor[k] = minor[k] > 0 ? -Math.log(minor[k]) : Double.POSITIVE_INFINITY;
        }
        double cost = Hungarian.minimumCost(minor, n - 1);
        out[s * n + v] = n == 1 ? 1.0 : Math.exp(-cost);
      }
    }
  }

  private static void minorOf(double[] rows, int n, int skipRow, int skipColumn, double[] minor) {
    int k = 0;
    for (int r = 0; r < n; r++) {
      if (r == skipRow) {
        continue;
      }
      for (int c = 0; c < n; c++) {
        if (c != skipColumn) {
          minor[k++] = rows[r * n + c];
        }
      }
    }
  }

  /**
   * Ryser: {@code perm(A) = (-1)^m sum over column sets S of (-1)^|S| prod_i sum_{j in S} a_ij},
   * visiting the sets in Gray-code order so each step adds or removes one column from the row sums.
   */
  static double permanent(double[] a, int m) {
    if (m == 0) {
      return 1.0;
    }
    double[] rowSums = new double[m];
    double total = 0;
    int gray = 0;
    for (int k = 1; k < (1 << m); k++) {
      int column = Integer.numberOfTrailingZeros(k);
      gray ^= 1 << column;
      double sign = (gray & (1 << column)) != 0 ? 1.0 : -1.0;
      double product = 1.0;
      for (int i = 0; i < m; i++) {
        rowSums[i] += sign * a[i * m + column];
        product *= rowSums[i];
      }
      total += (Integer.bitCount(gray) & 1) == (m & 1) ? product : -product;
    }
    return total;
  }

  /**
   * The Hungarian method with row and column potentials, {@code O(m^3)}; infinite costs stay
   * infinite.
   */
  static final class Hungarian {
    private Hungarian() {}

    static double minimumCost(double[] cost, int m) {
      if (m == 0) {
        return 0.0;
      }
      double big = 0;
      for (double c : cost) {
        if (c != Double.POSITIVE_INFINITY) {
          big = Math.max(big, Math.abs(c));
        }
      }
      // A forbidden pair costs more than any complete assignment of allowed ones.
      double forbidden = (big + 1) * (m + 1) * 4;
      double[] u = new double[m + 1];
      double[] p = new double[m + 1];
      int[] match = new int[m + 1];
      int[] way = new int[m + 1];
      double[] least = new double[m + 1];
      boolean[] used = new boolean[m + 1];
      for (int row = 1; row <= m; row++) {
        match[0] = row;
        int col0 = 0;
        Arrays.fill(least, Double.POSITIVE_INFINITY);
        Arrays.fill(used, false);
        do {
          used[col0] = true;
          int r0 = match[col0];
          double delta = Double.POSITIVE_INFINITY;
          int col1 = 0;
          for (int col = 1; col <= m; col++) {
            if (!used[col]) {
              double c = cost[(r0 - 1) * m + col - 1];
              double reduced = (c == Double.POSITIVE_INFINITY ? forbidden : c) - u[r0] - p[col];
              if (reduced < least[col]) {
                least[col] = reduced;
                way[col] = col0;
              }
              if (least[col] < delta) {
                delta = least[col];
                col1 = col;
              }
            }
          }
          for (int col = 0; col <= m; col++) {
            if (used[col]) {
              u[match[col]] += delta;
              p[col] -= delta;
            } else {
              least[col] -= delta;
            }
          }
          col0 = col1;
        } while (match[col0] != 0);
        do {
          int col1 = way[col0];
          match[col0] = match[col1];
          col0 = col1;
        } while (col0 != 0);
      }
      double total = 0;
      for (int col = 1; col <= m; col++) {
        double c = cost[(match[col] - 1) * m + col - 1];
        if (c == Double.POSITIVE_INFINITY) {
          return Double.POSITIVE_INFINITY;
        }
        total += c;
      }
      return total;
    }
  }
}
