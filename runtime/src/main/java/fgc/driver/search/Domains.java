package fgc.driver.search;

import java.util.Arrays;

/**
 * The search state: each variable's remaining values as a bitset (value {@code lo + i} is bit
 * {@code i}), followed by the cells constraints keep for themselves (compact-table words), all in
 * one {@code long[]} with a trail of old contents, so undoing a branch restores exactly the cells
 * it changed. Every change to a variable's values is reported to {@link #watcher}, which schedules
 * the constraints on it.
 */
final class Domains {
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
   */
  int reserve(int count) {
    int first = cells.length;
    cells = Arrays.copyOf(cells, first + count);
    return first;
  }

  // ---- Reading -------------------------------------------------------------------------------

  /** The first cell of {@code v}'s bitset. */
  int firstCell(int v) {
    return base[v];
  }

  /** The cells (longs) of {@code v}'s bitset. */
  int cellCount(int v) {
    return base[v + 1] - base[v];
  }

  int lo(int v) {
    return lo[v];
  }

  /** Values in the declared domain (present or not). */
  int size(int v) {
    return size[v];
  }

  /** The value that index {@code i} of {@code v} stands for. */
  int value(int v, int i) {
    return lo[v] + i;
  }

  boolean has(int v, int i) {
    return i >= 0 && i < size[v] && (cells[base[v] + (i >>> 6)] & (1L << i)) != 0;
  }

  /** Whether value {@code value} (not an index) is still possible for {@code v}. */
  boolean hasValue(int v, long value) {
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

  boolean fixed(int v) {
    int n = 0;
    for (int w = base[v], end = base[v + 1]; w < end && n < 2; w++) {
      n += Long.bitCount(cells[w]);
    }
    return n == 1;
  }

  /** The smallest index present (the domain is never empty while the search reads it). */
  int min(int v) {
    return next(v, 0);
  }

  int max(int v) {
    for (int w = base[v + 1] - 1; w >= base[v]; w--) {
      if (cells[w] != 0) {
        return (w - base[v]) * 64 + 63 - Long.numberOfLeadingZeros(cells[w]);
      }
    }
    return -1;
  }

  /** The smallest index at least {@code from} that is present, or -1. */
  int next(int v, int from) {
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

  /** Removes index {@code i}; false when the domain is left empty. */
  boolean remove(int v, int i) {
    if (!has(v, i)) {
      return true;
    }
    int w = base[v] + (i >>> 6);
    set(w, cells[w] & ~(1L << i));
    return changed(v);
  }

  /** Removes value {@code value} (not an index) if present; false when the domain is left empty. */
  boolean removeValue(int v, long value) {
    long i = value - lo[v];
    return i < 0 || i >= size[v] || remove(v, (int) i);
  }

  /** Keeps index {@code i} alone; false when it was not present. */
  boolean assign(int v, int i) {
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

  /** Keeps the values {@code >= value} (a value, not an index); false when none is left. */
  boolean keepAtLeast(int v, long value) {
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

  /** Keeps the values {@code <= value}; false when none is left. */
  boolean keepAtMost(int v, long value) {
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

  /** Sets a cell, remembering its old content for {@link #undo}. */
  void set(int cell, long value) {
    if (top == trailCell.length) {
      trailCell = Arrays.copyOf(trailCell, top * 2);
      trailOld = Arrays.copyOf(trailOld, top * 2);
    }
    trailCell[top] = cell;
    trailOld[top++] = cells[cell];
    cells[cell] = value;
  }

  /** A point to come back to with {@link #undo}. */
  int mark() {
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
