package fgc.driver.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Min-sum diffusion (Kovalevsky and Koval; Werner, "A linear programming approach to max-sum
 * problem: a review", IEEE TPAMI 29(7), 2007): moves cost between the soft factors and one unary
 * cost per variable so that every complete assignment keeps its total, while the sum of each cost
 * table's least entry, the bound branch and bound starts from, rises towards the bound of the LP
 * relaxation. For each variable in turn, each factor's least cost per value of that variable (its
 * min-marginal) is taken out of the factor, added to the variable's unary cost, and the total is
 * shared out again evenly between the unary cost and the factors. A value with infinite total (some
 * factor forbids it) keeps its infinity in the unary cost and leaves the factors as they are, so no
 * infinity is ever subtracted.
 *
 * <p>The work is bounded ({@link #WORK}: table entries visited), so a large model spends
 * milliseconds here; the passes stop early once the bound stops rising.
 */
final class Diffusion {
  /** Table entries visited in all, over every pass: about 0.1 s at most. */
  static final long WORK = 50_000_000L;

  /** At most this many passes over the variables. */
  static final int PASSES = 200;

  /** A pass that raises the bound by less than this (relative) ends the diffusion. */
  private static final double STALL = 1e-9;

  /** One cost table: its variables, their full domain sizes, and a cost per joint value. */
  record Table(int[] vars, int[] sizes, double[] costs) {}

  private Diffusion() {}

  /**
   * The tables after diffusion: every table over two or more distinct variables, with its costs
   * moved, and one unary table per variable that any table touches (the given unary tables summed
   * into it). The total cost of every joint value of all the variables is unchanged (to rounding;
   * infinite where it was).
   *
   * @param tables the soft factors' cost tables (not changed)
   * @param domainSizes every variable's full domain size
   * @return the tables to bound with
   */
  static List<Table> of(List<Table> tables, int[] domainSizes) {
    int n = domainSizes.length;
    double[][] unary = new double[n][];
    List<Table> joint = new ArrayList<>();
    List<Table> untouched = new ArrayList<>();
    for (Table t : tables) {
      if (t.vars().length == 1) {
        int v = t.vars()[0];
        if (unary[v] == null) {
          unary[v] = new double[domainSizes[v]];
        }
        for (int x = 0; x < unary[v].length; x++) {
          unary[v][x] += t.costs()[x];
        }
      } else if (distinct(t.vars())) {
        joint.add(new Table(t.vars(), t.sizes(), t.costs().clone()));
      } else {
        untouched.add(t); // a variable twice in one scope: left out of the diffusion
      }
    }
    // Per variable, the joint tables on it and its position in each.
    List<List<int[]>> on = new ArrayList<>();
    for (int v = 0; v < n; v++) {
      on.add(new ArrayList<>());
    }
    long entriesPerPass = 0;
    for (int f = 0; f < joint.size(); f++) {
      Table t = joint.get(f);
      for (int p = 0; p < t.vars().length; p++) {
        on.get(t.vars()[p]).add(new int[] {f, p});
        if (unary[t.vars()[p]] == null) {
          unary[t.vars()[p]] = new double[domainSizes[t.vars()[p]]];
        }
      }
      entriesPerPass += 2L * t.costs().length * t.vars().length;
    }
    int passes = entriesPerPass == 0 ? 0 : (int) Math.min(PASSES, WORK / entriesPerPass);
    double bound = bound(joint, unary);
    for (int pass = 0; pass < passes; pass++) {
      for (int v = 0; v < n; v++) {
        if (!on.get(v).isEmpty()) {
          diffuse(on.get(v), joint, unary[v]);
        }
      }
      double next = bound(joint, unary);
      boolean stalled = !(next - bound > STALL * Math.max(1.0, Math.abs(next)));
      bound = next;
      if (stalled) {
        break;
      }
    }
    List<Table> out = new ArrayList<>(joint);
    out.addAll(untouched);
    for (int v = 0; v < n; v++) {
      if (unary[v] != null) {
        out.add(new Table(new int[] {v}, new int[] {domainSizes[v]}, unary[v]));
      }
    }
    return out;
  }

  /** One variable's step: min-marginals out of its tables, the total shared out again. */
  private static void diffuse(List<int[]> tables, List<Table> joint, double[] unary) {
    int size = unary.length;
    double[][] marginal = new double[tables.size()][];
    double[] total = unary.clone();
    for (int k = 0; k < tables.size(); k++) {
      Table t = joint.get(tables.get(k)[0]);
      marginal[k] = minMarginal(t, tables.get(k)[1], size);
      for (int x = 0; x < size; x++) {
        total[x] += marginal[k][x];
      }
    }
    double parts = tables.size() + 1;
    for (int x = 0; x < size; x++) {
      unary[x] = Double.isInfinite(total[x]) ? Double.POSITIVE_INFINITY : total[x] / parts;
    }
    for (int k = 0; k < tables.size(); k++) {
      Table t = joint.get(tables.get(k)[0]);
      int stride = stride(t, tables.get(k)[1]);
      double[] costs = t.costs();
      for (int e = 0; e < costs.length; e++) {
        int x = (e / stride) % size;
        // Where the total is infinite the unary cost holds the infinity, so every row at that
        // value may cost infinity too: no assignment's total changes, and no finite row there
        // keeps a factor's least cost below the bound.
        costs[e] =
            Double.isInfinite(total[x])
                ? Double.POSITIVE_INFINITY
                : costs[e] + (unary[x] - marginal[k][x]);
      }
    }
  }

  /** The least cost of {@code t} per value of its variable at position {@code p}. */
  private static double[] minMarginal(Table t, int p, int size) {
    double[] out = new double[size];
    Arrays.fill(out, Double.POSITIVE_INFINITY);
    int stride = stride(t, p);
    double[] costs = t.costs();
    for (int e = 0; e < costs.length; e++) {
      int x = (e / stride) % size;
      if (costs[e] < out[x]) {
        out[x] = costs[e];
      }
    }
    return out;
  }

  /** Row-major over the full domains, the last position fastest. */
  private static int stride(Table t, int p) {
    int s = 1;
    for (int q = t.vars().length - 1; q > p; q--) {
      s *= t.sizes()[q];
    }
    return s;
  }

  /** The sum of every table's least cost: the bound at the root. */
  private static double bound(List<Table> joint, double[][] unary) {
    double sum = 0;
    for (Table t : joint) {
      double min = Double.POSITIVE_INFINITY;
      for (double c : t.costs()) {
        min = Math.min(min, c);
      }
      sum += min;
    }
    for (double[] u : unary) {
      if (u != null) {
        double min = Double.POSITIVE_INFINITY;
        for (double c : u) {
          min = Math.min(min, c);
        }
        sum += min;
      }
    }
    return sum;
  }

  private static boolean distinct(int[] vars) {
    for (int a = 0; a < vars.length; a++) {
      for (int b = a + 1; b < vars.length; b++) {
        if (vars[a] == vars[b]) {
          return false;
        }
      }
    }
    return true;
  }
}
