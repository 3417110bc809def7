package fgc.driver.search;

import java.util.Arrays;

/**
 * The search state: each variable's remaining values as a bitset (value {@code lo + i} is bit
 * {@code i}), followed by the cells constraints keep for themselves (compact-table words), all in
 * one {@code long[]} with a trail of old contents, so undoing a branch restores exactly the cells
 * it changed. Every change to a variable's values is reported to {@code watcher}, which schedules
 * the constraints on it.
 */
public final class Domains {
  /** Told the variable whose values just shrank (and did not become empty). */
  interface Watcher {
    void changed(int variable);
  }

  final int variables;
  private final int[] lo;
  private final int[] size;

  /**
   * First cell of each variable's bitset; variable {@code v} has {@code base[v + 1] - base[v]}
   * words.
   */
  private final int[] base;

  long[] cells;
  private int[] trailCell = new int[256];
  private long[] trailOld = new long[256];
  private int top;
  Watcher watcher = v -> {};

  /**
   * Variables with domains {@code lo[v] .. lo[v] + size[v] - 1}, all values present; no constraint
   * cells yet.
   */
  Domains(int[] lo, int[] size) {
    this.variables = lo.length;
    this.lo = lo.clone();
    this.size = size.clone();
    this.base = new int[variables + 1];
    for (int v = 0; v < variables; v++) {
      base[v + 1] = base[v] + (size[v] + 63) / 64;
    }
    this.cells = new long[base[variables]];
    for (int v = 0; v < variables; v++) {
      for (int i = 0; i < size[v]; i++) {
        cells[base[v] + (i >>> 6)] |= 1L << i;
      }
    }
  }

  /**
   * Reserves {@code count} cells for a constraint (while the problem is built) and returns the
   * first.
   *
   * @param count how many cells
   * @return the first of them
   */
  public int reserve(int count) {
    int first = cells.length;
    cells = Arrays.copyOf(cells, first + count);
    return first;
  }

  // ---- Reading -------------------------------------------------------------------------------

  /**
   * Every cell: the variables' bitsets, then the constraints' own cells. A constraint reads its
   * cells here and changes them only through {@link #set}, so that they are undone with the rest.
   *
   * @return the cells, not a copy
   */
  public long[] cells() {
    return cells;
  }

  /**
   * The first cell of {@code v}'s bitset.
   *
   * @param v the variable
   * @return its first cell
   */
  public int firstCell(int v) {
    return base[v];
  }

  /**
   * The cells (longs) of {@code v}'s bitset.
   *
   * @param v the variable
   * @return how many cells its bitset has
   */
  public int cellCount(int v) {
    return base[v + 1] - base[v];
  }

  /**
   * The lowest value of {@code v}'s declared domain, which index 0 stands for.
   *
   * @param v the variable
   * @return its lowest value
   */
  public int lo(int v) {
    return lo[v];
  }

  /**
   * Values in the declared domain (present or not).
   *
   * @param v the variable
   * @return the size of its declared domain
   */
  public int size(int v) {
    return size[v];
  }

  /**
   * The value that index {@code i} of {@code v} stands for.
   *
   * @param v the variable
   * @param i an index of its domain
   * @return the value
   */
  public int value(int v, int i) {
    return lo[v] + i;
  }

  boolean has(int v, int i) {
    return i >= 0 && i < size[v] && (cells[base[v] + (i >>> 6)] & (1L << i)) != 0;
  }

  /**
   * Whether value {@code value} (not an index) is still possible for {@code v}.
   *
   * @param v the variable
   * @param value the value
   * @return true while {@code v} can take it
   */
  public boolean hasValue(int v, long value) {
    long i = value - lo[v];
    return i >= 0 && i < size[v] && has(v, (int) i);
  }

  int count(int v) {
    int n = 0;
    for (int w = base[v], end = base[v + 1]; w < end; w++) {
      n += Long.bitCount(cells[w]);
    }
    return n;
  }

  /**
   * Whether {@code v} has one value left.
   *
   * @param v the variable
   * @return true when it is fixed
   */
  public boolean fixed(int v) {
    int n = 0;
    for (int w = base[v], end = base[v + 1]; w < end && n < 2; w++) {
      n += Long.bitCount(cells[w]);
    }
    return n == 1;
  }

  /**
   * The smallest index present (the domain is never empty while the search reads it).
   *
   * @param v the variable
   * @return its smallest index left
   */
  public int min(int v) {
    return next(v, 0);
  }

  /**
   * The largest index present, or -1 when none is.
   *
   * @param v the variable
   * @return its largest index left
   */
  public int max(int v) {
    for (int w = base[v + 1] - 1; w >= base[v]; w--) {
      if (cells[w] != 0) {
        return (w - base[v]) * 64 + 63 - Long.numberOfLeadingZeros(cells[w]);
      }
    }
    return -1;
  }

  /**
   * The smallest index at least {@code from} that is present, or -1.
   *
   * @param v the variable
   * @param from the first index to look at
   * @return the index, or -1
   */
  public int next(int v, int from) {
    if (from >= size[v]) {
      return -1;
    }
    int w = base[v] + (from >>> 6);
    long bits = cells[w] & (-1L << from);
    while (true) {
      if (bits != 0) {
        return (w - base[v]) * 64 + Long.numberOfTrailingZeros(bits);
      }
      if (++w >= base[v + 1]) {
        return -1;
      }
      bits = cells[w];
    }
  }

  // ---- Changing ------------------------------------------------------------------------------

  /**
   * Removes index {@code i}; false when the domain is left empty.
   *
   * @param v the variable
   * @param i the index to remove
   * @return false on a dead end
   */
  public boolean remove(int v, int i) {
    if (!has(v, i)) {
      return true;
    }
    int w = base[v] + (i >>> 6);
    set(w, cells[w] & ~(1L << i));
    return changed(v);
  }

  /**
   * Removes value {@code value} (not an index) if present; false when the domain is left empty.
   *
   * @param v the variable
   * @param value the value to remove
   * @return false on a dead end
   */
  public boolean removeValue(int v, long value) {
    long i = value - lo[v];
    return i < 0 || i >= size[v] || remove(v, (int) i);
  }

  /**
   * Keeps index {@code i} alone; false when it was not present.
   *
   * @param v the variable
   * @param i the index to keep
   * @return false on a dead end
   */
  public boolean assign(int v, int i) {
    if (!has(v, i)) {
      return false;
    }
    boolean change = false;
    for (int w = base[v], end = base[v + 1]; w < end; w++) {
      long keep = w == base[v] + (i >>> 6) ? 1L << i : 0L;
      if (cells[w] != keep) {
        set(w, keep);
        change = true;
      }
    }
    if (change) {
      watcher.changed(v);
    }
    return true;
  }

  /**
   * Keeps the values {@code >= value} (a value, not an index); false when none is left.
   *
   * @param v the variable
   * @param value the least value to keep
   * @return false on a dead end
   */
  public boolean keepAtLeast(int v, long value) {
    long from = value - lo[v];
    if (from <= 0) {
      return true;
    }
    if (from >= size[v]) {
      clear(v);
      return false;
    }
    boolean change = false;
    for (int w = base[v], end = base[v + 1]; w < end; w++) {
      long first = (long) (w - base[v]) * 64;
      long keep = from <= first ? -1L : from - first >= 64 ? 0L : -1L << (from - first);
      if ((cells[w] & ~keep) != 0) {
        set(w, cells[w] & keep);
        change = true;
      }
    }
    return !change || changed(v);
  }

  /**
   * Keeps the values {@code <= value}; false when none is left.
   *
   * @param v the variable
   * @param value the largest value to keep
   * @return false on a dead end
   */
  public boolean keepAtMost(int v, long value) {
    long to = value - lo[v];
    if (to >= size[v] - 1) {
      return true;
    }
    if (to < 0) {
      clear(v);
      return false;
    }
    boolean change = false;
    for (int w = base[v], end = base[v + 1]; w < end; w++) {
      long first = (long) (w - base[v]) * 64;
      long keep = to >= first + 63 ? -1L : to < first ? 0L : -1L >>> (63 - (to - first));
      if ((cells[w] & ~keep) != 0) {
        set(w, cells[w] & keep);
        change = true;
      }
    }
    return !change || changed(v);
  }

  /** Empties {@code v} (the caller reports the failure). */
  private void clear(int v) {
    for (int w = base[v], end = base[v + 1]; w < end; w++) {
      if (cells[w] != 0) {
        set(w, 0L);
      }
    }
  }

  /** After a change to {@code v}: false when it is empty, else the watcher hears of it. */
  private boolean changed(int v) {
    for (int w = base[v], end = base[v + 1]; w < end; w++) {
      if (cells[w] != 0) {
        watcher.changed(v);
        return true;
      }
    }
    return false;
  }

  /**
   * Sets a cell, remembering its old content for {@code undo}.
   *
   * @param cell the cell
   * @param value its new content
   */
  public void set(int cell, long value) {
    if (top == trailCell.length) {
      trailCell = Arrays.copyOf(trailCell, top * 2);
      trailOld = Arrays.copyOf(trailOld, top * 2);
    }
    trailCell[top] = cell;
    trailOld[top++] = cells[cell];
    cells[cell] = value;
  }

  /**
   * A point to come back to with {@code undo}; a constraint compares two marks to tell whether
   * anything changed between them.
   *
   * @return the mark
   */
  public int mark() {
    return top;
  }

  /** Restores every cell changed since {@code mark}. */
  void undo(int mark) {
    while (top > mark) {
      top--;
      cells[trailCell[top]] = trailOld[top];
    }
  }

  /** Forgets the trail: the current cells become the state undo returns to. */
  void commit() {
    top = 0;
  }

  long[] snapshot() {
    return cells.clone();
  }

  void restore(long[] snapshot) {
    System.arraycopy(snapshot, 0, cells, 0, cells.length);
    top = 0;
  }
}
