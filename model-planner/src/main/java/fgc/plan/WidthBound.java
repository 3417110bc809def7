package fgc.plan;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * A lower bound on the elimination width of every order, from the interaction graph alone, in time
 * about linear in its edges: so the planner can refuse a model whose every order passes the clique
 * limit without searching for one. It may be far below the true width (then the search runs and
 * decides); it is never above it.
 *
 * <p>Two bounds, the larger kept. The degeneracy (the maximum, over repeatedly removing a vertex of
 * least degree, of that least degree; "MMD" in Bodlaender and Koster's "Treewidth computations II.
 * Lower bounds", 2011): a subgraph whose every vertex has d neighbours has treewidth at least d.
 * And a square grid: when, for some stride w, variables {@code v + r*w + c} (r, c below k, k at
 * most w) are each joined to {@code v + 1} and {@code v + w} beyond them, the graph holds a k by k
 * grid, whose treewidth is k. Planar graphs, grids among them, have degeneracy at most 5, so the
 * second is what refuses a grid of spins or pixels.
 *
 * <p>Either way, a subgraph H of treewidth k means each elimination order has a clique holding at
 * least k + 1 variables of H (restricted to H, the order's cliques are a tree decomposition of H):
 * at least the product of the k + 1 smallest domain sizes in H, the units of the clique limit.
 */
final class WidthBound {
  /** Offsets of edges sampled to guess a grid's stride, at most. */
  private static final int SAMPLED_VARIABLES = 4096;

  /** Strides tried, the most frequent offsets first. */
  private static final int STRIDES = 3;

  /** Every order's elimination width is at least this. */
  final int width;

  /** Every order has a clique table of at least this many entries. */
  final long entries;

  /** How the bound was found, for a refusal to say. */
  final String why;

  private WidthBound(int width, long entries, String why) {
    this.width = width;
    this.entries = entries;
    this.why = why;
  }

  /** The larger of the two bounds on {@code g}, which must not have eliminated anything yet. */
  static WidthBound of(EliminationGraph g) {
    WidthBound degeneracy = degeneracy(g);
    WidthBound grid = grid(g);
    return grid.entries > degeneracy.entries
            || grid.entries == degeneracy.entries && grid.width > degeneracy.width
        ? grid
        : degeneracy;
  }

  /**
   * The degeneracy (Batagelj and Zaversnik's bucket order, linear time), with the smallest domain
   * sizes of the whole graph (the subgraph it holds is not kept).
   */
  static WidthBound degeneracy(EliminationGraph g) {
    int n = g.n;
    int[] degree = new int[n];
    int most = 0;
    for (int v = 0; v < n; v++) {
      degree[v] = g.degree(v);
      most = Math.max(most, degree[v]);
    }
    // Vertices sorted by degree (bin[d]: where degree d starts), each one's place in that order.
    int[] bin = new int[most + 2];
    for (int v = 0; v < n; v++) {
      bin[degree[v] + 1]++;
    }
    for (int d = 1; d <= most + 1; d++) {
      bin[d] += bin[d - 1];
    }
    int[] sorted = new int[n];
    int[] at = new int[n];
    int[] next = bin.clone();
    for (int v = 0; v < n; v++) {
      at[v] = next[degree[v]]++;
      sorted[at[v]] = v;
    }
    int best = 0;
    for (int i = 0; i < n; i++) {
      int v = sorted[i]; // least degree among the vertices left
      best = Math.max(best, degree[v]);
      for (int j = 0; j < g.degree(v); j++) {
        int u = g.neighbour(v, j);
        if (degree[u] > degree[v]) { // u is still there: one degree down, to its bin's start
          int du = degree[u];
          int first = sorted[bin[du]];
          if (first != u) {
            sorted[at[u]] = first;
            at[first] = at[u];
            sorted[bin[du]] = u;
            at[u] = bin[du];
          }
          bin[du]++;
          degree[u]--;
        }
      }
    }
    int[] all = new int[n];
    for (int v = 0; v < n; v++) {
      all[v] = v;
    }
    return new WidthBound(
        best,
        smallest(all, best + 1, g.size),
        "some of its variables each share factors with at least "
            + best
            + " others of them (degeneracy "
            + best
            + ")");
  }

  /** The largest square grid found at the likeliest strides, or width 0. */
  static WidthBound grid(EliminationGraph g) {
    int n = g.n;
    WidthBound best = new WidthBound(0, 1, "no grid");
    for (int stride : strides(g)) {
      // side[v]: the largest k such that the k by k cells ending at v (v - r*stride - c) are each
      // joined to the next variable and to the one a stride on.
      int[] side = new int[n];
      int most = 0;
      int corner = -1;
      for (int v = 0; v < n; v++) {
        if (v + stride < n && g.joined(v, v + 1) && g.joined(v, v + stride)) {
          int left = v >= 1 ? side[v - 1] : 0;
          int up = v >= stride ? side[v - stride] : 0;
          int diagonal = v >= stride + 1 ? side[v - stride - 1] : 0;
          // At most the stride: beyond it, two cells of a square would be the same variable.
          side[v] = Math.min(stride, 1 + Math.min(left, Math.min(up, diagonal)));
          if (side[v] > most) {
            most = side[v];
            corner = v;
          }
        }
      }
      if (most < 2) {
        continue;
      }
      int[] cells = new int[most * most];
      for (int r = 0; r < most; r++) {
        for (int c = 0; c < most; c++) {
          cells[r * most + c] = corner - r * stride - c;
        }
      }
      long entries = smallest(cells, most + 1, g.size);
      if (entries > best.entries || entries == best.entries && most > best.width) {
        best =
            new WidthBound(
                most,
                entries,
                "it holds a "
                    + most
                    + " x "
                    + most
                    + " grid of variables that share factors with their neighbours (treewidth "
                    + most
                    + ")");
      }
    }
    return best;
  }

  /**
   * The offsets above 1 most frequent among edges of variables sampled evenly over the indices: a
   * grid declared row by row joins each variable to the one a row on.
   */
  private static int[] strides(EliminationGraph g) {
    int n = g.n;
    int step = Math.max(1, n / SAMPLED_VARIABLES);
    Map<Integer, Integer> count = new HashMap<>();
    for (int v = 0; v < n; v += step) {
      for (int j = 0; j < g.degree(v); j++) {
        int offset = g.neighbour(v, j) - v;
        if (offset > 1) {
          count.merge(offset, 1, Integer::sum);
        }
      }
    }
    return count.entrySet().stream()
        .sorted(
            (a, b) ->
                a.getValue().equals(b.getValue())
                    ? Integer.compare(a.getKey(), b.getKey())
                    : Integer.compare(b.getValue(), a.getValue()))
        .limit(STRIDES)
        .mapToInt(Map.Entry::getKey)
        .toArray();
  }

  /**
   * The product of the {@code k} smallest domain sizes among {@code vars} (all of them when fewer),
   * saturating.
   */
  private static long smallest(int[] vars, int k, int[] size) {
    int[] sizes = new int[vars.length];
    for (int i = 0; i < vars.length; i++) {
      sizes[i] = size[vars[i]];
    }
    Arrays.sort(sizes);
    return product(sizes, Math.min(k, sizes.length));
  }

  private static long product(int[] sorted, int k) {
    long p = 1;
    for (int i = 0; i < k && p > 0; i++) {
      p = sorted[i] == 0 ? 0 : p > Long.MAX_VALUE / sorted[i] ? Long.MAX_VALUE : p * sorted[i];
    }
    return p;
  }
}
