package fgc.bench;

import fgc.cache.SolverCache;
import fgc.compilation.AlgorithmSpec;
import fgc.driver.DecimationDriver;
import fgc.driver.ExactDriver;
import fgc.driver.SolveEvents;
import fgc.driver.SolveResult;
import fgc.puzzles.Grid;
import fgc.solver.GeneratedAlgorithm;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code fgc bench decisions}: how confident decimation is when it first goes wrong. For each
 * puzzle of a corpus, the exact driver gives the solution; one decimation attempt (no restart) of
 * each algorithm runs, and the first decision that disagrees with the solution is recorded with its
 * margin (best minus second-best belief; exactly 1 for a point mass, every other value ruled out)
 * and its rank among the decisions.
 */
@Command(
    name = "decisions",
    mixinStandardHelpOptions = true,
    description =
        "Margin of decimation's first wrong decision, per algorithm (one attempt, no restart).")
final class DecisionsCommand implements Callable<Integer> {
  @Option(
      names = "--corpus",
      paramLabel = "FILE",
      description = "Puzzle file (default: top95 from ../shared/puzzles).")
  Path corpus;

  @Option(
      names = "--algorithms",
      split = ",",
      paramLabel = "A",
      defaultValue = "maxproduct,sumproduct",
      description = "Algorithms (default: ${DEFAULT-VALUE}).")
  List<String> algorithms;

  @Option(
      names = "--cache-dir",
      paramLabel = "DIR",
      description =
          "Cache folder; default: $FGC_CACHE_DIR if set, else $XDG_CACHE_HOME/fgc if that is an "
              + "absolute path, else ~/.cache/fgc.")
  Path cacheDir;

  @Override
  public Integer call() {
    Corpus set = corpus != null ? Corpus.read(corpus) : PeersCommand.topCorpus();
    List<Grid> puzzles = set.puzzles();
    GridModels gm = GridModels.forSide(puzzles.get(0).side());
    SolverCache cache =
        new SolverCache(
            cacheDir != null ? cacheDir : SolverCache.defaultRoot(), System.err::println);
    ExactDriver exact = ExactDriver.withDefaults();
    int[][] solutions = new int[puzzles.size()][];
    for (int i = 0; i < puzzles.size(); i++) {
      SolveResult r = exact.solve(null, gm.model(), gm.evidence(puzzles.get(i)));
      solutions[i] = r.solved() ? r.values() : null;
    }
    System.out.println(
        "corpus "
            + set.name()
            + ": one decimation attempt per puzzle (restarts 0), first wrong decision");
    System.out.printf(
        Locale.ROOT,
        "%-12s %8s %8s %10s %12s %12s %12s %10s %14s%n",
        "algorithm",
        "puzzles",
        "solved",
        "went wrong",
        "margin p10",
        "margin med",
        "margin p90",
        "margin 1.0",
        "decision med");
    for (String algorithm : algorithms) {
      GeneratedAlgorithm solver =
          cache.load(gm.model(), AlgorithmSpec.named(algorithm)).newInstance();
      DecimationDriver driver = DecimationDriver.withDefaults().withRestarts(0);
      double[] margins = new double[puzzles.size()];
      double[] ranks = new double[puzzles.size()];
      int wrong = 0;
      int solved = 0;
      int certain = 0;
      for (int i = 0; i < puzzles.size(); i++) {
        if (solutions[i] == null) {
          continue;
        }
        FirstWrong watch = new FirstWrong(solutions[i]);
        solved +=
            driver.solve(solver, gm.model(), gm.evidence(puzzles.get(i)), watch).solved() ? 1 : 0;
        if (watch.rank >= 0) {
          margins[wrong] = watch.margin;
          ranks[wrong] = watch.rank;
          certain += watch.margin == 1.0 ? 1 : 0;
          wrong++;
        }
      }
      double[] m = Arrays.copyOf(margins, wrong);
      double[] r = Arrays.copyOf(ranks, wrong);
      Arrays.sort(m);
      Arrays.sort(r);
      System.out.printf(
          Locale.ROOT,
          "%-12s %8d %8d %10d %12.4f %12.4f %12.4f %10d %14.0f%n",
          algorithm,
          puzzles.size(),
          solved,
          wrong,
          Summary.quantile(m, 0.1),
          Summary.quantile(m, 0.5),
          Summary.quantile(m, 0.9),
          certain,
          Summary.quantile(r, 0.5));
    }
    return 0;
  }

  /** Remembers the first decision that disagrees with the known solution. */
  private static final class FirstWrong implements SolveEvents {
    private final int[] solution;
    private int decisions;
    int rank = -1;
    double margin;

    FirstWrong(int[] solution) {
      this.solution = solution;
    }

    @Override
    public void decision(int variable, int value, double margin, boolean sampled) {
      if (rank < 0 && value != solution[variable]) {
        rank = decisions;
        this.margin = margin;
      }
      decisions++;
    }
  }
}
