package fgc.driver.search;

/**
 * The states of a search over any finite model: one set of {@link Domains} (each variable's values
 * as a bitset of as many words as it needs, then the constraints' own cells), changed in place and
 * restored through its trail, so a level costs only what its branch changed. A value's index is its
 * offset from the variable's lowest value.
 *
 * <p>Branching is on the open variable with the fewest values left (ties: the one on most
 * constraints, then the lowest index, so runs are repeatable), values lowest first.
 */
final class TrailedState extends SearchState {
  final Domains d;
  private final long[] start;

  /** Per variable, the constraints on it: the tie-break of {@link #open}. */
  private final int[] degree;

  /** Per level: its trail mark and the index it tried last. */
  private final int[] mark;

  private final int[] lastTried;

  TrailedState(Problem problem) {
    super(problem.variables());
    this.d = problem.initial;
    this.start = d.snapshot();
    this.degree = new int[variables];
    for (int v = 0; v < variables; v++) {
      degree[v] = problem.on[v].length;
    }
    this.mark = new int[variables + 1];
    this.lastTried = new int[variables + 1];
  }

  @Override
  long[] reset() {
    d.restore(start);
    return d.cells;
  }

  @Override
  boolean give(long[] s, int v, int value) {
    long i = (long) value - d.lo(v);
    return i >= 0 && i < d.size(v) && d.assign(v, (int) i);
  }

  @Override
  int open(long[] s, int depth) {
    int v = fewestValues(degree);
    if (v >= 0) {
      mark[depth] = d.mark();
      lastTried[depth] = -1;
    }
    return v;
  }

  /**
   * The open variable with the fewest values (ties: largest {@code degree}, then lowest index), or
   * -1 when all are fixed.
   */
  int fewestValues(int[] degree) {
    int best = -1;
    int bestCount = Integer.MAX_VALUE;
    for (int v = 0; v < d.variables; v++) {
      int c = d.count(v);
      if (c > 1 && (c < bestCount || (c == bestCount && degree[v] > degree[best]))) {
        best = v;
        bestCount = c;
      }
    }
    return best;
  }

  @Override
  int nextValue(long[] s, int depth, int v) {
    int next = d.next(v, lastTried[depth] + 1);
    lastTried[depth] = next;
    return next;
  }

  /** Marks where level {@code depth} starts, for a search that opens its levels itself. */
  void opened(int depth) {
    mark[depth] = d.mark();
  }

  @Override
  long[] level(int depth) {
    d.undo(mark[depth]);
    return d.cells;
  }

  @Override
  long[] child(int depth) {
    return d.cells;
  }

  @Override
  void fix(long[] s, int v, int i) {
    d.assign(v, i);
  }

  @Override
  int value(int v, int i) {
    return d.value(v, i);
  }

  @Override
  int[] values(long[] s) {
    int[] values = new int[d.variables];
    for (int v = 0; v < values.length; v++) {
      values[v] = d.value(v, d.min(v));
    }
    return values;
  }
}
