package fgc.driver.exact;

import fgc.algorithm.GeneratedAlgorithm;
import fgc.algorithm.Propagator;
import fgc.plan.BitmaskTables;
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
 * kept in step by {@link #narrow}: a fixed value then leaves just the peers that hold it, and the
 * branching variable is found by bit-sliced counting instead of a scan. The segment ors are
 * refreshed only for segments that changed, so a pair check reads a few of them instead of every
 * cell of both units. Same propagation, same branches, same nodes with or without either.
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
  private final boolean lockedCandidates;
  private final int unitWords;
  private final int pairWords;

  /** Whether units or pairs need more than one word of dirty bits. */
  private final boolean wide;

  /**
   * Units changed since their last hidden-singles pass, and unit pairs whose unshared parts changed
   * since their last locked-candidates check: units and pairs 0..63 in the two fields, the rest in
   * words 1.. of the arrays.
   */
  private long dirty0;

  private long pairsDirty0;
  private final long[] dirtyHidden;
  private final long[] dirtyPairs;

  /**
   * Segments (shared parts of pairs) changed since their ors in the state were computed; word 0 in
   * the field.
   */
  private long segmentsDirty0;

  private final long[] dirtySegments;

  /**
   * Per variable its segments ({@link BitmaskTables#segmentBits}), or zeros without segment covers.
   */
  private final long[] segmentBits;

  /**
   * Where the state holds, per segment, the or of its masks and the or of its unfixed masks; -1
   * when locked candidates read cells instead (no segment covers, or locked candidates off).
   */
  private final int segmentStart;

  /** Where {@link #drain} copies the dirty pairs and segments a pass works through. */
  private final long[] pairScratch;

  private final long[] segmentScratch;

  /** The bits of units and of pairs that exist (the last word may be partly used). */
  private final long[] unitMask;

  private final long[] pairMask;

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

  /** Set by {@link #lockedCandidates} when it removed a candidate. */
  private boolean shrank;

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

  /** This model's generated propagation, used instead of {@link #propagate}'s own; null without. */
  private final Propagator generated;

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
    this.segmentStart = segments && lockedCandidates && tables.sideStart != null ? n + words : -1;
    this.boardStart = n + words + (segmentStart < 0 ? 0 : 2 * tables.unitPairCount());
    this.openScratch = new long[2 * words];
    this.peerMask = valueBoards ? tables.peerRows : null;
    this.stateLength = boardStart + (peerMask == null ? 0 : tables.values * words);
    this.stack = new long[n + 2][stateLength];
    this.branchVariable = new int[n + 1];
    this.untried = new long[n + 1];
    this.tried = new long[n + 1];
    this.queue = new int[n + 1];
    this.lockedCandidates = lockedCandidates;
    this.unitWords = tables.unitWords;
    this.dirtyHidden = new long[unitWords];
    this.pairWords = tables.pairWords;
    this.dirtyPairs = new long[pairWords];
    this.wide = unitWords > 1 || pairWords > 1;
    this.pairScratch = new long[pairWords];
    this.segmentScratch = new long[pairWords];
    this.dirtySegments = new long[pairWords];
    this.segmentBits = segmentStart >= 0 ? tables.segmentBits : new long[n * pairWords];
    this.unitMask = new long[unitWords];
    for (int u = 0; u < tables.unitFull.length; u++) {
      unitMask[u >>> 6] |= 1L << u;
    }
    this.pairMask = new long[pairWords];
    for (int p = 0; p < tables.unitPairCount(); p++) {
      pairMask[p >>> 6] |= 1L << p;
    }
    // A propagator is made only for tables that fit it (PropagatorSource.fits); the layout must
    // have what it reads.
    this.generated = segmentStart >= 0 && peerMask != null ? generated : null;
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
    return generated != null;
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
    allChanged();
    if (propagate(root, tail)) {
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
      changed(variable);
      queue[0] = variable;
      if (!propagate(child, 1)) {
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

  /**
   * Marks the units of {@code v}, whose mask just shrank, for the next hidden-singles pass, and the
   * unit pairs that hold it outside their shared part for the next locked-candidates pass. Words 0
   * live in fields rather than arrays, so the JIT need not assume the state array's stores touch
   * them.
   */
  private void changed(int v) {
    if (generated != null) {
      generated.changed(v);
      return;
    }
    dirty0 |= t.unitBits[v * unitWords];
    int at = v * pairWords;
    pairsDirty0 |= t.pairBits[at];
    segmentsDirty0 |= segmentBits[at];
    if (wide) {
      changedBeyondWord0(v);
    }
  }

  /**
   * {@link #changed} for units and pairs 64 and up: kept apart so the common one-word case stays
   * short for the JIT.
   */
  private void changedBeyondWord0(int v) {
    final long[] bits = t.unitBits;
    int base = v * unitWords;
    for (int w = 1; w < unitWords; w++) {
      dirtyHidden[w] |= bits[base + w];
    }
    final long[] pairs = t.pairBits;
    int at = v * pairWords;
    for (int w = 1; w < pairWords; w++) {
      dirtyPairs[w] |= pairs[at + w];
      dirtySegments[w] |= segmentBits[at + w];
    }
  }

  private void allChanged() {
    if (generated != null) {
      generated.allChanged();
      return;
    }
    dirty0 = -1L;
    pairsDirty0 = -1L;
    Arrays.fill(dirtyHidden, -1L);
    Arrays.fill(dirtyPairs, -1L);
    segmentsDirty0 = -1L;
    Arrays.fill(dirtySegments, -1L);
  }

  /**
   * Naked singles from the queue, then hidden singles, then locked candidates, until nothing
   * changes; false on a contradiction. Each variable enters the queue at most once per call: when
   * its mask becomes a single bit. Only units with a changed variable are looked at again.
   */
  private boolean propagate(long[] s, int tail) {
    if (generated != null) {
      return generated.propagate(s, queue, tail);
    }
    int head = 0;
    while (true) {
      while (head < tail) {
        int x = queue[head++];
        int word = n + (x >>> 6);
        long done = 1L << x;
        if ((s[word] & done) != 0) {
          continue;
        }
        s[word] |= done;
        long bit = s[x];
        this.tail = tail;
        if (peerMask != null ? !takeFromHolders(s, x, bit) : !takeFromPeers(s, x, bit)) {
          return false;
        }
        tail = this.tail;
      }
      int before = tail;
      tail = hiddenSingles(s, tail);
      if (tail < 0) {
        return false;
      }
      if (tail > before) {
        continue;
      }
      if (lockedCandidates) {
        shrank = false;
        tail = lockedCandidates(s, tail);
        if (tail < 0) {
          return false;
        }
        if (shrank) {
          continue;
        }
      }
      return true;
    }
  }

  /** The queue's end while {@link #propagate} hands peer updates out; they queue what they fix. */
  private int tail;

  /**
   * Removes {@code bit}, the value of fixed {@code x}, from every peer that holds it; false on a
   * contradiction.
   */
  private boolean takeFromPeers(long[] s, int x, long bit) {
    final int[] peers = t.peers;
    for (int k = t.peerStart[x], end = t.peerStart[x + 1]; k < end; k++) {
      int p = peers[k];
      if ((s[p] & bit) != 0 && !take(s, p, bit)) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@link #takeFromPeers} with value boards: the peers that hold {@code bit} are read off its
   * board (and leave it at once), so the peers that do not are never visited.
   */
  private boolean takeFromHolders(long[] s, int x, long bit) {
    int row = boardStart + Long.numberOfTrailingZeros(bit) * words;
    for (int w = 0, p = x * words; w < words; w++) {
      long holders = s[row + w] & peerMask[p + w];
      s[row + w] ^= holders;
      for (; holders != 0; holders &= holders - 1) {
        if (!take(s, (w << 6) + Long.numberOfTrailingZeros(holders), bit)) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * Removes {@code bit}, which {@code v} holds, from {@code v}'s mask (not its board), queueing
   * {@code v} when one value is left; false when none is.
   */
  private boolean take(long[] s, int v, long bit) {
    long c = s[v] & ~bit;
    if (c == 0) {
      return false;
    }
    s[v] = c;
    changed(v);
    if ((c & (c - 1)) == 0) {
      queue[tail++] = v;
    }
    return true;
  }

  /**
   * Sets {@code v}'s mask to {@code mask}, a subset of it, and takes {@code v} off the boards of
   * the values removed.
   */
  private void narrow(long[] s, int v, long mask) {
    if (peerMask != null) {
      long bit = 1L << v;
      int at = boardStart + (v >>> 6);
      for (long removed = s[v] & ~mask; removed != 0; removed &= removed - 1) {
        s[at + Long.numberOfTrailingZeros(removed) * words] &= ~bit;
      }
    }
    s[v] = mask;
  }

  /**
   * Fixes every value that has one place left in a changed permutation unit; the new tail, or -1 on
   * a contradiction.
   */
  private int hiddenSingles(long[] s, int tail) {
    final int[] unitStart = t.unitStart;
    final int[] unitVars = t.unitVars;
    final long[] full = t.unitFull;
    for (int w = 0; w < unitWords; w++) {
      long pending;
      if (w == 0) {
        pending = dirty0;
        dirty0 = 0;
      } else {
        pending = dirtyHidden[w];
        dirtyHidden[w] = 0;
      }
      pending &= unitMask[w];
      while (pending != 0) {
        int u = (w << 6) + Long.numberOfTrailingZeros(pending);
        pending &= pending - 1;
        long once = 0;
        long twice = 0;
        long fixed = 0;
        int from = unitStart[u];
        int to = unitStart[u + 1];
        for (int k = from; k < to; k++) {
          long c = s[unitVars[k]];
          twice |= once & c;
          once |= c;
          if ((c & (c - 1)) == 0) {
            fixed |= c;
          }
        }
        if (once != full[u]) {
          return -1;
        }
        long hidden = once & ~twice & ~fixed;
        if (hidden != 0) {
          for (int k = from; k < to; k++) {
            int v = unitVars[k];
            long m = s[v] & hidden;
            if (m != 0) {
              if ((m & (m - 1)) != 0) {
                return -1;
              }
              narrow(s, v, m);
              changed(v);
              queue[tail++] = v;
            }
          }
        }
      }
    }
    return tail;
  }

  /**
   * For each unit pair whose unshared parts changed (only there can a value become confined to the
   * shared part): a value that one unit can place only in the shared part leaves the other unit's
   * rest. The new tail, or -1 on a contradiction; sets {@link #shrank} when a mask shrank.
   */
  private int lockedCandidates(long[] s, int tail) {
    if (segmentStart >= 0) {
      refreshSegments(s);
    }
    long[] pairs = drain(pairsDirty0, dirtyPairs, pairScratch);
    pairsDirty0 = 0;
    for (int w = 0; w < pairWords; w++) {
      for (long pending = pairs[w] & pairMask[w]; pending != 0; pending &= pending - 1) {
        tail = lockedCandidates(s, (w << 6) + Long.numberOfTrailingZeros(pending), tail);
        if (tail < 0) {
          return -1;
        }
      }
    }
    return tail;
  }

  /**
   * Copies a set of dirty bits, word 0 given (the caller clears its field) and words 1.. in {@code
   * rest} (cleared here), into {@code into}, and returns it.
   */
  private static long[] drain(long word0, long[] rest, long[] into) {
    into[0] = word0;
    for (int w = 1; w < rest.length; w++) {
      into[w] = rest[w];
      rest[w] = 0;
    }
    return into;
  }

  /** Or-s the masks of each segment changed since it was last or-ed into the state. */
  private void refreshSegments(long[] s) {
    final int[] start = t.pairStart;
    final int[] vars = t.pairVars;
    long[] segments = drain(segmentsDirty0, dirtySegments, segmentScratch);
    segmentsDirty0 = 0;
    for (int w = 0; w < pairWords; w++) {
      for (long pending = segments[w] & pairMask[w]; pending != 0; pending &= pending - 1) {
        int g = (w << 6) + Long.numberOfTrailingZeros(pending);
        long all = 0;
        long open = 0;
        for (int k = start[3 * g], end = start[3 * g + 1]; k < end; k++) {
          long c = s[vars[k]];
          all |= c;
          open |= (c & (c - 1)) != 0 ? c : 0L;
        }
        s[segmentStart + 2 * g] = all;
        s[segmentStart + 2 * g + 1] = open;
      }
    }
  }

  /** {@link #lockedCandidates(long[], int)} for pair {@code p}. */
  private int lockedCandidates(long[] s, int p, int tail) {
    final int[] start = t.pairStart;
    final int[] vars = t.pairVars;
    if (segmentStart >= 0) {
      long inShared = s[segmentStart + 2 * p + 1];
      if (inShared == 0) {
        return tail;
      }
      final int[] sideStart = t.sideStart;
      long inFirst = segmentsOr(s, sideStart[2 * p], sideStart[2 * p + 1]);
      long inSecond = segmentsOr(s, sideStart[2 * p + 1], sideStart[2 * p + 2]);
      long fromSecond = inShared & ~inFirst & inSecond;
      long fromFirst = inShared & ~inSecond & inFirst;
      if ((fromSecond | fromFirst) == 0) {
        return tail;
      }
      tail = removeLocked(s, p, fromFirst, fromSecond, tail);
      // Later pairs of this pass read segments: or them again over the masks just narrowed.
      refreshSegments(s);
      return tail;
    }
    {
      int shared = 3 * p;
      // Only values still open in the shared part can be locked there: a fixed value has already
      // left both units' other cells. Late in a search most shared parts are fixed and cost 3
      // loads.
      long inShared = openOf(s, vars, start[shared], start[shared + 1]);
      if (inShared == 0) {
        return tail;
      }
      long inFirst = orOf(s, vars, start[shared + 1], start[shared + 2]);
      long inSecond = orOf(s, vars, start[shared + 2], start[shared + 3]);
      long fromSecond = inShared & ~inFirst & inSecond;
      long fromFirst = inShared & ~inSecond & inFirst;
      if ((fromSecond | fromFirst) == 0) {
        return tail;
      }
      return removeLocked(s, p, fromFirst, fromSecond, tail);
    }
  }

  /** The or of the segments {@code sideSegments[from..to)}, read from the state. */
  private long segmentsOr(long[] s, int from, int to) {
    final int[] segments = t.sideSegments;
    long m = 0;
    for (int k = from; k < to; k++) {
      m |= s[segmentStart + 2 * segments[k]];
    }
    return m;
  }

  /**
   * Takes {@code fromSecond} from the second unit's unshared part of pair {@code p}, {@code
   * fromFirst} from the first's.
   */
  private int removeLocked(long[] s, int p, long fromFirst, long fromSecond, int tail) {
    final int[] start = t.pairStart;
    final int[] vars = t.pairVars;
    int shared = 3 * p;
    shrank = true;
    tail = remove(s, vars, start[shared + 2], start[shared + 3], fromSecond, tail);
    if (tail < 0) {
      return -1;
    }
    return remove(s, vars, start[shared + 1], start[shared + 2], fromFirst, tail);
  }

  /** The candidates of the variables in {@code vars[from..to)} that are not fixed yet. */
  private static long openOf(long[] s, int[] vars, int from, int to) {
    long m = 0;
    for (int k = from; k < to; k++) {
      long c = s[vars[k]];
      m |= (c & (c - 1)) != 0 ? c : 0L;
    }
    return m;
  }

  private static long orOf(long[] s, int[] vars, int from, int to) {
    long m = 0;
    for (int k = from; k < to; k++) {
      m |= s[vars[k]];
    }
    return m;
  }

  private int remove(long[] s, int[] vars, int from, int to, long mask, int tail) {
    if (mask == 0) {
      return tail;
    }
    for (int k = from; k < to; k++) {
      int v = vars[k];
      long c = s[v];
      if ((c & mask) != 0) {
        c &= ~mask;
        if (c == 0) {
          return -1;
        }
        narrow(s, v, c);
        changed(v);
        if ((c & (c - 1)) == 0) {
          queue[tail++] = v;
        }
      }
    }
    return tail;
  }
}
