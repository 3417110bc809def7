package fgc.puzzles;

import java.util.SplittableRandom;
import java.util.function.ToLongFunction;

/**
 * Makes hard puzzles by hill climbing: a minimal puzzle from {@link PuzzleGenerator}, then steps
 * that move a few givens (drop one or two, add the same solution's values at random blanks until
 * the solution is unique again), make the result minimal again and keep it when a rating says it is
 * at least as hard. The solution never changes, so every step costs a few uniqueness checks. Plain
 * random minimal puzzles are far easier than the hardest published ones; the climb reaches puzzles
 * that need guessing from propagation too. The same side, seed, steps and rating always give the
 * same puzzle.
 */
public final class HardPuzzleGenerator {

  private HardPuzzleGenerator() {}

  /**
   * The rating used when none is given: the nodes {@link SolutionCounter} visits to prove the
   * solution unique (the whole search tree, so it does not depend on where the solution lies).
   *
   * @param puzzle a puzzle with one solution
   * @return its search nodes
   */
  public static long searchNodes(Grid puzzle) {
    return SolutionCounter.countWithNodes(puzzle, 2).nodes();
  }

  /**
   * A minimal puzzle with exactly one solution, climbed from {@code PuzzleGenerator.generate(side,
   * seed)} for {@code steps} steps towards higher {@code rating}.
   *
   * @param side the grid side (4 or 9: minimisation tries every cell)
   * @param seed the seed of the start and of every step
   * @param steps how many moves to try
   * @param rating how hard a puzzle is (larger is harder); called once per unique candidate
   * @return the hardest puzzle the climb kept
   */
  public static Grid generate(int side, long seed, int steps, ToLongFunction<Grid> rating) {
    if (side != 4 && side != 9) {
      throw new IllegalArgumentException("hard puzzles are made for sides 4 and 9, not " + side);
    }
    Grid best = PuzzleGenerator.generate(side, seed);
    Grid solution = SolutionCounter.solve(best).orElseThrow();
    long bestRating = rating.applyAsLong(best);
    // A stream of its own, so the start is exactly the plain generator's puzzle for this seed.
    SplittableRandom random = new SplittableRandom(seed ^ 0x5DEECE66DL);
    for (int step = 0; step < steps; step++) {
      Grid candidate = best;
      int moves = 1 + random.nextInt(2);
      for (int m = 0; m < moves; m++) {
        candidate = candidate.with(pick(candidate, random, true), 0);
      }
      // Givens of the solution at random blanks until the puzzle is unique again: a minimal
      // puzzle less a given has several solutions, and one random given rarely settles them.
      while (SolutionCounter.count(candidate, 2) != 1) {
        int k = pick(candidate, random, false);
        candidate = candidate.with(k, solution.get(k));
      }
      if (candidate.equals(best)) {
        continue;
      }
      candidate = minimise(candidate, random);
      long r = rating.applyAsLong(candidate);
      // Ties are taken too: the climb walks across plateaus instead of stopping on them.
      if (r >= bestRating) {
        best = candidate;
        bestRating = r;
      }
    }
    return best;
  }

  /** A random given ({@code given}) or blank cell of {@code grid}. */
  private static int pick(Grid grid, SplittableRandom random, boolean given) {
    while (true) {
      int k = random.nextInt(grid.cellCount());
      if ((grid.get(k) != 0) == given) {
        return k;
      }
    }
  }

  /** Drops givens in random order while the solution stays unique. */
  private static Grid minimise(Grid puzzle, SplittableRandom random) {
    int n = puzzle.cellCount();
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    for (int k : order) {
      if (puzzle.get(k) != 0) {
        Grid fewer = puzzle.with(k, 0);
        if (SolutionCounter.count(fewer, 2) == 1) {
          puzzle = fewer;
        }
      }
    }
    return puzzle;
  }
}
