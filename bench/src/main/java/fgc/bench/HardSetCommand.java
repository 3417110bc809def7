package fgc.bench;

import fgc.cache.SolverCache;
import fgc.compilation.AlgorithmSpec;
import fgc.driver.Assignments;
import fgc.driver.DecimationDriver;
import fgc.driver.ExactDriver;
import fgc.driver.SolveEvents;
import fgc.driver.SolveResult;
import fgc.puzzles.Grid;
import fgc.puzzles.HardPuzzleGenerator;
import fgc.puzzles.TrialAndError;
import fgc.solver.GeneratedAlgorithm;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code fgc bench hardset}: fgc's own hard 9x9 puzzles, made by {@link HardPuzzleGenerator}'s
 * climb towards more restarts of default decimation (on a seed of its own, or summed over four),
 * towards more candidates left open by max-product's converged beliefs from the givens (what
 * decimation has to guess among), or towards more backtracks of the exact driver (singles, hidden
 * singles and locked candidates, then branching on the fewest candidates), or towards puzzles
 * beyond trial and error of depth one ({@link TrialAndError}). Puzzle {@code i} has seed {@code
 * --seed + i}, so a set is fixed by its command and, for the decimate rating (the default), by the
 * commit: a change to default decimation or to max-product's messages changes what the climb keeps.
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
      defaultValue = "150",
      description = "Climbing steps per puzzle (default: ${DEFAULT-VALUE}).")
  int steps;

  @Option(
      names = "--rating",
      defaultValue = "decimate",
      description =
          "What the climb raises: decimate (the restarts default decimation needs with seed"
              + " 1000, at most --climb-restarts, then candidates), decimate-seeds (the same"
              + " summed over the seeds 1000 to 1003), candidates (the values max-product's"
              + " converged beliefs leave open from the givens, then the exact driver's"
              + " backtracks), backtracks (the exact driver's, then the plain search's nodes) or"
              + " trial (beyond trial and error of depth one, then its backdoors, rounds and"
              + " removals; needs tens of thousands of --steps) (default: ${DEFAULT-VALUE}).")
  String rating;

  @Option(
      names = "--climb-restarts",
      defaultValue = "" + CLIMB_RESTARTS,
      description =
          "The most restarts a decimate rating gives decimation per seed (default:"
              + " ${DEFAULT-VALUE}); raised to the solve default, 200, it tells apart what fails"
              + " at that budget, at more time per step where decimation needs many restarts.")
  int climbRestarts;

  @Option(
      names = "--cache-dir",
      paramLabel = "DIR",
      description =
          "Cache folder; default: $FGC_CACHE_DIR if set, else $XDG_CACHE_HOME/fgc if that is an "
              + "absolute path, else ~/.cache/fgc.")
  Path cacheDir;

  @Override
  public Integer call() {
    if (!List.of("decimate", "decimate-seeds", "candidates", "backtracks", "trial")
        .contains(rating)) {
      throw new IllegalArgumentException(
          "--rating must be decimate, decimate-seeds, candidates, backtracks or trial, not "
              + rating);
    }
    if (count < 0 || steps < 0) {
      throw new IllegalArgumentException("--count and --steps must be 0 or more");
    }
    if (climbRestarts < 0) {
      throw new IllegalArgumentException("--climb-restarts must be 0 or more");
    }
    GridModels gm = GridModels.forSide(9);
    ExactDriver exact = ExactDriver.withDefaults();
    GeneratedAlgorithm solver =
        new SolverCache(
                cacheDir != null ? cacheDir : SolverCache.defaultRoot(), System.err::println)
            .load(gm.model(), AlgorithmSpec.named("maxproduct"))
            .newInstance();
    PrintWriter out =
        new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
    out.println(
        "# fgc bench hardset --count "
            + count
            + " --seed "
            + seed
            + " --steps "
            + steps
            + " --rating "
            + rating
            + (climbRestarts == CLIMB_RESTARTS ? "" : " --climb-restarts " + climbRestarts)
            + ": minimal, one solution");
    for (int i = 0; i < count; i++) {
      long s = seed + i;
      Grid puzzle =
          HardPuzzleGenerator.generate(
              9,
              s,
              steps,
              switch (rating) {
                case "decimate" ->
                    g ->
                        restarts(solver, gm, g, 1, climbRestarts) * SCALE
                            + candidates(solver, gm, g);
                case "decimate-seeds" ->
                    g ->
                        restarts(solver, gm, g, CLIMB_SEEDS, climbRestarts) * SCALE
                            + candidates(solver, gm, g);
                case "candidates" ->
                    g -> candidates(solver, gm, g) * SCALE + backtracks(exact, gm, g);
                case "trial" -> TrialAndError::rating;
                default -> g -> backtracks(exact, gm, g) * SCALE + nodes(g);
              });
      out.println(
          puzzle.toLine()
              + "  # hardset("
              + s
              + ", "
              + steps
              + "): "
              + puzzle.givenCount()
              + " givens, "
              + candidates(solver, gm, puzzle)
              + " candidates, "
              + backtracks(exact, gm, puzzle)
              + " backtracks, "
              + HardPuzzleGenerator.searchNodes(puzzle)
              + " nodes"
              + trial(puzzle));
    }
    return 0;
  }

  /**
   * Ratings are a primary count times this plus a tie-break (the tie-break gives the climb a slope
   * where the primary count is flat: most often no backtracks at all).
   */
  private static final long SCALE = 1L << 32;

  /** How far trial and error of depth one gets, for the comment of a puzzle's line. */
  private static String trial(Grid puzzle) {
    TrialAndError.Result r = TrialAndError.closure(puzzle);
    return r.stuck()
        ? ", beyond trial and error of depth one"
        : ", trial and error: " + r.rounds() + (r.rounds() == 1 ? " round" : " rounds");
  }

  /** The plain search's nodes, capped below {@link #SCALE}. */
  private static long nodes(Grid puzzle) {
    return Math.min(HardPuzzleGenerator.searchNodes(puzzle), SCALE - 1);
  }

  /**
   * The values of blank cells that max-product's beliefs still allow after converging from the
   * givens (an exact zero is a value ruled out): what decimation must guess among.
   */
  private static long candidates(GeneratedAlgorithm solver, GridModels gm, Grid puzzle) {
    int[] evidence = gm.evidence(puzzle);
    solver.clearAllObserved();
    for (int i = 0; i < evidence.length; i++) {
      if (evidence[i] != Assignments.NONE) {
        solver.setObserved(i, evidence[i]);
      }
    }
    solver.reset();
    for (int s = 0; s < CONVERGE_SWEEPS && solver.update(1) >= 1e-6; s++) {
      // sweep towards the fixed point, as decimation's first convergence does (longer)
    }
    long open = 0;
    double[] belief = new double[9];
    for (int i = 0; i < evidence.length; i++) {
      if (evidence[i] == Assignments.NONE) {
        solver.marginal(i, belief);
        for (double b : belief) {
          open += b > 0.0 ? 1 : 0;
        }
      }
    }
    return open;
  }

  /**
   * The restarts default decimation needs with restart seed {@value #CLIMB_SEED} (never one of the
   * seeds a set is measured with), {@code cap} plus one when it does not solve within {@code cap},
   * summed over {@code seeds} seeds from there: one seed rewards a puzzle that seed's noise happens
   * to fail, several reward what fails on most.
   */
  private static long restarts(
      GeneratedAlgorithm solver, GridModels gm, Grid puzzle, int seeds, int cap) {
    long sum = 0;
    for (int k = 0; k < seeds; k++) {
      SolveResult r =
          DecimationDriver.withDefaults()
              .withSeed(CLIMB_SEED + k)
              .withRestarts(cap)
              .solve(solver, gm.model(), gm.evidence(puzzle), SolveEvents.NONE);
      sum += r.solved() ? r.restarts() : cap + 1;
    }
    return sum;
  }

  private static final long CLIMB_SEED = 1000;

  /** The decimate ratings' default cap on restarts per seed. */
  private static final int CLIMB_RESTARTS = 20;

  /** Seeds the decimate-seeds rating sums over. */
  private static final int CLIMB_SEEDS = 4;

  /** Sweeps allowed to reach the fixed point when counting candidates. */
  private static final int CONVERGE_SWEEPS = 50;

  /** The exact driver's backtracks on {@code puzzle}: 0 when propagation alone solves it. */
  private static long backtracks(ExactDriver exact, GridModels gm, Grid puzzle) {
    return exact.solve(null, gm.model(), gm.evidence(puzzle), SolveEvents.NONE).backtracks();
  }
}
