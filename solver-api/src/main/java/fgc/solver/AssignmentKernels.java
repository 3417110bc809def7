package fgc.solver;

import java.util.Arrays;

/**
 * Max-product messages of an all-different factor through one assignment solve, for factors too
 * wide for the subset passes of {@link AlldiffKernels}. The message to row {@code s} for value
 * {@code v} is the best product of an injective assignment of the other rows to the other values:
 * the max-weight perfect matching of the minor without row {@code s} and column {@code v}.
 *
 * <p>With costs {@code c = -ln(entry)}, one Hungarian solve gives an optimal matching {@code sigma}
 * and dual potentials {@code u, w} whose reduced costs {@code r(i,j) = c(i,j) - u_i - w_j} are
 * non-negative and zero on the matching. Removing row {@code s} and column {@code v} frees column
 * {@code sigma(s)} and unmatches the row {@code t} that held {@code v}; the cheapest repair is the
 * shortest alternating path from {@code t} to {@code sigma(s)}, and the telescoping potentials give
 * the minor's optimum as {@code OPT - u_s - w_v + D[v][sigma(s)]}, with {@code D[a][b]} the
 * reduced-cost distance from the row matched to column {@code a} to column {@code b}. One Dijkstra
 * per column gives all of {@code D}: {@code O(N^3)} for all {@code N^2} messages, against the
 * subset passes' {@code O(N 2^N)}.
 *
 * <p>When the full matrix has no perfect matching (some row is all zero: a contradiction already),
 * each row's minor is solved on its own, {@code O(N^4)}, so the messages stay exact.
 */
public final class AssignmentKernels {
  private AssignmentKernels() {}

  /** Scratch arrays for matrices up to {@code capacity} wide, allocated once per solver. */
  public static final class Workspace {
    final int capacity;
    final double[] cost;
    final double[] u;
    final double[] w;
    final int[] matchOfColumn;
    final int[] way;
    final double[] minv;
    final boolean[] used;
    final double[] distance;
    final double[] paths;
    final double[] reduced;
    final int[] open;
    final int[] rowOfColumn;
    final int[] columnOfRow;
    final double[] saved;

    /**
     * A workspace for matrices of up to {@code capacity} rows.
     *
     * @param capacity the largest {@code width} the workspace will serve
     */
    public Workspace(int capacity) {
      this.capacity = capacity;
      int n = capacity + 1;
      cost = new double[capacity * capacity];
      u = new double[n];
      w = new double[n];
      matchOfColumn = new int[n];
      way = new int[n];
      minv = new double[n];
      used = new boolean[n];
      distance = new double[capacity];
      paths = new double[capacity * capacity];
      reduced = new double[capacity * capacity];
      open = new int[capacity];
      rowOfColumn = new int[capacity];
      columnOfRow = new int[capacity];
      saved = new double[2 * capacity];
    }
  }

  /**
   * Max-product messages of rows {@code 0 .. arity-1} of the {@code width x width} matrix in {@code
   * rows} (stride {@code stride}; rows {@code arity ..} are treated as all ones) into {@code out}
   * (same stride). Entries must be non-negative.
   *
   * @param rows the incoming messages, one row per slot
   * @param stride the distance between two rows in {@code rows} and {@code out}
   * @param arity how many slots the factor has
   * @param width how many values the slots range over, at most the workspace's capacity
   * @param ws the scratch arrays, reused from call to call so that a sweep allocates nothing
   * @param out where the outgoing messages go, one row per slot
   */
  public static void maxProduct(
      double[] rows, int stride, int arity, int width, Workspace ws, double[] out) {
    if (width > ws.capacity) {
      throw new IllegalArgumentException(
          "matrix of " + width + " values in a workspace for " + ws.capacity);
    }
    int n = width;
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        double a = i < arity ? rows[i * stride + j] : 1.0;
        ws.cost[i * n + j] = a > 0.0 ? -Math.log(a) : Double.POSITIVE_INFINITY;
      }
    }
    for (int r = 0; r < arity; r++) {
      Arrays.fill(out, r * stride, r * stride + width, 0.0);
    }
    double best = solve(ws, n);
    if (best == Double.POSITIVE_INFINITY) {
      for (int s = 0; s < arity; s++) {
        minorOfRow(ws, n, s, out, s * stride);
      }
      return;
    }
    // rowOfColumn[j] = the row matched to column j; sigma(s) = the column of row s.
    for (int j = 0; j < n; j++) {
      ws.rowOfColumn[j] = ws.matchOfColumn[j + 1] - 1;
    }
    for (int j = 0; j < n; j++) {
      ws.columnOfRow[ws.rowOfColumn[j]] = j;
    }
    // The reduced costs, once for all n searches (+infinity where an entry is zero).
    for (int i = 0; i < n; i++) {
      double ui = ws.u[i + 1];
      for (int j = 0; j < n; j++) {
        double c = ws.cost[i * n + j];
        ws.reduced[i * n + j] =
            c == Double.POSITIVE_INFINITY ? c : Math.max(0.0, c - ui - ws.w[j + 1]);
      }
    }
    for (int a = 0; a < n; a++) {
      shortestPaths(ws, n, a);
      System.arraycopy(ws.distance, 0, ws.paths, a * n, n);
    }
    for (int s = 0; s < arity; s++) {
      int home = ws.columnOfRow[s];
      for (int v = 0; v < n; v++) {
        double d = ws.paths[v * n + home];
        double minor = best - ws.u[s + 1] - ws.w[v + 1] + d;
        out[s * stride + v] =
            d == Double.POSITIVE_INFINITY ? 0.0 : Math.max(Math.exp(-minor), Numerics.TINY);
      }
    }
  }

  /**
   * The Hungarian method with potentials (shortest augmenting paths, Kuhn-Munkres as in
   * Jonker-Volgenant), on the {@code n x n} costs. Returns the optimal cost, or +infinity when no
   * perfect matching exists. Arrays are 1-based as in the textbook formulation.
   */
  private static double solve(Workspace ws, int n) {
    Arrays.fill(ws.u, 0, n + 1, 0.0);
    Arrays.fill(ws.w, 0, n + 1, 0.0);
    Arrays.fill(ws.matchOfColumn, 0, n + 1, 0);
    for (int i = 1; i <= n; i++) {
      ws.matchOfColumn[0] = i;
      int j0 = 0;
      Arrays.fill(ws.minv, 0, n + 1, Double.POSITIVE_INFINITY);
      Arrays.fill(ws.used, 0, n + 1, false);
      do {
        ws.used[j0] = true;
        int i0 = ws.matchOfColumn[j0];
        double delta = Double.POSITIVE_INFINITY;
        int j1 = -1;
        for (int j = 1; j <= n; j++) {
          if (!ws.used[j]) {
            double cur = ws.cost[(i0 - 1) * n + (j - 1)] - ws.u[i0] - ws.w[j];
            if (cur < ws.minv[j]) {
              ws.minv[j] = cur;
              ws.way[j] = j0;
            }
            if (ws.minv[j] < delta) {
              delta = ws.minv[j];
              j1 = j;
            }
          }
        }
        if (j1 < 0 || delta == Double.POSITIVE_INFINITY) {
          return Double.POSITIVE_INFINITY;
        }
        // A step of zero (frequent when entries tie) moves no potential: skipped, same results.
        for (int j = 0; delta != 0.0 && j <= n; j++) {
          if (ws.used[j]) {
            ws.u[ws.matchOfColumn[j]] += delta;
            ws.w[j] -= delta;
          } else {
            ws.minv[j] -= delta;
          }
        }
        j0 = j1;
      } while (ws.matchOfColumn[j0] != 0);
      do {
        int j1 = ws.way[j0];
        ws.matchOfColumn[j0] = ws.matchOfColumn[j1];
        j0 = j1;
      } while (j0 != 0);
    }
    double total = 0.0;
    for (int j = 1; j <= n; j++) {
      int i = ws.matchOfColumn[j];
      total += ws.cost[(i - 1) * n + (j - 1)];
    }
    return total;
  }

  /**
   * Dijkstra over reduced costs from the row matched to column {@code a}; distances to columns in
   * {@code ws.distance}. The columns not yet settled are kept in a list (a settled one is swapped
   * out), and one pass over it both relaxes them and finds the nearest: about {@code n^2 / 2}
   * steps. Which of two equally near columns is settled first does not change any distance: a
   * column settled later is no nearer, and reduced costs are non-negative.
   */
  private static void shortestPaths(Workspace ws, int n, int a) {
    double[] distance = ws.distance;
    double[] reduced = ws.reduced;
    int[] open = ws.open;
    Arrays.fill(distance, 0, n, Double.POSITIVE_INFINITY);
    int remaining = 0;
    for (int j = 0; j < n; j++) {
      if (j != a) {
        open[remaining++] = j;
      }
    }
    distance[a] = 0.0;
    int column = a;
    while (column >= 0) {
      // Relax from the row matched to the column just settled, which is reached at its distance.
      int at = ws.rowOfColumn[column] * n;
      double base = distance[column];
      int nearest = -1;
      double near = Double.POSITIVE_INFINITY;
      for (int k = 0; k < remaining; k++) {
        int j = open[k];
        double d = Math.min(distance[j], base + reduced[at + j]);
        distance[j] = d;
        if (d < near) {
          near = d;
          nearest = k;
        }
      }
      if (nearest < 0) {
        return;
      }
      column = open[nearest];
      open[nearest] = open[--remaining];
    }
  }

  /** The exact messages to row {@code s} alone: for each value, the best matching of the minor. */
  private static void minorOfRow(Workspace ws, int n, int s, double[] out, int at) {
    for (int v = 0; v < n; v++) {
      // Row s takes v for free; every other row must avoid v: forbid v to them, solve, restore.
      double[] saved = ws.saved;
      for (int i = 0; i < n; i++) {
        saved[i] = ws.cost[i * n + v];
        ws.cost[i * n + v] = Double.POSITIVE_INFINITY;
      }
      System.arraycopy(ws.cost, s * n, saved, n, n);
      for (int j = 0; j < n; j++) {
        ws.cost[s * n + j] = j == v ? 0.0 : Double.POSITIVE_INFINITY;
      }
      double opt = solve(ws, n);
      System.arraycopy(saved, n, ws.cost, s * n, n);
      for (int i = 0; i < n; i++) {
        ws.cost[i * n + v] = saved[i];
      }
      out[at + v] = opt == Double.POSITIVE_INFINITY ? 0.0 : Math.exp(-opt);
    }
  }
}
