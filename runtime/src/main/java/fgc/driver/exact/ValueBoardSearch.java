package fgc.driver.exact;

import java.util.Arrays;

/**
 * The search of {@link BitmaskSearch} (same rules, same branching by minimum remaining values with
 * the most-open-peers tie-break) on a value-major state: per value, a bitset of the open variables
 * that can still take it ("digit boards" in bitboard Sudoku solvers). Fixing a variable is a few
 * word operations instead of a visit to each peer, and naked singles are found for all variables at
 * once by counting candidates bit-sliced across the boards. Hidden singles and locked candidates
 * look only at the (value, unit) pairs whose places changed. One instance per model and thread; it
 * allocates nothing per node.
 *
 * <p>State of one search node, {@code long[values * words + words + values]}: the boards
 * ({@code board[b * words + w]}), the open variables, and per value the permutation units that do
 * not hold it yet. Values fixed are kept in one array outside the state: a variable fixed on the
 * current path keeps its entry until the search backs above it, and is rewritten when fixed again.
 */
public final class ValueBoardSearch {
  private final BitmaskTables source;
  private final ValueBoardTables t;
  private final int n;
  private final int words;
  private final int values;
  private final int open;
  private final int pending;
  private final int stateLength;
  private final long[][] stack;
  private final boolean lockedCandidates;
  /** Per value, the units whose places for it changed since that (value, unit) was last looked at. */
  private final long[] dirty;
  private final int[] fixedValue;
  private final long[] counts;

  private BitmaskSearch.Listener listener = BitmaskSearch.Listener.NONE;
  private int limit;
  private int solutions;
  private long nodes;
  private long backtracks;
  private int[] firstSolution;

  private ValueBoardSearch(BitmaskTables source, ValueBoardTables tables, boolean lockedCandidates) {
    this.source = source;
    this.t = tables;
    this.n = tables.variables;
    this.words = tables.words;
    this.values = tables.values;
    this.open = values * words;
    this.pending = open + words;
    this.stateLength = pending + values;
    this.stack = new long[n + 2][stateLength];
    this.lockedCandidates = lockedCandidates;
    this.dirty = new long[values];
    this.fixedValue = new int[n];
    this.counts = new long[3 * words];
  }

  /** The value-major search of {@code tables}, or null when the model does not fit it ({@link ValueBoardTables#of}). */
  public static ValueBoardSearch of(BitmaskTables tables, boolean lockedCandidates) {
    ValueBoardTables vt = ValueBoardTables.of(tables);
    return vt == null ? null : new ValueBoardSearch(tables, vt, lockedCandidates);
  }

  /** As {@link BitmaskSearch#run}: up to {@code maxSolutions} solutions of {@code evidence}; how many were found. */
  public int run(int[] evidence, int none, int maxSolutions, BitmaskSearch.Listener events) {
    this.limit = maxSolutions;
    this.listener = events;
    this.solutions = 0;
    this.nodes = 0;
    this.backtracks = 0;
    this.firstSolution = null;
    long[] root = stack[0];
    System.arraycopy(t.boardInitial, 0, root, 0, open);
    Arrays.fill(root, open, pending, 0L);
    for (int v = 0; v < n; v++) {
      root[open + (v >>> 6)] |= 1L << v;
    }
    System.arraycopy(t.pendingInitial, 0, root, pending, values);
    System.arraycopy(t.pendingInitial, 0, dirty, 0, values);
    for (int v = 0; v < n; v++) {
      if (evidence[v] != none) {
        int bit = source.bitOf(evidence[v]);
        if (bit < 0 || bit >= 64 || (source.initial[v] & (1L << bit)) == 0 || !fix(root, v, bit)) {
          return 0;
        }
      }
    }
    if (propagate(root)) {
      search(0);
    }
    return solutions;
  }

  /** The first solution found by the last run (a value per variable), or null. */
  public int[] solution() {
    if (firstSolution == null) {
      return null;
    }
    int[] result = new int[n];
    for (int v = 0; v < n; v++) {
      result[v] = source.valueOf(firstSolution[v]);
    }
    return result;
  }

  /** Branches tried by the last run (search nodes below the root). */
  public long nodes() {
    return nodes;
  }

  /** Branches of the last run that were undone: they failed or held no further solution. */
  public long backtracks() {
    return backtracks;
  }

  /** Returns true when the search should stop (enough solutions). */
  private boolean search(int depth) {
    long[] s = stack[depth];
    int best = choose(s);
    if (best < 0) {
      solutions++;
      if (firstSolution == null) {
        firstSolution = fixedValue.clone();
      }
      return solutions >= limit;
    }
    int word = best >>> 6;
    long bit = 1L << best;
    for (int b = 0; b < values; b++) {
      // The parent's board is read afresh: a branch works on a copy, so it stays as it was.
      if ((s[b * words + word] & bit) != 0 && tryBranch(depth, s, best, b)) {
        return true;
      }
    }
    return false;
  }

  private boolean tryBranch(int depth, long[] s, int variable, int b) {
    nodes++;
    int value = source.valueOf(b);
    listener.branch(variable, value);
    long[] child = stack[depth + 1];
    System.arraycopy(s, 0, child, 0, stateLength);
    // A failed propagation may leave marks behind; the parent's fixpoint had none.
    Arrays.fill(dirty, 0L);
    if (fix(child, variable, b) && propagate(child) && search(depth + 1)) {
      return true;
    }
    backtracks++;
    listener.undo(variable, value);
    return false;
  }

  /**
   * The open variable with the fewest candidates and, among those, the most open peers; -1 when
   * every variable is fixed. Cells with exactly two candidates come from bit-sliced counts; only
   * when there are none is each open variable counted.
   */
  private int choose(long[] s) {
    long any = 0;
    for (int w = 0; w < words; w++) {
      long once = 0;
      long twice = 0;
      long thrice = 0;
      for (int i = w; i < open; i += words) {
        long b = s[i];
        thrice |= twice & b;
        twice |= once & b;
        once |= b;
      }
      long two = twice & ~thrice;
      counts[w] = two;
      any |= two | s[open + w];
    }
    if (any == 0) {
      return -1;
    }
    int best = -1;
    int bestOpen = -1;
    for (int w = 0; w < words; w++) {
      for (long left = counts[w]; left != 0; left &= left - 1) {
        int v = (w << 6) + Long.numberOfTrailingZeros(left);
        int peersOpen = openPeers(s, v);
        if (peersOpen > bestOpen) {
          bestOpen = peersOpen;
          best = v;
        }
      }
    }
    return best >= 0 ? best : fewestCandidates(s);
  }

  private int openPeers(long[] s, int v) {
    int count = 0;
    for (int w = 0, p = v * words; w < words; w++) {
      count += Long.bitCount(t.peerMask[p + w] & s[open + w]);
    }
    return count;
  }

  private int fewestCandidates(long[] s) {
    int best = -1;
    int fewest = Integer.MAX_VALUE;
    int bestOpen = -1;
    for (int w = 0; w < words; w++) {
      for (long left = s[open + w]; left != 0; left &= left - 1) {
        int shift = Long.numberOfTrailingZeros(left);
        int v = (w << 6) + shift;
        int count = 0;
        for (int i = w; i < open; i += words) {
          count += (int) (s[i] >>> shift) & 1;
        }
        if (count > fewest) {
          continue;
        }
        int peersOpen = openPeers(s, v);
        if (count < fewest || peersOpen > bestOpen) {
          best = v;
          fewest = count;
          bestOpen = peersOpen;
        }
      }
    }
    return best;
  }

  /**
   * Fixes open variable {@code v} to value bit {@code b}: it leaves every board, its peers leave
   * board {@code b}, its units stop waiting for {@code b}. False when {@code b} was no longer a
   * candidate of {@code v}.
   */
  private boolean fix(long[] s, int v, int b) {
    final int w0 = v >>> 6;
    final long bit = 1L << v;
    final int row = b * words;
    if ((s[row + w0] & bit) == 0) {
      return false;
    }
    final long units = t.unitsOf[v];
    for (int i = w0, k = 0; i < open; i += words, k++) {
      long c = s[i];
      s[i] = c & ~bit;
      dirty[k] |= units & -((c >>> v) & 1L);
    }
    final long[] peers = t.peerMask;
    long removed = 0;
    for (int w = 0, p = v * words; w < words; w++) {
      long r = s[row + w] & peers[p + w];
      s[row + w] ^= r;
      removed |= r;
    }
    // Coarser than the units of the variables removed, but one load instead of a loop over them.
    dirty[b] |= removed != 0 ? t.peerUnits[v] : 0L;
    s[open + w0] &= ~bit;
    s[pending + b] &= ~units;
    fixedValue[v] = b;
    return true;
  }

  /** Naked singles, then hidden singles and locked candidates, until nothing changes; false on a contradiction. */
  private boolean propagate(long[] s) {
    while (true) {
      int naked = nakedSingles(s);
      if (naked < 0) {
        return false;
      }
      if (naked > 0) {
        continue;
      }
      int units = unitRules(s);
      if (units < 0) {
        return false;
      }
      if (units == 0) {
        return true;
      }
    }
  }

  /** Fixes every open variable with one candidate left: 1 if any, 0 if none, -1 on a contradiction. */
  private int nakedSingles(long[] s) {
    int found = 0;
    for (int w = 0; w < words; w++) {
      long once = 0;
      long twice = 0;
      for (int i = w; i < open; i += words) {
        long b = s[i];
        twice |= once & b;
        once |= b;
      }
      if ((s[open + w] & ~once) != 0) {
        return -1;
      }
      for (long single = once & ~twice; single != 0; single &= single - 1) {
        long bit = single & -single;
        int b = 0;
        while (b < values && (s[b * words + w] & bit) == 0) {
          b++;
        }
        // A single fixed just before, in the same pass, may have taken this one's last candidate.
        if (b == values || !fix(s, (w << 6) + Long.numberOfTrailingZeros(bit), b)) {
          return -1;
        }
        found = 1;
      }
    }
    return found;
  }

  /**
   * Every (value, unit) whose places changed and whose unit does not hold the value yet: no place
   * is a contradiction, one place a hidden single, a few places all shared with a partner unit
   * clear the value from the partner's rest (locked candidates). 1 if anything changed, 0 if not,
   * -1 on a contradiction.
   */
  private int unitRules(long[] s) {
    int changed = 0;
    final long[] unitRows = t.unitRows;
    final int[] worthALook = lockedCandidates ? t.lockablePlaces : t.singlePlaces;
    for (int b = 0; b < values; b++) {
      final int row = b * words;
      long todo = dirty[b] & s[pending + b];
      dirty[b] = 0;
      while (todo != 0) {
        int u = Long.numberOfTrailingZeros(todo);
        todo &= todo - 1;
        int base = u * words;
        int places = 0;
        for (int w = 0; w < words; w++) {
          places += Long.bitCount(s[row + w] & unitRows[base + w]);
        }
        if (places > worthALook[u]) {
          continue;
        }
        if (places == 0) {
          return -1;
        }
        if (places == 1) {
          if (!fix(s, firstIn(s, row, base), b)) {
            return -1;
          }
          changed = 1;
          // The fix may have placed b in other units still in todo.
          todo &= s[pending + b];
        } else if (locked(s, b, u)) {
          changed = 1;
        }
      }
    }
    return changed;
  }

  /** The first variable of unit row {@code base} on board row {@code row}; there is one. */
  private int firstIn(long[] s, int row, int base) {
    int w = 0;
    long m;
    while ((m = s[row + w] & t.unitRows[base + w]) == 0) {
      w++;
    }
    return (w << 6) + Long.numberOfTrailingZeros(m);
  }

  /**
   * Clears value {@code b} from each partner's rest when all of unit {@code u}'s places for it are
   * shared with that partner.
   */
  private boolean locked(long[] s, int b, int u) {
    final int row = b * words;
    final int unit = u * words;
    boolean changed = false;
    for (int e = t.partnerStart[u], end = t.partnerStart[u + 1]; e < end; e++) {
      int base = e * words;
      long outside = 0;
      for (int w = 0; w < words; w++) {
        outside |= s[row + w] & t.unitRows[unit + w] & ~t.partnerShared[base + w];
      }
      if (outside != 0) {
        continue;
      }
      long removed = 0;
      for (int w = 0; w < words; w++) {
        long r = s[row + w] & t.partnerRest[base + w];
        s[row + w] ^= r;
        removed |= r;
      }
      if (removed != 0) {
        dirty[b] |= t.restUnits[e];
        changed = true;
      }
    }
    return changed;
  }
}
