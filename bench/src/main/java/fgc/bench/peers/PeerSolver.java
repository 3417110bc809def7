package fgc.bench.peers;

import fgc.puzzles.Grid;

/** An exact Sudoku solver for the side-by-side comparison. One instance per thread. */
public interface PeerSolver extends AutoCloseable {
  String name();

  /** A solution of {@code puzzle}, or null when it has none. */
  Grid solve(Grid puzzle);

  /** How many solutions {@code puzzle} has, counting no further than {@code limit}. */
  int count(Grid puzzle, int limit);

  @Override
  default void close() {}
}
