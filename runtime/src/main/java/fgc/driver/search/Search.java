package fgc.driver.search;

import fgc.model.Model;

/**
 * Complete depth-first search over any finite model: propagate every constraint to a common
 * fixpoint, branch on the open variable with the fewest values left (ties: the one on most
 * constraints, then the lowest index, so runs are repeatable), try its values lowest first, undo
 * through the trail. It finds a solution, proves there is none, or counts solutions up to a limit.
 * It does not check its answers: the driver does, on the model.
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
  private final int[] queue;
  private final boolean[] queued;
  private int head;
  private int size;
  private int current = -1;
  private final int[] frameVar;
  private final int[] frameTried;
  private final int[] frameMark;
  private int[] first;
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
    d.watcher = this::wake;
  }

  /**
   * The search of {@code model}; IllegalArgumentException (in words) for a factor it has no constraint for.
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
      throw new IllegalArgumentException(evidence.length + " values for " + d.variables + " variables");
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

  /** Depth-first over an explicit stack of levels: a level is a variable, the value it tries and the trail mark before it. */
  private int search(int limit, Listener listener) {
    int solutions = 0;
    int depth = 0;
    boolean descend = true;
    while (true) {
      if (descend) {
        int v = choose();
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

  /** The open variable with the fewest values (ties: most constraints, then lowest index), or -1 when all are fixed. */
  private int choose() {
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

  /** Schedules the constraints on {@code v}, except the one running (it reaches its own fixpoint). */
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
