package fgc.bench;

import fgc.driver.ExactDriver;
import fgc.driver.SolveEvents;
import fgc.puzzles.Grid;
import fgc.puzzles.HardPuzzleGenerator;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code fgc bench hardset}: fgc's own hard 9x9 puzzles, made by {@link HardPuzzleGenerator}'s
 * climb towards more backtracks of the exact driver (singles, hidden singles and locked candidates,
 * then branching on the fewest candidates): puzzles that propagation alone does not solve, like the
 * hardest published ones. Puzzle i has seed {@code --seed + i}, so a set is fixed by its command.
 */
@Command(
    name = "hardset",
    mixinStandardHelpOptions = true,
    description =
        "Hard 9x9 puzzles of fgc's own generator, one per line with its rating as a # comment.")
final class HardSetCommand implements Callable<Integer> {
  @Option(
      names = "--count",
      defaultValue = "100",
      description = "How many puzzles (default: ${DEFAULT-VALUE}).")
  int count;

  @Option(
      names = "--seed",
      defaultValue = "1",
      description = "Seed of the first puzzle (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--steps",
      defaultValue = "300",
      description = "Climbing steps per puzzle (default: ${DEFAULT-VALUE}).")
  int steps;

  @Override
  public Integer call() {
    if (count < 0 || steps < 0) {
      throw new IllegalArgumentException("--count and --steps must be 0 or more");
    }
    GridModels gm = GridModels.forSide(9);
    ExactDriver exact = ExactDriver.withDefaults();
    PrintWriter out = new PrintWriter(System.out, true);
    out.println(
        "# fgc bench hardset --count "
            + count
            + " --seed "
            + seed
            + " --steps "
            + steps
            + ": minimal, one solution; rated by the exact driver's backtracks, then the plain search's nodes");
    for (int i = 0; i < count; i++) {
      long s = seed + i;
      Grid puzzle = HardPuzzleGenerator.generate(9, s, steps, g -> backtracks(exact, gm, g));
      out.println(
          puzzle.toLine()
              + "  # hardset("
              + s
              + ", "
              + steps
              + "): "
              + puzzle.givenCount()
              + " givens, "
              + backtracks(exact, gm, puzzle)
              + " backtracks, "
              + HardPuzzleGenerator.searchNodes(puzzle)
              + " nodes");
    }
    return 0;
  }

  /**
   * Backtracks first; among equal backtracks (most often none), the plain search's nodes, so the
   * climb has a slope to follow before propagation starts to fail.
   */
  private static long rating(ExactDriver exact, GridModels gm, Grid puzzle) {
    long nodes = Math.min(HardPuzzleGenerator.searchNodes(puzzle), NODE_SCALE - 1);
    return backtracks(exact, gm, puzzle) * NODE_SCALE + nodes;
  }

  /** Above any node count the climb meets in practice. */
  private static final long NODE_SCALE = 1L << 32;

  /** The exact driver's backtracks on {@code puzzle}: 0 when propagation alone solves it. */
  private static long backtracks(ExactDriver exact, GridModels gm, Grid puzzle) {
    return exact.solve(null, gm.model(), gm.evidence(puzzle), SolveEvents.NONE).backtracks();
  }
}
