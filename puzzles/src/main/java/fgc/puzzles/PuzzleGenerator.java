package fgc.puzzles;

import java.util.SplittableRandom;

/**
 * Makes puzzles with exactly one solution: a random complete grid, then givens removed in random
 * order as long as the solution stays unique. The same side and seed always give the same puzzle.
 * For sides 4 and 9 every cell is tried, so the result is minimal (no given can go); for 16 and 25
 * only a bounded number of removals is tried, which keeps generation under a second and leaves a
 * well-filled puzzle that simple solvers handle.
 */
public final class PuzzleGenerator {

  /** Removal attempts for the big sides; each costs one uniqueness check. */
  private static final int ATTEMPTS_16 = 100;

  private static final int ATTEMPTS_25 = 150;

  /** Search budget for one random fill before starting afresh. */
  private static final long FILL_NODE_LIMIT = 20_000;

  private static final int FILL_RESTARTS = 1_000;

  private PuzzleGenerator() {}

  /**
   * A puzzle of the given side (4, 9, 16 or 25) with exactly one solution, determined by {@code
   * seed}.
   */
  public static Grid generate(int side, long seed) {
    Symbols.checkSide(side);
    SplittableRandom random = new SplittableRandom(seed);
    Grid puzzle = randomCompleteGrid(side, random);
    int[] order = permutation(puzzle.cellCount(), random);
    int attempts =
        switch (side) {
          case 16 -> ATTEMPTS_16;
          case 25 -> ATTEMPTS_25;
          default -> order.length;
        };
    for (int k = 0; k < attempts; k++) {
      Grid fewer = puzzle.with(order[k], 0);
      if (SolutionCounter.count(fewer, 2) == 1) {
        puzzle = fewer;
      }
    }
    return puzzle;
  }

  /**
   * Fills the diagonal boxes with random permutations (they share no row, column or box, so any
   * choice is consistent), then completes the grid by a search that tries values in random order.
   */
  static Grid randomCompleteGrid(int side, SplittableRandom random) {
    int box = (int) Math.round(Math.sqrt(side));
    for (int attempt = 0; attempt < FILL_RESTARTS; attempt++) {
      int[] cells = new int[side * side];
      for (int b = 0; b < box; b++) {
        int[] values = permutation(side, random);
        for (int k = 0; k < side; k++) {
          int row = b * box + k / box;
          int col = b * box + k % box;
          cells[row * side + col] = values[k] + 1;
        }
      }
      var filled = SolutionCounter.solveRandomly(Grid.of(side, cells), random, FILL_NODE_LIMIT);
      if (filled.isPresent()) {
        return filled.get();
      }
    }
    throw new IllegalStateException(
        "no complete " + side + "x" + side + " grid after " + FILL_RESTARTS + " random fills");
  }

  /** 0..n-1 in random order (Fisher-Yates). */
  private static int[] permutation(int n, SplittableRandom random) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
    return p;
  }
}
