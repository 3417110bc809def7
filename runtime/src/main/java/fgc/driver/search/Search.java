package fgc.driver.search;

import fgc.model.Factor;
import fgc.model.Model;
import java.util.Arrays;

/**
 * Complete depth-first search over any finite model: propagate every constraint to a common
 * fixpoint, branch on the open variable with the fewest values left (ties: the one on most
 * constraints, then the lowest index, so runs are repeatable), try its values lowest first, undo
 * through the trail. It finds a solution, proves there is none, or counts solutions up to a limit.
 * It does not check its answers: the driver does, on the model.
 *
 * <p>{@link #minimize} is the same search with a cost bound (depth-first branch and bound over the
 * soft factors' costs, {@code -ln weight}): at every node, after propagation, a lower bound on the
 * cost of any completion is made from each soft factor's least cost over the joint values its
 * variables' domains still allow (summed, or gathered in buckets per open variable); a node whose
 * bound reaches the best cost found so far is cut, and so is a value whose own bound does. It
 * branches {@code x = a} (the value of least bound), then {@code x != a}, and proves the best
 * assignment optimal when the tree is done.
 *
 * <p>One instance per model and thread: it keeps the search state and reuses it between runs.
 */
public final class Search {
  /** Hears each branch, each undone branch and each solution; may throw to stop the search. */
  public interface Listener {
    /** A listener that hears nothing. */
    Listener NONE = new Listener() {};

    /**
     * The search sets {@code variable} to {@code value}.
     *
     * @param variable the variable's index
     * @param value the value tried
     */
    default void branch(int variable, int value) {}

    /**
     * The search takes back {@code variable = value}.
     *
     * @param variable the variable's index
     * @param value the value taken back
     */
    default void undo(int variable, int value) {}

    /**
     * A solution, a value per variable (the array is the listener's to keep).
     *
     * @param values a value per variable
     */
    default void solution(int[] values) {}
  }

  private final Problem problem;
  private final Domains d;
  private final long[] start;
  private final Constraint[] constraints;
  private final int[] degree;

  /** Per variable, its constraints and costs: the tie-break of branch and bound. */
  private final int[] weightedDegree;

  private final int[] queue;
  private final boolean[] queued;
  private int head;
  private int size;
  private int current = -1;
  private final int[] frameVar;
  private final int[] frameTried;
  private final int[] frameMark;
  private int[] first;
  private final Cost[] costs;

  /** Per variable, the costs on it and its position in each. */
  private final int[][] costOn;

  private final int[][] costPos;
  private final double[] costMin;

  /**
   * The last {@link #bound}'s two bounds, and per owner variable its bucket (valid where {@code
   * owned[v] == stamp}).
   */
  private double lbSum;

  private double lbBucket;
  private final double[][] bucket;
  private final double[] bucketMin;
  private final int[] owned;
  private int stamp;
  private double best;
  private long nodes;
  private long backtracks;

  private Search(Problem problem) {
    this.problem = problem;
    this.d = problem.initial;
    this.start = d.snapshot();
    this.constraints = problem.constraints.toArray(new Constraint[0]);
    int n = d.variables;
    this.degree = new int[n];
    for (int v = 0; v < n; v++) {
      degree[v] = problem.on[v].length;
    }
    this.queue = new int[Math.max(1, constraints.length)];
    this.queued = new boolean[constraints.length];
    this.frameVar = new int[n];
    this.frameTried = new int[n];
    this.frameMark = new int[n];
    this.costs = problem.costs.toArray(new Cost[0]);
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
      weightedDegree[v] = degree[v] + count[v];
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
    d.watcher = this::wake;
  }

  /** How {@link #minimize} ended. */
  public enum Outcome {
    /** The tree is done: the best assignment found is optimal. */
    OPTIMAL,
    /** The tree is done and held no assignment: the hard factors cannot all hold. */
    INFEASIBLE,
    /**
     * A limit stopped the search: the best assignment found so far (if any) is not proven optimal.
     */
    STOPPED
  }

  /**
   * Whether {@code model} has a soft factor: a table or prior with two different positive weights,
   * so that its most probable assignment is more than any solution.
   *
   * @param model the model
   * @return true when some factor weighs its values
   */
  public static boolean weighs(Model model) {
    for (Factor f : model.factors()) {
      if (Problem.soft(f)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the problem has soft factors, the costs {@link #minimize} weighs.
   *
   * @return true when some factor weighs its values
   */
  public boolean weighted() {
    return costs.length > 0;
  }

  /**
   * Branch and bound for the assignment of least total cost (the soft factors' {@code -ln weight})
   * that satisfies every hard factor and agrees with {@code evidence}. Anytime: {@code listener}
   * hears each better assignment as it is found ({@link Listener#solution}); afterwards {@link
   * #solution()} is the best one and {@link #bestCost()} its cost.
   *
   * @param evidence a value per variable, or {@code none}
   * @param none the marker of a variable without evidence
   * @param nodeLimit the most branches to try (Long.MAX_VALUE: no limit)
   * @param deadline a {@link System#nanoTime()} to stop at (Long.MAX_VALUE: none)
   * @param listener hears branches and every improvement
   * @return whether the best assignment is proven optimal, none exists, or a limit stopped the
   *     search
   */
  public Outcome minimize(
      int[] evidence, int none, long nodeLimit, long deadline, Listener listener) {
    if (evidence.length != d.variables) {
      throw new IllegalArgumentException(
          evidence.length + " values for " + d.variables + " variables");
    }
    d.restore(start);
    clearQueue();
    first = null;
    best = Double.POSITIVE_INFINITY;
    nodes = 0;
    backtracks = 0;
    if (problem.infeasible) {
      return Outcome.INFEASIBLE;
    }
    boolean ok = true;
    for (int v = 0; v < evidence.length && ok; v++) {
      if (evidence[v] != none) {
        long i = (long) evidence[v] - d.lo(v);
        ok = i >= 0 && i < d.size(v) && d.assign(v, (int) i);
      }
    }
    for (int c = 0; c < constraints.length; c++) {
      enqueue(c);
    }
    int depth = 0;
    boolean descend = ok && propagate() && bound();
    while (true) {
      if (descend) {
        int v = choose(weightedDegree);
        if (v < 0) {
          double total = 0;
          for (Cost c : costs) {
            total += c.cost(d);
          }
          if (total < best) {
            best = total;
            first = new int[d.variables];
            for (int u = 0; u < first.length; u++) {
              first[u] = d.value(u, d.min(u));
            }
            listener.solution(first.clone());
          }
        } else {
          if (nodes >= nodeLimit
              || ((nodes & 255) == 0
                  && deadline != Long.MAX_VALUE
                  && System.nanoTime() - deadline > 0)) {
            return Outcome.STOPPED;
          }
          int a = leastBoundValue(v);
          frameVar[depth] = v;
          frameTried[depth] = a;
          frameMark[depth] = d.mark();
          depth++;
          nodes++;
          listener.branch(v, d.value(v, a));
          d.assign(v, a);
          descend = propagate() && bound();
          continue;
        }
      }
      // The node failed or is done: its parent's branch x = a is refuted, x != a goes on.
      if (depth == 0) {
        return first == null ? Outcome.INFEASIBLE : Outcome.OPTIMAL;
      }
      depth--;
      int v = frameVar[depth];
      d.undo(frameMark[depth]);
      backtracks++;
      listener.undo(v, d.value(v, frameTried[depth]));
      descend = d.remove(v, frameTried[depth]) && propagate() && bound();
    }
  }

  /**
   * The cost of the last {@link #minimize}'s best assignment (the sum of its soft factors' {@code
   * -ln weight}), or infinity when none was found.
   *
   * @return the least cost found
   */
  public double bestCost() {
    return best;
  }

  /**
   * Cost slack under which a bound counts as reaching the best cost (sums of logs are not exact).
   */
  private double slack() {
    return 1e-9 * Math.max(1, Math.abs(best));
  }

  /**
   * The cost bound at this node: false when it reaches the best cost found; else every value whose
   * own bound reaches it is removed, with propagation, until nothing changes. Two sound bounds, the
   * larger counts: the sum of each soft factor's least cost ({@link Cost#bound}), and the bucket
   * bound, where each factor is given to its first open variable (its owner) and each owner adds
   * the least over its values of the sum of its factors' least costs at that value: any assignment
   * pays at least that in every bucket, and it is never below the first.
   */
  private boolean bound() {
    if (costs.length == 0) {
      return true;
    }
    while (true) {
      lbSum = 0;
      for (int k = 0; k < costs.length; k++) {
        costMin[k] = costs[k].bound(d);
        lbSum += costMin[k];
      }
      if (lbSum == Double.POSITIVE_INFINITY || lbSum >= best - slack()) {
        return false;
      }
      lbBucket = buckets();
      if (lbBucket == Double.POSITIVE_INFINITY || lbBucket >= best - slack()) {
        return false;
      }
      boolean removed = false;
      for (int v = 0; v < d.variables; v++) {
        if (costOn[v].length == 0 || d.fixed(v)) {
          continue;
        }
        for (int i = d.min(v); i >= 0; i = d.next(v, i + 1)) {
          if (valueBound(v, i) >= best - slack()) {
            if (!d.remove(v, i)) {
              clearQueue();
              return false;
            }
            removed = true;
          }
        }
      }
      if (!removed) {
        return true;
      }
      if (!propagate()) {
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
   * last {@link #bound} left it: the larger of the sum bound with {@code v}'s factors at that value
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
   * #bound} left it.
   */
  private int leastBoundValue(int v) {
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

  /**
   * The search of {@code model}; IllegalArgumentException (in words) for a factor it has no
   * constraint for.
   *
   * @param model the model
   * @return its search, ready to run
   */
  public static Search of(Model model) {
    return new Search(Problem.of(model));
  }

  static Search of(Problem problem) {
    return new Search(problem);
  }

  /**
   * Searches for up to {@code limit} solutions given {@code evidence} (a value per variable, or
   * {@code none}) and returns how many it found: 0 proves there is none. A given value outside its
   * domain leaves none. Afterwards {@link #solution()} is the first one.
   *
   * @param evidence a value per variable, or {@code none}
   * @param none the marker of a variable without evidence
   * @param limit the most solutions to find
   * @param listener hears branches and solutions
   * @return how many solutions were found, at most {@code limit}
   */
  public int run(int[] evidence, int none, int limit, Listener listener) {
    if (evidence.length != d.variables) {
      throw new IllegalArgumentException(
          evidence.length + " values for " + d.variables + " variables");
    }
    d.restore(start);
    clearQueue();
    first = null;
    nodes = 0;
    backtracks = 0;
    if (problem.infeasible || limit < 1) {
      return 0;
    }
    for (int v = 0; v < evidence.length; v++) {
      if (evidence[v] != none) {
        long i = (long) evidence[v] - d.lo(v);
        if (i < 0 || i >= d.size(v) || !d.assign(v, (int) i)) {
          return 0;
        }
      }
    }
    for (int c = 0; c < constraints.length; c++) {
      enqueue(c);
    }
    if (!propagate()) {
      return 0;
    }
    return search(limit, listener);
  }

  /**
   * The first solution of the last run, or null.
   *
   * @return a value per variable, or null
   */
  public int[] solution() {
    return first == null ? null : first.clone();
  }

  /**
   * Branches tried by the last run.
   *
   * @return the count
   */
  public long nodes() {
    return nodes;
  }

  /**
   * Branches of the last run that were undone: they failed or held no further solution.
   *
   * @return the count
   */
  public long backtracks() {
    return backtracks;
  }

  /**
   * Depth-first over an explicit stack of levels: a level is a variable, the value it tries and the
   * trail mark before it.
   */
  private int search(int limit, Listener listener) {
    int solutions = 0;
    int depth = 0;
    boolean descend = true;
    while (true) {
      if (descend) {
        int v = choose(degree);
        if (v < 0) {
          int[] values = new int[d.variables];
          for (int u = 0; u < values.length; u++) {
            values[u] = d.value(u, d.min(u));
          }
          if (first == null) {
            first = values.clone();
          }
          listener.solution(values);
          if (++solutions >= limit) {
            return solutions;
          }
        } else {
          frameVar[depth] = v;
          frameTried[depth] = -1;
          frameMark[depth] = d.mark();
          depth++;
        }
      }
      if (depth == 0) {
        return solutions;
      }
      int level = depth - 1;
      int v = frameVar[level];
      int tried = frameTried[level];
      if (tried >= 0) {
        d.undo(frameMark[level]);
        backtracks++;
        listener.undo(v, d.value(v, tried));
      }
      int next = d.next(v, tried + 1);
      if (next < 0) {
        depth--;
        descend = false;
        continue;
      }
      frameTried[level] = next;
      nodes++;
      listener.branch(v, d.value(v, next));
      d.assign(v, next);
      descend = propagate();
    }
  }

  /**
   * The open variable with the fewest values (ties: largest {@code degree}, then lowest index), or
   * -1 when all are fixed.
   */
  private int choose(int[] degree) {
    int best = -1;
    int bestCount = Integer.MAX_VALUE;
    for (int v = 0; v < d.variables; v++) {
      int c = d.count(v);
      if (c > 1 && (c < bestCount || (c == bestCount && degree[v] > degree[best]))) {
        best = v;
        bestCount = c;
      }
    }
    return best;
  }

  private boolean propagate() {
    while (size > 0) {
      int c = queue[head];
      head = head + 1 == queue.length ? 0 : head + 1;
      size--;
      queued[c] = false;
      current = c;
      boolean ok = constraints[c].propagate(d);
      current = -1;
      if (!ok) {
        clearQueue();
        return false;
      }
    }
    return true;
  }

  /**
   * Schedules the constraints on {@code v}, except the one running (it reaches its own fixpoint).
   */
  private void wake(int v) {
    for (int c : problem.on[v]) {
      if (c != current) {
        enqueue(c);
      }
    }
  }

  private void enqueue(int c) {
    if (!queued[c]) {
      queued[c] = true;
      int tail = head + size;
      queue[tail >= queue.length ? tail - queue.length : tail] = c;
      size++;
    }
  }

  private void clearQueue() {
    while (size > 0) {
      queued[queue[head]] = false;
      head = head + 1 == queue.length ? 0 : head + 1;
      size--;
    }
    head = 0;
  }
}
