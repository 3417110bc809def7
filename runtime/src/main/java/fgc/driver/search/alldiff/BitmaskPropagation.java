package fgc.driver.search.alldiff;

import fgc.plan.BitmaskTables;
import fgc.solver.Propagation;
import fgc.solver.Propagator;
import java.util.Arrays;

/**
 * The search's own {@link Propagation} of one node's candidate masks ({@code MaskState}) to a
 * fixpoint: naked singles (through the value boards when the state has them), hidden singles on
 * permutation units and, when on, locked candidates between unit pairs, looking again only at the
 * units and pairs whose variables changed. A {@link Propagator} generated for the same tables runs
 * the same rules in its place. It owns the dirty bits and the segment ors' bookkeeping; the search
 * owns the state and the queue.
 */
public final class BitmaskPropagation implements Propagation {
  private final BitmaskTables t;
  private final int n;
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

  /** Set by {@link #lockedCandidates} when it removed a candidate. */
  private boolean shrank;

  /** Value boards' peer rows, or null when the state has no boards. */
  private final long[] peerMask;

  /** Where the state's value boards start, {@code words} longs per value bit. */
  private final int boardStart;

  private final int words;

  /**
   * The propagation of a search over {@code tables} whose state layout has the segment ors at
   * {@code segmentStart} (-1: none) and the value boards at {@code boardStart} (with {@code
   * peerMask}, else null); fixed variables are queued in {@code queue}.
   *
   * @param tables the model's tables
   * @param queue the search's queue of fixed variables, with room for every variable
   * @param lockedCandidates whether to propagate locked candidates between unit pairs
   * @param segmentStart where the state keeps the segment ors, or -1
   * @param boardStart where the state keeps the value boards
   * @param peerMask each variable's peers as bit rows, or null without value boards
   */
  public BitmaskPropagation(
      BitmaskTables tables,
      int[] queue,
      boolean lockedCandidates,
      int segmentStart,
      int boardStart,
      long[] peerMask) {
    this.t = tables;
    this.n = tables.variables;
    this.words = (n + 63) >>> 6;
    this.queue = queue;
    this.segmentStart = segmentStart;
    this.boardStart = boardStart;
    this.peerMask = peerMask;
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
  }

  /**
   * Marks the units of {@code v}, whose mask just shrank, for the next hidden-singles pass, and the
   * unit pairs that hold it outside their shared part for the next locked-candidates pass. Words 0
   * live in fields rather than arrays, so the JIT need not assume the state array's stores touch
   * them.
   */
  @Override
  public void changed(int v) {
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

  @Override
  public void allChanged() {
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
  @Override
  public boolean propagate(long[] s, int[] queue, int tail) {
    assert queue == this.queue : "the search's queue, the one this propagation was made with";
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

  /** {@link #narrow(long[], int, long, boolean, int, int)} in this propagation's layout. */
  private void narrow(long[] s, int v, long mask) {
    narrow(s, v, mask, peerMask != null, boardStart, words);
  }

  /**
   * Sets {@code v}'s mask to {@code mask}, a subset of it, and with {@code boards} takes {@code v}
   * off the value boards (from {@code boardStart}, {@code words} longs per value) of the values
   * removed.
   *
   * @param s the state
   * @param v the variable
   * @param mask its new mask
   * @param boards whether the state keeps value boards
   * @param boardStart where they start
   * @param words longs per board
   */
  public static void narrow(long[] s, int v, long mask, boolean boards, int boardStart, int words) {
    if (boards) {
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
