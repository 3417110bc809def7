package fgc.driver.search;

import fgc.driver.search.alldiff.BitmaskPropagation;
import fgc.model.Factor;
import fgc.model.Model;
import fgc.plan.BitmaskTables;
import fgc.solver.GeneratedAlgorithm;
import fgc.solver.Propagation;
import fgc.solver.Propagator;

/**
 * fgc's one complete search: propagate a node's state to a fixpoint through one {@link
 * Propagation}, branch on a variable, try its values, go back a level on a dead end. It finds a
 * solution, proves there is none, or counts solutions up to a limit; {@link #minimize} is the same
 * search with a cost bound. It does not check its answers: the driver does, on the model.
 *
 * <p>What it runs on is chosen by the maker, not by the engine:
 *
 * <ul>
 *   <li>{@link #of(Model)}: any finite model. Its constraints (compact tables, linear relations,
 *       all-different filtering, equalities) propagate through {@link ConstraintPropagation} over
 *       {@link Domains} with a trail ({@link TrailedState}); branching on the fewest values left.
 *   <li>{@link #overMasks}: models of {@code alldiff} and {@code neq} whose values span at most 64
 *       ({@link BitmaskTables}), the fast path for Sudoku-like models. Candidate bit masks copied
 *       per level ({@link MaskState}) and the bitmask rules of {@link BitmaskPropagation} (naked
 *       and hidden singles, locked candidates), or the same rules in a {@link Propagator} generated
 *       for the model; branching on the fewest candidates, or by marginals.
 * </ul>
 *
 * <p>{@link #minimize} is depth-first branch and bound over the soft factors' costs ({@code -ln
 * weight}, {@link CostBound}): it branches {@code x = a} (the value of least bound), then {@code x
 * != a}, and proves the best assignment optimal when the tree is done.
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

  private final SearchState state;
  private final Propagation propagation;

  /** The variables given or fixed since the last propagation, for propagations that read them. */
  private final int[] queue;

  /**
   * The problem of a search over a model's constraints, their propagation and its costs; null over
   * masks.
   */
  private final Problem problem;

  private final ConstraintPropagation constraints;
  private final CostBound costs;

  /** Per level: the variable it branches on and the index of the value it tried last. */
  private final int[] variable;

  private final int[] tried;
  private Listener listener = Listener.NONE;
  private int limit;
  private int solutions;
  private int[] first;
  private double best;
  private long nodes;
  private long backtracks;

  private Search(SearchState state, Propagation propagation, int[] queue, Problem problem) {
    this.state = state;
    this.propagation = propagation;
    this.queue = queue;
    this.problem = problem;
    this.constraints = problem == null ? null : (ConstraintPropagation) propagation;
    this.costs = problem == null ? null : new CostBound(problem, constraints);
    this.variable = new int[state.variables + 1];
    this.tried = new int[state.variables + 1];
  }

  /**
   * The search of {@code model} over its constraints; IllegalArgumentException (in words) for a
   * factor it has no constraint for.
   *
   * @param model the model
   * @return its search, ready to run
   */
  public static Search of(Model model) {
    return of(Problem.of(model));
  }

  static Search of(Problem problem) {
    return new Search(
        new TrailedState(problem),
        new ConstraintPropagation(problem),
        new int[problem.variables() + 1],
        problem);
  }

  /**
   * The search over candidate masks of {@code tables}, with its own bitmask propagation; value
   * boards whenever the tables have peer rows (the faster choice).
   *
   * @param tables the model's tables
   * @param lockedCandidates whether to propagate locked candidates between unit pairs
   * @return its search, ready to run
   */
  public static Search overMasks(BitmaskTables tables, boolean lockedCandidates) {
    return overMasks(tables, lockedCandidates, true);
  }

  /**
   * The search over candidate masks of {@code tables}, keeping value boards when {@code
   * valueBoards} and the tables have peer rows; without, peer updates visit every peer.
   *
   * @param tables the model's tables
   * @param lockedCandidates whether to propagate locked candidates between unit pairs
   * @param valueBoards whether to keep value boards
   * @return its search, ready to run
   */
  public static Search overMasks(
      BitmaskTables tables, boolean lockedCandidates, boolean valueBoards) {
    return overMasks(tables, lockedCandidates, valueBoards, true, null);
  }

  /**
   * The search over candidate masks of {@code tables} with locked candidates and boards,
   * propagating through {@code generated} (made for these tables) when the layout has what it
   * reads: the same fixpoints.
   *
   * @param tables the model's tables
   * @param generated a propagator generated for {@code tables}, or null for the search's own
   * @return its search, ready to run
   */
  public static Search overMasks(BitmaskTables tables, Propagator generated) {
    return overMasks(tables, true, true, true, generated);
  }

  /**
   * {@code segments}: locked candidates read or-ed segments given segment covers (faster), not
   * cells; off to compare.
   */
  static Search overMasks(
      BitmaskTables tables,
      boolean lockedCandidates,
      boolean valueBoards,
      boolean segments,
      Propagator generated) {
    MaskState masks = new MaskState(tables, lockedCandidates, valueBoards, segments);
    int[] queue = new int[tables.variables + 1];
    // A propagator is made only for tables that fit it (PropagatorSource.fits); the layout must
    // have what it reads.
    Propagation propagation =
        masks.segmentStart >= 0 && masks.peerMask != null && generated != null
            ? generated
            : new BitmaskPropagation(
                tables,
                queue,
                lockedCandidates,
                masks.segmentStart,
                masks.boardStart,
                masks.peerMask);
    return new Search(masks, propagation, queue, null);
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
    return costs != null && costs.costs.length > 0;
  }

  /**
   * The tables of a search over masks, or null.
   *
   * @return the tables, or null
   */
  public BitmaskTables tables() {
    return state instanceof MaskState masks ? masks.t : null;
  }

  /**
   * Whether this search propagates through a generated {@link Propagator}.
   *
   * @return true with a generated propagator
   */
  public boolean propagatesGenerated() {
    return propagation instanceof Propagator;
  }

  /** Branch by the fewest values left (the default). */
  public void useMinimumRemainingValues() {
    if (state instanceof MaskState masks) {
      masks.useMinimumRemainingValues();
    }
  }

  /**
   * Branch by marginals of {@code source} (a search over masks only): among the variables with the
   * fewest candidates, the one whose largest marginal is largest, values in decreasing marginal;
   * recomputed ({@code sweeps} sweeps from a reset, with every fixed variable observed) at each
   * node shallower than {@code depth}, deeper nodes using their nearest such ancestor's.
   *
   * @param source the compiled algorithm whose marginals guide branching
   * @param depth how deep marginals are recomputed
   * @param sweeps how many sweeps each recomputation runs
   */
  public void useMarginals(GeneratedAlgorithm source, int depth, int sweeps) {
    if (!(state instanceof MaskState masks)) {
      throw new IllegalStateException("branching by marginals needs a search over masks");
    }
    masks.useMarginals(source, depth, sweeps);
  }

  /**
   * Searches for up to {@code limit} solutions given {@code evidence} (a value per variable, or
   * {@code none}) and returns how many it found: 0 proves there is none. A given value outside its
   * domain leaves none. Afterwards {@link #solution()} is the first one, {@link #nodes()} and
   * {@link #backtracks()} the effort.
   *
   * @param evidence a value per variable, or {@code none}
   * @param none the marker of a variable without evidence
   * @param limit the most solutions to find
   * @param listener hears branches and solutions
   * @return how many solutions were found, at most {@code limit}
   */
  public int run(int[] evidence, int none, int limit, Listener listener) {
    this.limit = limit;
    this.listener = listener;
    solutions = 0;
    long[] root = start(evidence, none);
    if (root == null || limit < 1) {
      return 0;
    }
    if (open(0, root)) {
      search();
    }
    return solutions;
  }

  /**
   * Whether propagation from {@code evidence} alone, without branching, leaves every variable a
   * value; with {@code trials}, over candidate masks, also whether every open variable then keeps a
   * value whose own propagation (that value fixed, the rest as it is) meets no dead end. False is a
   * proof that no solution agrees with {@code evidence}; true proves nothing.
   *
   * @param evidence a value per variable, or {@code none}
   * @param none the marker of a variable without evidence
   * @param trials whether to try each open variable's values one level deep (over masks only)
   * @return false when propagation, or every trial of some variable, meets a dead end
   */
  public boolean propagates(int[] evidence, int none, boolean trials) {
    long[] root = start(evidence, none);
    if (root == null) {
      return false;
    }
    if (!trials || problem != null) {
      return true;
    }
    for (int v = 0; v < state.variables; v++) {
      long values = root[v];
      if (Long.bitCount(values) < 2) {
        continue;
      }
      boolean holds = false;
      for (long bits = values; bits != 0 && !holds; bits &= bits - 1) {
        long[] trial = state.child(0);
        state.fix(trial, v, Long.numberOfTrailingZeros(bits));
        propagation.changed(v);
        queue[0] = v;
        holds = propagation.propagate(trial, queue, 1);
      }
      if (!holds) {
        return false;
      }
    }
    return true;
  }

  /**
   * Resets the state and counters, gives the evidence and propagates the root: the root's state, or
   * null when it is already a dead end.
   */
  private long[] start(int[] evidence, int none) {
    if (evidence.length != state.variables) {
      throw new IllegalArgumentException(
          evidence.length + " values for " + state.variables + " variables");
    }
    long[] root = state.reset();
    if (constraints != null) {
      constraints.clear();
    }
    first = null;
    nodes = 0;
    backtracks = 0;
    if (problem != null && problem.infeasible) {
      return null;
    }
    int tail = 0;
    for (int v = 0; v < evidence.length; v++) {
      if (evidence[v] != none) {
        if (!state.give(root, v, evidence[v])) {
          return null;
        }
        queue[tail++] = v;
      }
    }
    propagation.allChanged();
    return propagation.propagate(root, queue, tail) ? root : null;
  }

  /**
   * Depth-first below the propagated root, as a loop over an explicit stack of levels (level {@code
   * d} branches on {@code variable[d]}, its child is level {@code d + 1}): one copy of the node
   * code for the JIT to compile. Stops when {@link #limit} solutions are found.
   */
  private void search() {
    int depth = 0;
    while (depth >= 0) {
      long[] s = state.level(depth);
      int v = variable[depth];
      int value = state.nextValue(s, depth, v);
      if (value < 0) {
        // Every value failed or held no further solution: so did the branch that led here.
        if (--depth >= 0) {
          undone(depth);
        }
        continue;
      }
      nodes++;
      tried[depth] = value;
      listener.branch(v, state.value(v, value));
      long[] child = state.child(depth);
      state.fix(child, v, value);
      propagation.changed(v);
      queue[0] = v;
      if (!propagation.propagate(child, queue, 1)) {
        undone(depth);
      } else if (open(depth + 1, child)) {
        depth++;
      } else if (solutions >= limit) {
        return;
      } else {
        undone(depth);
      }
    }
  }

  /** The branch tried last at level {@code depth} failed or held no further solution. */
  private void undone(int depth) {
    backtracks++;
    int v = variable[depth];
    listener.undo(v, state.value(v, tried[depth]));
  }

  /**
   * Opens level {@code depth} in state {@code s}; false when every variable is fixed, which is a
   * solution (counted, the first one kept, told to the listener).
   */
  private boolean open(int depth, long[] s) {
    int v = state.open(s, depth);
    if (v >= 0) {
      variable[depth] = v;
      return true;
    }
    solutions++;
    if (first == null || listener != Listener.NONE) {
      int[] values = state.values(s);
      if (first == null) {
        first = values.clone();
      }
      listener.solution(values);
    }
    return false;
  }

  /**
   * Branch and bound for the assignment of least total cost (the soft factors' {@code -ln weight})
   * that satisfies every hard factor and agrees with {@code evidence}, for a search made {@link
   * #of(Model) of a model}. Anytime: {@code listener} hears each better assignment as it is found
   * ({@link Listener#solution}); afterwards {@link #solution()} is the best one and {@link
   * #bestCost()} its cost.
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
    if (problem == null) {
      throw new IllegalStateException("branch and bound needs a search made of a model");
    }
    TrailedState trailed = (TrailedState) state;
    best = Double.POSITIVE_INFINITY;
    boolean ok = start(evidence, none) != null;
    if (problem.infeasible) {
      return Outcome.INFEASIBLE;
    }
    int depth = 0;
    boolean descend = ok && costs.holds(best);
    while (true) {
      if (descend) {
        int v = trailed.fewestValues(costs.weightedDegree);
        if (v < 0) {
          double total = costs.total();
          if (total < best) {
            best = total;
            first = state.values(null);
            listener.solution(first.clone());
          }
        } else {
          if (nodes >= nodeLimit
              || ((nodes & 255) == 0
                  && deadline != Long.MAX_VALUE
                  && System.nanoTime() - deadline > 0)) {
            return Outcome.STOPPED;
          }
          int a = costs.leastBoundValue(v);
          variable[depth] = v;
          tried[depth] = a;
          trailed.opened(depth);
          depth++;
          nodes++;
          listener.branch(v, state.value(v, a));
          long[] child = state.child(depth - 1);
          state.fix(child, v, a);
          descend = propagation.propagate(child, queue, 0) && costs.holds(best);
          continue;
        }
      }
      // The node failed or is done: its parent's branch x = a is refuted, x != a goes on.
      if (depth == 0) {
        return first == null ? Outcome.INFEASIBLE : Outcome.OPTIMAL;
      }
      depth--;
      int v = variable[depth];
      long[] s = state.level(depth);
      backtracks++;
      listener.undo(v, state.value(v, tried[depth]));
      descend =
          trailed.d.remove(v, tried[depth])
              && propagation.propagate(s, queue, 0)
              && costs.holds(best);
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
   * The first solution of the last run (the best of the last {@link #minimize}), or null.
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
}
