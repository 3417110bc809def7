package fgc.driver.search.alldiff;

import fgc.driver.search.Constraint;
import fgc.driver.search.Domains;
import java.util.Arrays;

/**
 * All variables take different values: a fixed value leaves the others (forward checking), and a
 * pigeonhole check on the values still open: fewer values than open variables is a dead end, as
 * many (a permutation of what is left) places a value that only one variable can still take. Values
 * are counted in one range over all the variables' domains, which may differ. Then Hall intervals:
 * when {@code k} variables lie within a range of {@code k} values they take all of them, so the
 * others lose that range (more than {@code k} there is a dead end).
 */
public final class AllDifferent extends Constraint {
  /**
   * Widest value range the pigeonhole check counts in; wider constraints get forward checking
   * alone.
   */
  static final int MAX_COUNTED_SPAN = 4096;

  /**
   * Most variables for which the Hall-interval check runs: it costs the square of the arity per
   * call.
   */
  static final int MAX_HALL_ARITY = 64;

  private final int low;
  private final long[] lows;
  private final long[] highs;
  private final int[] byHigh;
  private final long[] union;
  private final int[] holders;
  private final int[] holder;

  /**
   * All of {@code vars} different, over the domains {@code d} has now.
   *
   * @param vars the variables, each once
   * @param d the problem's domains
   */
  public AllDifferent(int[] vars, Domains d) {
    super(vars);
    long lo = Long.MAX_VALUE;
    long hi = Long.MIN_VALUE;
    for (int v : vars) {
      lo = Math.min(lo, d.lo(v));
      hi = Math.max(hi, (long) d.lo(v) + d.size(v) - 1);
    }
    long span = hi - lo + 1;
    boolean counted = span <= MAX_COUNTED_SPAN;
    this.low = (int) lo;
    this.union = counted ? new long[(int) ((span + 63) / 64)] : null;
    this.holders = counted ? new int[(int) span] : null;
    this.holder = counted ? new int[(int) span] : null;
    boolean hall = vars.length <= MAX_HALL_ARITY;
    this.lows = hall ? new long[vars.length] : null;
    this.highs = hall ? new long[vars.length] : null;
    this.byHigh = hall ? new int[vars.length] : null;
  }

  @Override
  protected boolean propagate(Domains d) {
    boolean again = true;
    while (again) {
      again = false;
      for (int a = 0; a < vars.length; a++) {
        int v = vars[a];
        if (!d.fixed(v)) {
          continue;
        }
        int value = d.value(v, d.min(v));
        for (int b = 0; b < vars.length; b++) {
          int u = vars[b];
          if (b != a && d.hasValue(u, value)) {
            if (!d.removeValue(u, value)) {
              return false;
            }
            again |= d.fixed(u);
          }
        }
      }
      if (!again && union != null) {
        int check = pigeonhole(d);
        if (check < 0) {
          return false;
        }
        again = check > 0;
      }
      if (!again && lows != null) {
        int check = hallIntervals(d);
        if (check < 0) {
          return false;
        }
        again = check > 0;
      }
    }
    return true;
  }

  /**
   * Looks for a range {@code a..b} holding the domains of exactly {@code b - a + 1} variables and
   * removes it from the others: -1 when some range holds more (or a removal empties a domain), 1
   * when values were removed, 0 when there was nothing to remove.
   */
  private int hallIntervals(Domains d) {
    int n = vars.length;
    for (int k = 0; k < n; k++) {
      int v = vars[k];
      lows[k] = d.value(v, d.min(v));
      highs[k] = d.value(v, d.max(v));
      int j = k;
      for (; j > 0 && highs[byHigh[j - 1]] > highs[k]; j--) {
        byHigh[j] = byHigh[j - 1]; // insertion sort by largest value: the arity is small
      }
      byHigh[j] = k;
    }
    for (int start = 0; start < n; start++) {
      long a = lows[start];
      int inside = 0;
      for (int j = 0; j < n; j++) {
        int k = byHigh[j];
        if (lows[k] < a) {
          continue;
        }
        inside++;
        long b = highs[k];
        if (inside > b - a + 1) {
          return -1;
        }
        if (inside == b - a + 1) {
          int before = d.mark();
          for (int o = 0; o < n; o++) {
            if (lows[o] >= a && highs[o] <= b) {
              continue;
            }
            for (long value = a; value <= b; value++) {
              if (!d.removeValue(vars[o], value)) {
                return -1;
              }
            }
          }
          if (d.mark() != before) {
            return 1;
          }
        }
      }
    }
    return 0;
  }

  /**
   * Counts the values the open variables can still take: -1 when they are fewer than the open
   * variables, 1 when a value held by one variable alone was placed there (a permutation), else 0.
   */
  private int pigeonhole(Domains d) {
    Arrays.fill(union, 0L);
    int open = 0;
    for (int v : vars) {
      if (d.fixed(v)) {
        continue;
      }
      open++;
      for (int i = d.min(v); i >= 0; i = d.next(v, i + 1)) {
        int k = d.value(v, i) - low;
        long bit = 1L << k;
        if ((union[k >>> 6] & bit) == 0) {
          union[k >>> 6] |= bit;
          holders[k] = 0;
        }
        holders[k]++;
        holder[k] = v;
      }
    }
    int distinct = 0;
    for (long w : union) {
      distinct += Long.bitCount(w);
    }
    if (distinct < open) {
      return -1;
    }
    if (distinct > open) {
      return 0;
    }
    boolean placed = false;
    for (int w = 0; w < union.length; w++) {
      for (long bits = union[w]; bits != 0; bits &= bits - 1) {
        int k = w * 64 + Long.numberOfTrailingZeros(bits);
        int v = holder[k];
        if (holders[k] == 1 && !d.fixed(v)) {
          // Every open value must be taken and only v can take this one.
          if (!d.assign(v, k + low - d.lo(v))) {
            return -1;
          }
          placed = true;
        }
      }
    }
    return placed ? 1 : 0;
  }
}
