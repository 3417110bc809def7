package fgc.driver.search;

/**
 * Generalised arc consistency on a table of allowed tuples by compact table (Demeulenaere et al.,
 * "Compact-Table: Efficiently Filtering Table Constraints with Reversible Sparse Bit-Sets", CP 2016):
 * the tuples still valid are a reversible sparse bitset; when a variable's values shrink, the bitset
 * keeps only the tuples that some remaining value supports; then a value stays while its supports
 * meet the bitset, tried first at the word where they met last time (its residue).
 *
 * <p>Cells kept in {@link Domains}: the bitset's words, its count of non-zero words ({@code limit}),
 * and per variable the domain size when the bitset was last brought up to date. The order of the
 * non-zero words ({@link #index}) needs no trail: backtracking only ever brings back words that were
 * moved past the limit, which is exactly where they are.
 */
final class Table extends Constraint {
  /** The allowed tuples of one relation, shared by every constraint over equal domains and the same tuples. */
  static final class Tuples {
    final int words;
    /** Per position, per value index: the tuples that have it, {@code words} longs at {@code [value * words]}. */
    final long[][] supports;
    final int count;

    /** {@code allowed} holds joint value {@code k} (row-major over {@code sizes}, the last fastest) when it is allowed. */
    Tuples(int[] sizes, java.util.BitSet allowed) {
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
  private final int sizeCell;
  private final int[] index;
  private final int[][] residue;
  private final long[] mask;

  /** A table over {@code vars} (whose domains are the full ranges the tuples index); its cells reserved in {@code d}. */
  Table(int[] vars, Tuples tuples, Domains d) {
    super(vars);
    this.tuples = tuples;
    this.words = tuples.words;
    this.wordsCell = d.reserve(words + 1 + vars.length);
    this.limitCell = wordsCell + words;
    this.sizeCell = limitCell + 1;
    for (int t = 0; t < tuples.count; t++) {
      d.cells[wordsCell + (t >>> 6)] |= 1L << t;
    }
    d.cells[limitCell] = words;
    for (int p = 0; p < vars.length; p++) {
      d.cells[sizeCell + p] = d.size(vars[p]);
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
  boolean propagate(Domains d) {
    if (tuples.count == 0) {
      return false;
    }
    for (int p = 0; p < vars.length; p++) {
      int v = vars[p];
      int now = d.count(v);
      if (now != d.cells[sizeCell + p]) {
        if (!keepSupported(d, p, v)) {
          return false;
        }
      }
    }
    long[] cells = d.cells;
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
      long now = d.count(vars[p]);
      if (d.cells[sizeCell + p] != now) {
        d.set(sizeCell + p, now);
      }
    }
    return true;
  }

  /** Keeps the tuples some remaining value of position {@code p} supports; false when none is left. */
  private boolean keepSupported(Domains d, int p, int v) {
    long[] cells = d.cells;
    int limit = (int) cells[limitCell];
    long[] sup = tuples.supports[p];
    for (int k = 0; k < limit; k++) {
      mask[index[k]] = 0;
    }
    for (int i = d.min(v); i >= 0; i = d.next(v, i + 1)) {
      int base = i * words;
      for (int k = 0; k < limit; k++) {
        int w = index[k];
        mask[w] |= sup[base + w];
      }
    }
    int before = limit;
    for (int k = limit - 1; k >= 0; k--) {
      int w = index[k];
      long old = cells[wordsCell + w];
      long now = old & mask[w];
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
