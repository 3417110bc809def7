package fgc.bench;

import fgc.bench.peers.ChocoPeer;
import fgc.bench.peers.FgcExactPeer;
import fgc.bench.peers.PeerSolver;
import fgc.bench.peers.Sat4jPeer;
import fgc.bench.peers.Z3Peer;
import fgc.cache.SolverCache;
import fgc.cli.NumberOptions;
import fgc.compilation.AlgorithmSpec;
import fgc.driver.ExactDriver;
import fgc.driver.SolveResult;
import fgc.puzzles.Grid;
import fgc.puzzles.GridValidator;
import fgc.solver.GeneratedAlgorithm;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code fgc bench peers}: fgc's exact driver next to Choco-solver, Sat4j and Z3 in one JVM, on one
 * corpus, in puzzles per CPU-second of the measuring thread (first solution, then count to 2), as
 * the median of several rounds that visit the solvers in turn. A solver's answers are checked with
 * {@link GridValidator} in a first, untimed round. Then the nodes per puzzle of
 * minimum-remaining-values branching against marginal-guided branching.
 */
@Command(
    name = "peers",
    mixinStandardHelpOptions = true,
    description =
        "Exact driver vs Choco-solver, Sat4j and Z3: puzzles per CPU-second on one corpus "
            + "(default top95).")
final class PeersCommand implements Callable<Integer> {
  @Option(
      names = "--corpus",
      paramLabel = "FILE",
      description = "Puzzle file (default: top95 from ../shared/puzzles).")
  Path corpus;

  @Option(
      names = "--rounds",
      paramLabel = "N",
      defaultValue = "5",
      description = "Timed rounds per solver (default: ${DEFAULT-VALUE}).")
  @NumberOptions.Range(min = 1)
  int rounds;

  @Option(
      names = "--fgc-rounds",
      paramLabel = "N",
      defaultValue = "200",
      description =
          "fgc passes over the corpus per timed round, so a round lasts long enough to time "
              + "(default: ${DEFAULT-VALUE}).")
  @NumberOptions.Range(min = 1)
  int fgcRepeats;

  @Option(
      names = "--cache-dir",
      paramLabel = "DIR",
      description = "Cache folder for the marginal-guided runs.")
  Path cacheDir;

  private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();

  @Override
  public Integer call() {
    Corpus set = corpus != null ? Corpus.read(corpus) : topCorpus();
    List<Grid> puzzles = set.puzzles();
    List<PeerSolver> solvers =
        new ArrayList<>(
            List.of(
                new FgcExactPeer(true), new FgcExactPeer(false), new ChocoPeer(), new Sat4jPeer()));
    try {
      solvers.add(new Z3Peer());
    } catch (UnsatisfiedLinkError | RuntimeException e) {
      System.err.println("fgc bench: Z3 is not available here: " + e);
    }
    System.out.println(
        "corpus "
            + set.name()
            + ": "
            + puzzles.size()
            + " puzzles; "
            + rounds
            + " timed rounds after one checked round");
    for (PeerSolver s : solvers) {
      check(s, puzzles);
    }
    for (int limit : new int[] {1, 2}) {
      double[][] rates = new double[solvers.size()][rounds];
      for (int round = 0; round < rounds; round++) {
        for (int i = 0; i < solvers.size(); i++) {
          int repeats = solvers.get(i) instanceof FgcExactPeer ? fgcRepeats : 1;
          rates[i][round] = perCpuSecond(solvers.get(i), puzzles, limit, repeats);
        }
      }
      System.out.println();
      System.out.println(limit == 1 ? "first solution:" : "count to 2 (uniqueness):");
      System.out.printf(
          Locale.ROOT,
          "%-42s %16s %12s %18s%n",
          "solver",
          "puzzles/CPU-s",
          "(min..max)",
          "fgc exact is x faster");
      double reference = median(rates[0]);
      for (int i = 0; i < solvers.size(); i++) {
        double m = median(rates[i]);
        System.out.printf(
            Locale.ROOT,
            "%-42s %16.0f %12s %17.1fx%n",
            solvers.get(i).name(),
            m,
            String.format(Locale.ROOT, "%.0f..%.0f", min(rates[i]), max(rates[i])),
            reference / m);
      }
    }
    for (PeerSolver s : solvers) {
      s.close();
    }
    branching(puzzles);
    return 0;
  }

  static Corpus topCorpus() {
    Path dir = Corpus.sharedPuzzles();
    if (dir == null || !dir.resolve("top95.txt").toFile().isFile()) {
      throw new IllegalArgumentException(
          "no top95.txt in a shared/puzzles folder; give --corpus FILE");
    }
    return Corpus.read(dir.resolve("top95.txt"));
  }

  /** Solves every puzzle once and checks each answer; a wrong answer stops the run. */
  private static void check(PeerSolver solver, List<Grid> puzzles) {
    int solved = 0;
    for (Grid p : puzzles) {
      Grid answer = solver.solve(p);
      if (answer != null) {
        GridValidator.Verdict verdict = GridValidator.check(p, answer);
        if (!verdict.valid()) {
          throw new IllegalStateException(
              solver.name() + " gave a wrong answer to " + p.toLine() + ": " + verdict.reason());
        }
        solved++;
      }
    }
    System.out.println(
        solver.name() + ": " + solved + " of " + puzzles.size() + " solved, every answer valid");
  }

  private double perCpuSecond(PeerSolver solver, List<Grid> puzzles, int limit, int repeats) {
    long start = threads.getCurrentThreadCpuTime();
    long sink = 0;
    for (int r = 0; r < repeats; r++) {
      for (Grid p : puzzles) {
        sink += solver.count(p, limit);
      }
    }
    long nanos = threads.getCurrentThreadCpuTime() - start;
    if (sink != (long) repeats * puzzles.size() * 1 && limit == 1) {
      System.err.println("fgc bench: " + solver.name() + " found no solution for some puzzles");
    }
    return repeats * puzzles.size() / (nanos / 1e9);
  }

  /** Nodes per puzzle: minimum remaining values against marginals of each algorithm. */
  private void branching(List<Grid> puzzles) {
    SolverCache cache =
        new SolverCache(
            cacheDir != null ? cacheDir : SolverCache.defaultRoot(), System.err::println);
    GridModels gm = GridModels.forSide(puzzles.get(0).side());
    System.out.println();
    System.out.println("branching (locked candidates on), nodes per puzzle:");
    System.out.printf(
        Locale.ROOT, "%-40s %8s %8s %8s %12s%n", "branching", "mean", "median", "max", "ms/puzzle");
    report(
        "minimum remaining values",
        BenchPropagators.generating(ExactDriver.withDefaults().withLockedCandidates(true)),
        null,
        gm,
        puzzles);
    for (String algorithm : AlgorithmSpec.knownAlgorithms()) {
      GeneratedAlgorithm solver;
      try {
        solver = cache.load(gm.model(), AlgorithmSpec.named(algorithm)).newInstance();
      } catch (RuntimeException e) {
        System.err.println("fgc bench: " + algorithm + ": " + e.getMessage());
        continue;
      }
      for (int depth : new int[] {1, 4, 81}) {
        report(
            "marginals of " + algorithm + ", depth " + depth,
            BenchPropagators.generating(ExactDriver.withDefaults().withLockedCandidates(true))
                .guidedByMarginals(depth, 20),
            solver,
            gm,
            puzzles);
      }
    }
  }

  private static void report(
      String label,
      ExactDriver driver,
      GeneratedAlgorithm solver,
      GridModels gm,
      List<Grid> puzzles) {
    double[] nodes = new double[puzzles.size()];
    long start = System.nanoTime();
    for (int i = 0; i < puzzles.size(); i++) {
      SolveResult r = driver.solve(solver, gm.model(), gm.evidence(puzzles.get(i)));
      if (!r.solved()
          || !GridValidator.check(puzzles.get(i), gm.grid(puzzles.get(i).side(), r.values()))
              .valid()) {
        throw new IllegalStateException(label + " failed on " + puzzles.get(i).toLine());
      }
      nodes[i] = r.decisions();
    }
    double ms = (System.nanoTime() - start) / 1e6 / puzzles.size();
    Arrays.sort(nodes);
    System.out.printf(
        Locale.ROOT,
        "%-40s %8.1f %8.1f %8.0f %12.3f%n",
        label,
        Arrays.stream(nodes).average().orElse(0),
        Summary.quantile(nodes, 0.5),
        nodes[nodes.length - 1],
        ms);
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return Summary.quantile(sorted, 0.5);
  }

  private static double min(double[] values) {
    return Arrays.stream(values).min().orElse(0);
  }

  private static double max(double[] values) {
    return Arrays.stream(values).max().orElse(0);
  }
}
