package fgc.driver.exact;

import fgc.plan.BitmaskTables;
import fgc.solver.GeneratedAlgorithm;
import fgc.solver.Propagation;
import fgc.solver.Propagator;
import java.util.Arrays;

/**
 * Complete depth-first search over candidate bitmasks: propagate to a fixpoint (naked singles,
 * hidden singles on permutation units, optionally locked candidates), branch on a variable with the
 * fewest candidates, try its values, undo by copying the state back. One instance per model and
 * thread; it reuses its arrays between runs, so it allocates nothing per node.
 *
 * <p>State of one search node, {@code long[variables + words + 2 * pairs + values * words]}: the
 * candidate mask of each variable, then one "already propagated" bit per variable, then (with
 * locked candidates on a model whose pairs have segment covers, {@link BitmaskTables#sideStart})
 * two ors per segment, then (when the model has at most 1,024 variables) a value board per value
 * bit: the variables whose mask holds it. The boards are the value-major view of the same masks,
 * kept in step by {@link BitmaskPropagation#narrow}: a fixed value then leaves just the peers that
 * hold it, and the branching variable is found by bit-sliced counting instead of a scan. The
 * segment ors are refreshed only for segments that changed, so a pair check reads a few of them
 * instead of every cell of both units. Same propagation, same branches, same nodes with or without
 * either.
 */
public final class BitmaskSearch {
  /** How the next branch is chosen. */
  public enum Branching {
    /** The variable with the fewest candidates (ties: the most open peers), values lowest first. */
    MINIMUM_REMAINING_VALUES,
    /**
     * Among the variables with the fewest candidates, the one whose largest marginal is largest,
     * values in decreasing marginal; marginals from a {@link GeneratedAlgorithm} given the values
     * fixed so far, refreshed at every node up to a depth.
     */
    MARGINALS
  }

  /** Hears each branch and each undone branch; may throw to stop the search (a time limit). */
  public interface Listener {
    /** Listens to nothing. */
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
  }

  private final BitmaskTables t;
  private final int n;
  private final int stateLength;
  private final long[][] stack;

  /**
   * Per search level: the variable it branches on, its values not tried yet, the value being tried
   * (bits).
   */
  private final int[] branchVariable;

  private final long[] untried;
  private final long[] tried;
  private final int[] queue;

  /** Propagates a node's state to a fixpoint; shares {@link #queue}. */
  private final Propagation propagation;

  private Branching branching = Branching.MINIMUM_REMAINING_VALUES;
  private GeneratedAlgorithm algorithm;
  private int marginalDepth;
  private int marginalSweeps;
  private double[] marginals;
  private double[] belief;
  private Listener listener = Listener.NONE;
  private int limit;
  private int solutions;
  private long nodes;
  private long backtracks;
  private long[] firstSolution;

  /**
   * Value boards: per value bit, the variables whose mask holds it, {@code words} longs each, kept
   * in the state from {@link #boardStart} on; they tell a fixed variable which peers still hold its
   * value, so the peer update visits those only. Null when the model has too many variables.
   */
  private final long[] peerMask;

  private final int boardStart;
  private final int words;

  /**
   * Open variables, then variables with two values, {@code words} longs each: scratch of {@link
   * #bivalueWithMostOpenPeers}.
   */
  private final long[] openScratch;

  /**
   * A search with value boards whenever the tables have peer rows (the faster choice).
   *
   * @param tables the model's tables
   * @param lockedCandidates whether to propagate locked candidates between unit pairs
   */
  public BitmaskSearch(BitmaskTables tables, boolean lockedCandidates) {
    this(tables, lockedCandidates, true);
  }

  /**
   * A search that keeps value boards when {@code valueBoards} and the tables have peer rows;
   * without, peer updates visit every peer.
   *
   * @param tables the model's tables
   * @param lockedCandidates whether to propagate locked candidates between unit pairs
   * @param valueBoards whether to keep value boards
   */
  public BitmaskSearch(BitmaskTables tables, boolean lockedCandidates, boolean valueBoards) {
    this(tables, lockedCandidates, valueBoards, true);
  }

  /**
   * {@code segments}: locked candidates read or-ed segments given segment covers (faster), not
   * cells; off to compare.
   */
  BitmaskSearch(
      BitmaskTables tables, boolean lockedCandidates, boolean valueBoards, boolean segments) {
    this(tables, lockedCandidates, valueBoards, segments, null);
  }

  /**
   * Locked candidates and boards, propagating through {@code generated} (for these tables) when
   * they fit it: same fixpoints.
   *
   * @param tables the model's tables
   * @param generated a propagator generated for {@code tables}, or null for the search's own
   */
  public BitmaskSearch(BitmaskTables tables, Propagator generated) {
    this(tables, true, true, true, generated);
  }

  private BitmaskSearch(
      BitmaskTables tables,
      boolean lockedCandidates,
      boolean valueBoards,
      boolean segments,
      Propagator generated) {
    this.t = tables;
    this.n = tables.variables;
    this.words = (n + 63) >>> 6;
    int segmentStart = segments && lockedCandidates && tables.sideStart != null ? n + words : -1;
    this.boardStart = n + words + (segmentStart < 0 ? 0 : 2 * tables.unitPairCount());
    this.openScratch = new long[2 * words];
    this.peerMask = valueBoards ? tables.peerRows : null;
    this.stateLength = boardStart + (peerMask == null ? 0 : tables.values * words);
    this.stack = new long[n + 2][stateLength];
    this.branchVariable = new int[n + 1];
    this.untried = new long[n + 1];
    this.tried = new long[n + 1];
    this.queue = new int[n + 1];
    // A propagator is made only for tables that fit it (PropagatorSource.fits); the layout must
    // have what it reads.
    this.propagation =
        segmentStart >= 0 && peerMask != null && generated != null
            ? generated
            : new BitmaskPropagation(
                tables, queue, lockedCandidates, segmentStart, boardStart, peerMask);
  }

  /**
   * The tables this search runs on.
   *
   * @return the tables
   */
  public BitmaskTables tables() {
    return t;
  }

  /**
   * Whether this search propagates through a generated {@link Propagator}.
   *
   * @return true with a generated propagator
   */
  public boolean propagatesGenerated() {
    return propagation instanceof Propagator;
  }

  /** Branch by minimum remaining values (the default). */
  public void useMinimumRemainingValues() {
    this.branching = Branching.MINIMUM_REMAINING_VALUES;
    this.algorithm = null;
  }

  /**
   * Branch by marginals of {@code source}: recomputed ({@code sweeps} sweeps from a reset, with
   * every fixed variable observed) at each node shallower than {@code depth}; deeper nodes use
   * their nearest such ancestor's.
   *
   * @param source the compiled algorithm whose marginals guide branching
   * @param depth how deep marginals are recomputed
   * @param sweeps how many sweeps each recomputation runs
   */
  public void useMarginals(GeneratedAlgorithm source, int depth, int sweeps) {
    this.branching = Branching.MARGINALS;
    this.algorithm = source;
    this.marginalDepth = depth;
    this.marginalSweeps = sweeps;
    int width = 0;
    for (int v = 0; v < n; v++) {
      width = Math.max(width, source.domainSize(v));
    }
    this.marginals = new double[n * 64];
    this.belief = new double[Math.max(1, width)];
  }

  /**
   * Searches for up to {@code maxSolutions} solutions given {@code evidence} (a value per variable,
   * or {@code none}); returns how many it found (0: none exists). Afterwards {@link #solution()}
   * holds the first one, {@link #nodes()} and {@link #backtracks()} the effort.
   *
   * @param evidence the observed values
   * @param none the entry of {@code evidence} that stands for no value
   * @param maxSolutions the most solutions to look for
   * @param events hears each branch and undo
   * @return the number of solutions found, at most {@code maxSolutions}
   */
  public int run(int[] evidence, int none, int maxSolutions, Listener events) {
    this.limit = maxSolutions;
    this.listener = events;
    this.solutions = 0;
    this.nodes = 0;
    this.backtracks = 0;
    this.firstSolution = null;
    long[] root = stack[0];
    System.arraycopy(t.initial, 0, root, 0, n);
    Arrays.fill(root, n, boardStart, 0L);
    if (peerMask != null) {
      System.arraycopy(t.boardInitial, 0, root, boardStart, stateLength - boardStart);
    }
    int tail = 0;
    for (int v = 0; v < n; v++) {
      if (evidence[v] != none) {
        int bit = t.bitOf(evidence[v]);
        if (bit < 0 || bit >= 64 || (t.initial[v] & (1L << bit)) == 0) {
          return 0;
        }
        narrow(root, v, 1L << bit);
        queue[tail++] = v;
      }
    }
    propagation.allChanged();
    if (propagation.propagate(root, queue, tail)) {
      search();
    }
    return solutions;
  }

  /**
   * The first solution found by the last run (a value per variable), or null.
   *
   * @return a copy of the solution, or null
   */
  public int[] solution() {
    if (firstSolution == null) {
      return null;
    }
    int[] values = new int[n];
    for (int v = 0; v < n; v++) {
      values[v] = t.valueOf(Long.numberOfTrailingZeros(firstSolution[v]));
    }
    return values;
  }

  /**
   * Branches tried by the last run (search nodes below the root).
   *
   * @return the number of branches
   */
  public long nodes() {
    return nodes;
  }

  /**
   * Branches of the last run that were undone: they failed or held no further solution.
   *
   * @return the number of undone branches
   */
  public long backtracks() {
    return backtracks;
  }

  /** Sets {@code v}'s mask to {@code mask}, a subset of it, keeping the value boards in step. */
  private void narrow(long[] s, int v, long mask) {
    BitmaskPropagation.narrow(s, v, mask, peerMask != null, boardStart, words);
  }

  /**
   * Depth-first search below the propagated root, as a loop over an explicit stack of levels (level
   * {@code d} branches on {@code branchVariable[d]}, values {@code untried[d]} still to try, its
   * child state at {@code stack[d + 1]}): one copy of the node code for the JIT to compile, where a
   * recursive search had it inlined into itself twice. Stops when {@link #limit} solutions are
   * found.
   */
  private void search() {
    if (!open(0)) {
      return;
    }
    int depth = 0;
    while (depth >= 0) {
      long bit = nextValue(depth);
      if (bit == 0) {
        // Every value failed or held no further solution: so did the branch that led here.
        if (--depth >= 0) {
          undone(depth);
        }
        continue;
      }
      int variable = branchVariable[depth];
      nodes++;
      tried[depth] = bit;
      listener.branch(variable, t.valueOf(Long.numberOfTrailingZeros(bit)));
      long[] child = stack[depth + 1];
      System.arraycopy(stack[depth], 0, child, 0, stateLength);
      narrow(child, variable, bit);
      propagation.changed(variable);
      queue[0] = variable;
      if (!propagation.propagate(child, queue, 1)) {
        undone(depth);
      } else if (open(depth + 1)) {
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
    listener.undo(branchVariable[depth], t.valueOf(Long.numberOfTrailingZeros(tried[depth])));
  }

  /**
   * Chooses the variable level {@code depth} branches on, in state {@code stack[depth]}; false when
   * every variable is fixed, which is a solution (counted, the first one kept).
   */
  private boolean open(int depth) {
    long[] s = stack[depth];
    int best = -1;
    int fewest = 65;
    boolean chosen = false;
    if (branching == Branching.MINIMUM_REMAINING_VALUES && peerMask != null) {
      best = bivalueWithMostOpenPeers(s);
      chosen = best >= 0;
    }
    for (int v = chosen ? n : 0; v < n; v++) {
      int count = Long.bitCount(s[v]);
      if (count > 1 && count < fewest) {
        best = v;
        fewest = count;
      }
    }
    if (best < 0) {
      solutions++;
      if (firstSolution == null) {
        firstSolution = Arrays.copyOf(s, n);
      }
      return false;
    }
    if (branching == Branching.MARGINALS) {
      best = byMarginals(depth, s, fewest);
    } else if (!chosen) {
      best = mostOpenPeers(s, best, fewest);
    }
    branchVariable[depth] = best;
    untried[depth] = s[best];
    return true;
  }

  /**
   * The next value level {@code depth} tries (as its bit, taken from {@link #untried}), or 0 when
   * none is left.
   */
  private long nextValue(int depth) {
    long left = untried[depth];
    if (left == 0) {
      return 0;
    }
    long pick = left & -left;
    if (branching == Branching.MARGINALS) {
      // Read now, not when the level opened: deeper levels may have refreshed the marginals since.
      int base = branchVariable[depth] * 64;
      double pickWeight = -1;
      for (long rest = left; rest != 0; rest &= rest - 1) {
        double w = marginals[base + Long.numberOfTrailingZeros(rest)];
        if (w > pickWeight) {
          pickWeight = w;
          pick = rest & -rest;
        }
      }
    }
    untried[depth] = left ^ pick;
    return pick;
  }

  /**
   * Among the variables with {@code fewest} candidates, the one whose largest marginal is largest
   * (marginals refreshed above the depth).
   */
  private int byMarginals(int depth, long[] s, int fewest) {
    if (depth < marginalDepth) {
      refreshMarginals(s);
    }
    int best = -1;
    double bestTop = -1;
    for (int v = 0; v < n; v++) {
      long c = s[v];
      if (Long.bitCount(c) != fewest) {
        continue;
      }
      double top = 0;
      for (long left = c; left != 0; left &= left - 1) {
        top = Math.max(top, marginals[v * 64 + Long.numberOfTrailingZeros(left)]);
      }
      if (top > bestTop) {
        bestTop = top;
        best = v;
      }
    }
    return best;
  }

  /**
   * What {@link #mostOpenPeers} picks among the variables with two values, found on the boards:
   * counting each variable's values bit-sliced across them gives the variables with two or more
   * (the open ones) and those with three or more at once, and open peers are a popcount. -1 when no
   * variable has two values.
   */
  private int bivalueWithMostOpenPeers(long[] s) {
    long[] open = openScratch;
    long anyTwo = 0;
    for (int w = 0; w < words; w++) {
      long once = 0;
      long twice = 0;
      long thrice = 0;
      for (int i = boardStart + w; i < stateLength; i += words) {
        long b = s[i];
        thrice |= twice & b;
        twice |= once & b;
        once |= b;
      }
      open[w] = twice;
      open[words + w] = twice & ~thrice;
      anyTwo |= twice & ~thrice;
    }
    if (anyTwo == 0) {
      return -1;
    }
    int best = -1;
    int bestOpen = -1;
    for (int w = 0; w < words; w++) {
      for (long left = open[words + w]; left != 0; left &= left - 1) {
        int v = (w << 6) + Long.numberOfTrailingZeros(left);
        int count = 0;
        for (int k = 0, p = v * words; k < words; k++) {
          count += Long.bitCount(peerMask[p + k] & open[k]);
        }
        if (count > bestOpen) {
          bestOpen = count;
          best = v;
        }
      }
    }
    return best;
  }

  /**
   * Among the variables from {@code first} on with {@code fewest} candidates, the one with the most
   * peers still open (Brélaz's degree tie-break): fixing it constrains the most, so the search
   * takes fewer nodes than with the first such variable, which pays for its peer scan per tied
   * variable.
   */
  private int mostOpenPeers(long[] s, int first, int fewest) {
    final int[] peerStart = t.peerStart;
    final int[] peers = t.peers;
    int best = first;
    int bestOpen = -1;
    for (int v = first; v < n; v++) {
      if (Long.bitCount(s[v]) != fewest) {
        continue;
      }
      int open = 0;
      for (int k = peerStart[v], end = peerStart[v + 1]; k < end; k++) {
        long c = s[peers[k]];
        open += (c & (c - 1)) != 0 ? 1 : 0;
      }
      if (open > bestOpen) {
        bestOpen = open;
        best = v;
      }
    }
    return best;
  }

  private void refreshMarginals(long[] s) {
    algorithm.clearAllObserved();
    for (int v = 0; v < n; v++) {
      long c = s[v];
      if ((c & (c - 1)) == 0) {
        algorithm.setObserved(v, t.valueOf(Long.numberOfTrailingZeros(c)));
      }
    }
    algorithm.reset();
    algorithm.update(marginalSweeps);
    for (int v = 0; v < n; v++) {
      algorithm.marginal(v, belief);
      int first = t.bitOf(algorithm.lowestValue(v));
      int size = algorithm.domainSize(v);
      for (int i = 0; i < size; i++) {
        marginals[v * 64 + first + i] = belief[i];
      }
    }
  }
}
