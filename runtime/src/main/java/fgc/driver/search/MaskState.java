package fgc.driver.search;

import fgc.driver.search.alldiff.BitmaskPropagation;
import fgc.plan.BitmaskTables;
import fgc.solver.GeneratedAlgorithm;
import java.util.Arrays;

/**
 * The states of a search over candidate bit masks, for models of {@code alldiff} and {@code neq}
 * whose values span at most 64 ({@link BitmaskTables}): one copy per level, so undoing a branch is
 * going back a level, and nothing is allocated per node. A value's index is its bit.
 *
 * <p>A state is {@code long[variables + words + 2 * pairs + values * words]}: the candidate mask of
 * each variable, then one "already propagated" bit per variable, then (with locked candidates on a
 * model whose pairs have segment covers, {@link BitmaskTables#sideStart}) two ors per segment, then
 * (when the model has at most 1,024 variables) a value board per value bit: the variables whose
 * mask holds it. The boards are the value-major view of the same masks, kept in step by {@link
 * BitmaskPropagation#narrow}: a fixed value then leaves just the peers that hold it, and the
 * branching variable is found by bit-sliced counting instead of a scan. The segment ors are
 * refreshed only for segments that changed, so a pair check reads a few of them instead of every
 * cell of both units. Same propagation, same branches, same nodes with or without either.
 *
 * <p>Branching is on a variable with the fewest candidates (ties: the most open peers), values
 * lowest first, or by the marginals of a compiled algorithm ({@link #useMarginals}).
 */
final class MaskState extends SearchState {
  final BitmaskTables t;
  private final int n;
  final int stateLength;

  /** Level states, made when the search first reaches them. */
  private final long[][] stack;

  /**
   * Value boards' peer rows: per variable, its peers as a bit row of {@code words} longs. Null when
   * the state keeps no boards.
   */
  final long[] peerMask;

  /** Where the state's segment ors start, or -1 when it keeps none. */
  final int segmentStart;

  /** Where the state's value boards start. */
  final int boardStart;

  private final int words;

  /** Per level: the values of its variable not tried yet (bits). */
  private final long[] untried;

  private boolean byMarginals;
  private GeneratedAlgorithm algorithm;
  private int marginalDepth;
  private int marginalSweeps;
  private double[] marginals;
  private double[] belief;

  /**
   * Open variables, then variables with two values, {@code words} longs each: scratch of {@link
   * #bivalueWithMostOpenPeers}.
   */
  private final long[] openScratch;

  /**
   * The states of a search over {@code tables}: with segment ors when {@code segments} and {@code
   * lockedCandidates} and the tables have segment covers, with value boards when {@code
   * valueBoards} and the tables have peer rows.
   */
  MaskState(BitmaskTables tables, boolean lockedCandidates, boolean valueBoards, boolean segments) {
    super(tables.variables);
    this.t = tables;
    this.n = tables.variables;
    this.words = (n + 63) >>> 6;
    this.segmentStart = segments && lockedCandidates && tables.sideStart != null ? n + words : -1;
    this.boardStart = n + words + (segmentStart < 0 ? 0 : 2 * tables.unitPairCount());
    this.openScratch = new long[2 * words];
    this.peerMask = valueBoards ? tables.peerRows : null;
    this.stateLength = boardStart + (peerMask == null ? 0 : tables.values * words);
    this.stack = new long[n + 2][];
    this.untried = new long[n + 1];
  }

  /** Branch by fewest candidates (the default). */
  void useMinimumRemainingValues() {
    this.byMarginals = false;
    this.algorithm = null;
  }

  /**
   * Branch by marginals of {@code source}: among the variables with the fewest candidates, the one
   * whose largest marginal is largest, values in decreasing marginal; marginals recomputed ({@code
   * sweeps} sweeps from a reset, with every fixed variable observed) at each level shallower than
   * {@code depth}, deeper levels using their nearest such ancestor's.
   */
  void useMarginals(GeneratedAlgorithm source, int depth, int sweeps) {
    this.byMarginals = true;
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

  @Override
  long[] reset() {
    long[] root = stack[0];
    if (root == null) {
      root = stack[0] = new long[stateLength];
    }
    System.arraycopy(t.initial, 0, root, 0, n);
    Arrays.fill(root, n, boardStart, 0L);
    if (peerMask != null) {
      System.arraycopy(t.boardInitial, 0, root, boardStart, stateLength - boardStart);
    }
    return root;
  }

  @Override
  boolean give(long[] s, int v, int value) {
    int bit = t.bitOf(value);
    if (bit < 0 || bit >= 64 || (t.initial[v] & (1L << bit)) == 0) {
      return false;
    }
    fix(s, v, bit);
    return true;
  }

  @Override
  long[] level(int depth) {
    return stack[depth];
  }

  @Override
  long[] child(int depth) {
    long[] child = stack[depth + 1];
    if (child == null) {
      child = stack[depth + 1] = new long[stateLength];
    }
    System.arraycopy(stack[depth], 0, child, 0, stateLength);
    return child;
  }

  @Override
  void fix(long[] s, int v, int i) {
    BitmaskPropagation.narrow(s, v, 1L << i, peerMask != null, boardStart, words);
  }

  @Override
  int value(int v, int i) {
    return t.valueOf(i);
  }

  @Override
  int[] values(long[] s) {
    int[] values = new int[n];
    for (int v = 0; v < n; v++) {
      values[v] = t.valueOf(Long.numberOfTrailingZeros(s[v]));
    }
    return values;
  }

  @Override
  int open(long[] s, int depth) {
    int best = -1;
    int fewest = 65;
    boolean chosen = false;
    if (!byMarginals && peerMask != null) {
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
      return -1;
    }
    if (byMarginals) {
      best = byMarginals(depth, s, fewest);
    } else if (!chosen) {
      best = mostOpenPeers(s, best, fewest);
    }
    untried[depth] = s[best];
    return best;
  }

  @Override
  int nextValue(long[] s, int depth, int v) {
    long left = untried[depth];
    if (left == 0) {
      return -1;
    }
    long pick = left & -left;
    if (byMarginals) {
      // Read now, not when the level opened: deeper levels may have refreshed the marginals since.
      int base = v * 64;
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
    return Long.numberOfTrailingZeros(pick);
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
