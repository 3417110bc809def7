package fgc.bench.peers;

import fgc.puzzles.Grid;

/**
 * A peer that answers both questions with one search: find up to {@code limit} solutions, keep the
 * first.
 */
abstract class SearchingPeer implements PeerSolver {
  /** What one search found. */
  static final class Found {
    int count;
    Grid first;

    void add(int side, int[] values) {
      if (count == 0) {
        first = Grid.of(side, values);
      }
      count++;
    }
  }

  abstract Found search(Grid puzzle, int limit);

  @Override
  public final Grid solve(Grid puzzle) {
    return search(puzzle, 1).first;
  }

  @Override
  public final int count(Grid puzzle, int limit) {
    return search(puzzle, limit).count;
  }
}
