package fgc.puzzles;

import java.util.Optional;
import java.util.SplittableRandom;

/**
 * A small exact backtracking solver: bitmask candidates per row, column and box, and the blank cell
 * with the fewest candidates tried first. It exists to check puzzles (tests, generator), so it
 * stays simple and independent of the product's fast solver.
 */
public final class SolutionCounter {

  private SolutionCounter() {}

  /**
   * The number of solutions of {@code puzzle}, counting no further than {@code limit} (at least 1).
   */
  public static int count(Grid puzzle, int limit) {
    return countWithNodes(puzzle, limit).solutions();
  }

  /**
   * Like {@link #count}, with the effort: the search nodes visited (one per cell assignment tried,
   * plus the root), a measure of how hard the puzzle is for plain backtracking.
   */
  public static Count countWithNodes(Grid puzzle, int limit) {
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be at least 1, not " + limit);
    }
    Search search = new Search(puzzle, limit, null, Long.MAX_VALUE);
    search.run();
    return new Count(search.found, search.nodes);
  }

  /** How many solutions a search found (up to its limit) and how many nodes it visited. */
  public static final class Count {
    private final int solutions;
    private final long nodes;

    Count(int solutions, long nodes) {
      this.solutions = solutions;
      this.nodes = nodes;
    }

    public int solutions() {
      return solutions;
    }

    public long nodes() {
      return nodes;
    }
  }

  /** A solution of {@code puzzle}, or empty if it has none. */
  public static Optional<Grid> solve(Grid puzzle) {
    Search search = new Search(puzzle, 1, null, Long.MAX_VALUE);
    search.run();
    return Optional.ofNullable(search.firstSolution());
  }

  /**
   * A solution found trying values in random order, or empty if there is none or the search visited
   * more than {@code nodeLimit} nodes; the generator restarts on the latter, because a random fill
   * occasionally wanders into a long dead end.
   */
  static Optional<Grid> solveRandomly(Grid puzzle, SplittableRandom random, long nodeLimit) {
    Search search = new Search(puzzle, 1, random, nodeLimit);
    search.run();
    return Optional.ofNullable(search.firstSolution());
  }

  /** The mutable state of one search; never shared. */
  private static final class Search {
    private final int side;
    private final int[] cells;
    private final int[] rowUsed;
    private final int[] colUsed;
    private final int[] boxUsed;
    private final int[] boxOf;
    private final int full;
    private final int limit;
    private final SplittableRandom random;
    private final long nodeLimit;
    private final boolean consistent;
    private long nodes;
    private int found;
    private int[] first;

    Search(Grid puzzle, int limit, SplittableRandom random, long nodeLimit) {
      this.side = puzzle.side();
      this.cells = puzzle.cells();
      this.rowUsed = new int[side];
      this.colUsed = new int[side];
      this.boxUsed = new int[side];
      this.boxOf = new int[cells.length];
      this.full = (1 << side) - 1;
      this.limit = limit;
      this.random = random;
      this.nodeLimit = nodeLimit;
      int box = puzzle.boxSize();
      boolean ok = true;
      for (int i = 0; i < cells.length; i++) {
        int r = i / side;
        int c = i % side;
        boxOf[i] = (r / box) * box + c / box;
        int v = cells[i];
        if (v != 0) {
          int bit = 1 << (v - 1);
          if (((rowUsed[r] | colUsed[c] | boxUsed[boxOf[i]]) & bit) != 0) {
            ok = false;
          }
          rowUsed[r] |= bit;
          colUsed[c] |= bit;
          boxUsed[boxOf[i]] |= bit;
        }
      }
      this.consistent = ok;
    }

    void run() {
      if (consistent) {
        search();
      }
    }

    Grid firstSolution() {
      return first == null ? null : Grid.of(side, first);
    }

    /** Returns false once the search must stop (limit reached or node budget spent). */
    private boolean search() {
      if (++nodes > nodeLimit) {
        return false;
      }
      int best = -1;
      int bestCandidates = 0;
      int bestCount = Integer.MAX_VALUE;
      for (int i = 0; i < cells.length; i++) {
        if (cells[i] != 0) {
          continue;
        }
        int candidates = full & ~(rowUsed[i / side] | colUsed[i % side] | boxUsed[boxOf[i]]);
        int n = Integer.bitCount(candidates);
        if (n < bestCount) {
          best = i;
          bestCandidates = candidates;
          bestCount = n;
          if (n <= 1) {
            break;
          }
        }
      }
      if (best < 0) {
        found++;
        if (first == null) {
          first = cells.clone();
        }
        return found < limit;
      }
      if (bestCount == 0) {
        return true;
      }
      int[] order = order(bestCandidates, bestCount);
      int r = best / side;
      int c = best % side;
      int b = boxOf[best];
      for (int bit : order) {
        cells[best] = Integer.numberOfTrailingZeros(bit) + 1;
        rowUsed[r] |= bit;
        colUsed[c] |= bit;
        boxUsed[b] |= bit;
        boolean go = search();
        rowUsed[r] &= ~bit;
        colUsed[c] &= ~bit;
        boxUsed[b] &= ~bit;
        cells[best] = 0;
        if (!go) {
          return false;
        }
      }
      return true;
    }

    /** The candidate bits, lowest first, or shuffled when searching randomly. */
    private int[] order(int candidates, int n) {
      int[] bits = new int[n];
      for (int k = 0; k < n; k++) {
        bits[k] = Integer.lowestOneBit(candidates);
        candidates &= candidates - 1;
      }
      if (random != null) {
        for (int k = n - 1; k > 0; k--) {
          int j = random.nextInt(k + 1);
          int t = bits[k];
          bits[k] = bits[j];
          bits[j] = t;
        }
      }
      return bits;
    }
  }
}
