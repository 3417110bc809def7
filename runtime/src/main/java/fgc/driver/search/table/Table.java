package fgc.driver.search.table;

import fgc.driver.search.Constraint;
import fgc.driver.search.Domains;
import java.util.BitSet;

/**
 * Generalised arc consistency on a table of allowed tuples by compact table (Demeulenaere et al.,
 * "Compact-Table: Efficiently Filtering Table Constraints with Reversible Sparse Bit-Sets", CP
 * 2016): the tuples still valid are a reversible sparse bitset; when a variable's values shrink,
 * the bitset keeps only the tuples that some remaining value supports; then a value stays while its
 * supports meet the bitset, tried first at the word where they met last time (its residue). The
 * bitset is brought up to date from the values removed since the last time when they are fewer than
 * the values left, else from the values left.
 *
 * <p>Cells kept in {@link Domains}: the bitset's words, its count of non-zero words ({@code
 * limit}), and per variable its values when the bitset was last brought up to date. The order of
 * the non-zero words ({@code index}) needs no trail: backtracking only ever brings back words that
 * were moved past the limit, which is exactly where they are.
 */
public final class Table extends Constraint {
  /**
   * The allowed tuples of one relation, shared by every constraint over equal domains and the same
   * tuples.
   */
  public static final class Tuples {
    final int words;

    /**
     * Per position, per value index: the tuples that have it, {@code words} longs at {@code [value
     * * words]}.
     */
    final long[][] supports;

    final int count;

    /**
     * {@code allowed} holds joint value {@code k} (row-major over {@code sizes}, the last fastest)
     * when it is allowed.
     *
     * @param sizes the full domain size at each position
     * @param allowed the joint values allowed
     */
    public Tuples(int[] sizes, BitSet allowed) {
      this.count = allowed.cardinality();
      this.words = Math.max(1, (count + 63) / 64);
      this.supports = new long[sizes.length][];
      long joint = 1;
      for (int p = 0; p < sizes.length; p++) {
        supports[p] = new long[sizes[p] * words];
        joint *= sizes[p];
      }
      int[] digits = new int[sizes.length];
      int t = 0;
      for (long k = 0; k < joint; k++) {
        if (allowed.get((int) k)) {
          for (int p = 0; p < sizes.length; p++) {
            supports[p][digits[p] * words + (t >>> 6)] |= 1L << t;
          }
          t++;
        }
        for (int p = sizes.length - 1; p >= 0 && ++digits[p] == sizes[p]; p--) {
          digits[p] = 0;
        }
      }
    }
  }

  private final Tuples tuples;
  private final int words;
  private final int wordsCell;
  private final int limitCell;

  /**
   * Per position, where its variable's values as last seen start (as many cells as the variable's
   * bitset).
   */
  private final int[] seenCell;

  private final int[] index;
  private final int[][] residue;
  private final long[] mask;

  /**
   * A table over {@code vars} (whose domains are the full ranges the tuples index); its cells
   * reserved in {@code d}.
   *
   * @param vars the variables, each once
   * @param tuples the allowed tuples over their full domains
   * @param d the problem's domains, where the table keeps its cells
   */
  public Table(int[] vars, Tuples tuples, Domains d) {
    super(vars);
    this.tuples = tuples;
    this.words = tuples.words;
    int seen = 0;
    for (int v : vars) {
      seen += d.cellCount(v);
    }
    this.wordsCell = d.reserve(words + 1 + seen);
    this.limitCell = wordsCell + words;
    for (int t = 0; t < tuples.count; t++) {
      d.cells()[wordsCell + (t >>> 6)] |= 1L << t;
    }
    d.cells()[limitCell] = words;
    this.seenCell = new int[vars.length];
    int cell = limitCell + 1;
    for (int p = 0; p < vars.length; p++) {
      seenCell[p] = cell;
      for (int i = 0; i < d.size(vars[p]); i++) {
        d.cells()[cell + (i >>> 6)] |=
            1L << i; // the tuples are over the full domains, whatever the domain is now
      }
      cell += d.cellCount(vars[p]);
    }
    this.index = new int[words];
    for (int w = 0; w < words; w++) {
      index[w] = w;
    }
    this.residue = new int[vars.length][];
    for (int p = 0; p < vars.length; p++) {
      residue[p] = new int[d.size(vars[p])];
    }
    this.mask = new long[words];
  }

  @Override
  protected boolean propagate(Domains d) {
    if (tuples.count == 0) {
      return false;
    }
    for (int p = 0; p < vars.length; p++) {
      if (!update(d, p, vars[p])) {
        return false;
      }
    }
    long[] cells = d.cells();
    int limit = (int) cells[limitCell];
    for (int p = 0; p < vars.length; p++) {
      int v = vars[p];
      if (d.fixed(v)) {
        continue; // every tuple left has its value, and there is one
      }
      long[] sup = tuples.supports[p];
      for (int i = d.min(v); i >= 0; i = d.next(v, i + 1)) {
        int base = i * words;
        int r = residue[p][i];
        if ((cells[wordsCell + r] & sup[base + r]) != 0) {
          continue;
        }
        boolean found = false;
        for (int k = 0; k < limit; k++) {
          int w = index[k];
          if ((cells[wordsCell + w] & sup[base + w]) != 0) {
            residue[p][i] = w;
            found = true;
            break;
          }
        }
        if (!found && !d.remove(v, i)) {
          return false;
        }
      }
    }
    for (int p = 0; p < vars.length; p++) {
      int v = vars[p];
      for (int k = 0, words = d.cellCount(v), first = d.firstCell(v); k < words; k++) {
        long now = d.cells()[first + k];
        if (d.cells()[seenCell[p] + k] != now) {
          d.set(seenCell[p] + k, now);
        }
      }
    }
    return true;
  }

  /**
   * Drops the tuples of values {@code v} lost since position {@code p} was last seen; false when
   * none is left.
   */
  private boolean update(Domains d, int p, int v) {
    long[] cells = d.cells();
    int first = d.firstCell(v);
    int words = d.cellCount(v);
    int removed = 0;
    int left = 0;
    for (int k = 0; k < words; k++) {
      long now = cells[first + k];
      removed += Long.bitCount(cells[seenCell[p] + k] & ~now);
      left += Long.bitCount(now);
    }
    if (removed == 0) {
      return true;
    }
    int limit = (int) cells[limitCell];
    for (int k = 0; k < limit; k++) {
      mask[index[k]] = 0;
    }
    long[] sup = tuples.supports[p];
    boolean incremental = removed < left;
    for (int k = 0; k < words; k++) {
      long now = cells[first + k];
      for (long bits = incremental ? cells[seenCell[p] + k] & ~now : now;
          bits != 0;
          bits &= bits - 1) {
        int base = (k * 64 + Long.numberOfTrailingZeros(bits)) * this.words;
        for (int j = 0; j < limit; j++) {
          int w = index[j];
          mask[w] |= sup[base + w];
        }
      }
    }
    return intersect(d, incremental);
  }

  /**
   * Keeps the tuples in {@link #mask} (or, {@code outside}, those not in it); false when none is
   * left.
   */
  private boolean intersect(Domains d, boolean outside) {
    long[] cells = d.cells();
    int limit = (int) cells[limitCell];
    int before = limit;
    for (int k = limit - 1; k >= 0; k--) {
      int w = index[k];
      long old = cells[wordsCell + w];
      long now = outside ? old & ~mask[w] : old & mask[w];
      if (now != old) {
        d.set(wordsCell + w, now);
        if (now == 0) {
          index[k] = index[limit - 1];
          index[limit - 1] = w;
          limit--;
        }
      }
    }
    if (limit != before) {
      d.set(limitCell, limit);
    }
    return limit > 0;
  }
}
