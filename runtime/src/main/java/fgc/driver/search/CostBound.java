package fgc.driver.search;

import java.util.Arrays;

/**
 * The cost bound of {@link Search#minimize} at one node: a lower bound on the total cost (the soft
 * factors' {@code -ln weight}) of any assignment the current domains still allow, and the same per
 * value of a variable, so that values whose bound reaches the best cost found can be removed. Two
 * sound bounds, the larger counts: the sum of each soft factor's least cost ({@link Cost#bound}),
 * and the bucket bound, where each factor is given to its first open variable (its owner) and each
 * owner adds the least over its values of the sum of its factors' least costs at that value: any
 * assignment pays at least that in every bucket, and it is never below the first.
 */
final class CostBound {
  private final Domains d;
  private final ConstraintPropagation propagation;
  final Cost[] costs;

  /** Per variable, the costs on it and its position in each. */
  private final int[][] costOn;

  private final int[][] costPos;
  private final double[] costMin;

  /** Per variable, its constraints and costs: the tie-break of branch and bound. */
  final int[] weightedDegree;

  /**
   * The last {@link #holds}'s two bounds, and per owner variable its bucket (valid where {@code
   * owned[v] == stamp}).
   */
  private double lbSum;

  private double lbBucket;
  private final double[][] bucket;
  private final double[] bucketMin;
  private final int[] owned;
  private int stamp;

  CostBound(Problem problem, ConstraintPropagation propagation) {
    this.d = problem.initial;
    this.propagation = propagation;
    this.costs = problem.costs.toArray(new Cost[0]);
    int n = d.variables;
    this.costMin = new double[costs.length];
    int[] count = new int[n];
    for (Cost c : costs) {
      for (int v : c.vars) {
        count[v]++;
      }
    }
    this.bucket = new double[n][];
    for (int v = 0; v < n; v++) {
      bucket[v] = new double[count[v] == 0 ? 0 : d.size(v)];
    }
    this.bucketMin = new double[n];
    this.owned = new int[n];
    this.weightedDegree = new int[n];
    for (int v = 0; v < n; v++) {
      weightedDegree[v] = problem.on[v].length + count[v];
    }
    this.costOn = new int[n][];
    this.costPos = new int[n][];
    for (int v = 0; v < n; v++) {
      costOn[v] = new int[count[v]];
      costPos[v] = new int[count[v]];
      count[v] = 0;
    }
    for (int k = 0; k < costs.length; k++) {
      for (int p = 0; p < costs[k].vars.length; p++) {
        int v = costs[k].vars[p];
        costOn[v][count[v]] = k;
        costPos[v][count[v]++] = p;
      }
    }
  }

  /** The total cost of the assignment where every variable is fixed. */
  double total() {
    double total = 0;
    for (Cost c : costs) {
      total += c.cost(d);
    }
    return total;
  }

  /**
   * Cost slack under which a bound counts as reaching {@code best} (sums of logs are not exact).
   */
  private static double slack(double best) {
    return 1e-9 * Math.max(1, Math.abs(best));
  }

  /**
   * The bound at this node: false when it reaches {@code best}; else every value whose own bound
   * reaches it is removed, with propagation, until nothing changes.
   */
  boolean holds(double best) {
    if (costs.length == 0) {
      return true;
    }
    while (true) {
      lbSum = 0;
      for (int k = 0; k < costs.length; k++) {
        costMin[k] = costs[k].bound(d);
        lbSum += costMin[k];
      }
      if (lbSum == Double.POSITIVE_INFINITY || lbSum >= best - slack(best)) {
        return false;
      }
      lbBucket = buckets();
      if (lbBucket == Double.POSITIVE_INFINITY || lbBucket >= best - slack(best)) {
        return false;
      }
      boolean removed = false;
      for (int v = 0; v < d.variables; v++) {
        if (costOn[v].length == 0 || d.fixed(v)) {
          continue;
        }
        for (int i = d.min(v); i >= 0; i = d.next(v, i + 1)) {
          if (valueBound(v, i) >= best - slack(best)) {
            if (!d.remove(v, i)) {
              propagation.clear();
              return false;
            }
            removed = true;
          }
        }
      }
      if (!removed) {
        return true;
      }
      if (!propagation.propagate(d.cells, null, 0)) {
        return false;
      }
    }
  }

  /**
   * The bucket bound, with {@link #bucket} and {@link #bucketMin} set for every owner (stamped
   * {@link #stamp}).
   */
  private double buckets() {
    stamp++;
    double lb = 0;
    for (int k = 0; k < costs.length; k++) {
      int[] vars = costs[k].vars;
      int p = 0;
      while (p < vars.length && d.fixed(vars[p])) {
        p++;
      }
      if (p == vars.length) {
        lb += costMin[k]; // fixed: its one cost
        continue;
      }
      int v = vars[p];
      double[] acc = bucket[v];
      if (owned[v] != stamp) {
        owned[v] = stamp;
        Arrays.fill(acc, 0.0);
      }
      double[] row = costs[k].rowMin[p];
      for (int i = d.min(v); i >= 0; i = d.next(v, i + 1)) {
        acc[i] += row[i];
      }
    }
    for (int v = 0; v < d.variables; v++) {
      if (owned[v] == stamp) {
        double least = Double.POSITIVE_INFINITY;
        for (int i = d.min(v); i >= 0; i = d.next(v, i + 1)) {
          least = Math.min(least, bucket[v][i]);
        }
        bucketMin[v] = least;
        lb += least;
      }
    }
    return lb;
  }

  /**
   * A bound on the cost of this node's assignments with value index {@code i} of {@code v}, as the
   * last {@link #holds} left it: the larger of the sum bound with {@code v}'s factors at that value
   * and the bucket bound with {@code v}'s own bucket at that value.
   */
  private double valueBound(int v, int i) {
    double sum = lbSum;
    for (int j = 0; j < costOn[v].length; j++) {
      int k = costOn[v][j];
      sum += costs[k].rowMin[costPos[v][j]][i] - costMin[k];
    }
    double byBucket = owned[v] == stamp ? lbBucket + bucket[v][i] - bucketMin[v] : lbBucket;
    return Math.max(sum, byBucket);
  }

  /**
   * The value index of {@code v} whose bound is least (ties: the lowest), as the last {@link
   * #holds} left it.
   */
  int leastBoundValue(int v) {
    int bestValue = d.min(v);
    if (costOn[v].length == 0) {
      return bestValue;
    }
    double least = Double.POSITIVE_INFINITY;
    for (int i = d.min(v); i >= 0; i = d.next(v, i + 1)) {
      double b = valueBound(v, i);
      if (b < least) {
        least = b;
        bestValue = i;
      }
    }
    return bestValue;
  }
}
