package fgc.bench;

import fgc.cache.SolverCache;
import fgc.cli.NumberOptions;
import fgc.cli.OutputFile;
import fgc.compilation.AlgorithmSpec;
import fgc.driver.DecimationDriver;
import fgc.driver.Driver;
import fgc.driver.Drivers;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code fgc bench}: the corpora x algorithms x drivers matrix, a summary table, per-puzzle rows
 * and charts.
 */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = {
      "Run every corpus with every algorithm and driver; print a summary table.",
      "Corpora default to easy50, top95 and hardest from ../shared/puzzles, else the embedded "
          + "puzzles."
    },
    subcommands = {
      PeersCommand.class,
      JmhCommand.class,
      RatioCommand.class,
      CompileCommand.class,
      DecisionsCommand.class,
      CliCommand.class,
      StartupCommand.class,
      ScaleCommand.class,
      ReloadCommand.class,
      GraphicalCommand.class,
      ChartsCommand.class,
      HardSetCommand.class
    })
final class MatrixCommand implements Callable<Integer> {
  @Parameters(
      paramLabel = "CORPUS",
      arity = "0..*",
      description = "Puzzle files (default: the shared corpora).")
  List<Path> corpora = new ArrayList<>();

  @Option(
      names = "--algorithms",
      split = ",",
      paramLabel = "A",
      description = "Algorithms (default: every known one).")
  List<String> algorithms;

  @Option(
      names = "--drivers",
      split = ",",
      paramLabel = "D",
      description = "Drivers (default: every registered one).")
  List<String> drivers;

  @Option(
      names = "--time-limit-ms",
      paramLabel = "MS",
      defaultValue = "1000",
      description = "Per-puzzle time limit (default: ${DEFAULT-VALUE}).")
  @NumberOptions.Range(min = 1)
  long timeLimitMs;

  @Option(
      names = "--threads",
      paramLabel = "N",
      defaultValue = "2",
      description = "Puzzles solved in parallel (default: ${DEFAULT-VALUE}).")
  @NumberOptions.Range(min = 1)
  int threads;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "Write per-puzzle rows and SVG charts here.")
  Path out;

  @Option(
      names = "--format",
      paramLabel = "csv|jsonl",
      defaultValue = "csv",
      description = "Per-puzzle rows as CSV or JSON lines (default: ${DEFAULT-VALUE}).")
  String format;

  @Option(
      names = "--restarts",
      paramLabel = "N",
      description =
          "Restart budget of the decimate driver (default: the driver's own, "
              + DecimationDriver.DEFAULT_RESTARTS
              + ").")
  @NumberOptions.Range(min = 0)
  Integer restarts;

  @Option(
      names = "--noise",
      paramLabel = "SCALE",
      description = "Restart noise of the decimate driver (default: the driver's own, 0.5).")
  @NumberOptions.Range(min = 0, max = 20)
  Double noise;

  @Option(
      names = "--cache-dir",
      paramLabel = "DIR",
      description =
          "Cache folder; default: $FGC_CACHE_DIR if set, else $XDG_CACHE_HOME/fgc if that is an "
              + "absolute path, else ~/.cache/fgc.")
  Path cacheDir;

  @Override
  public Integer call() throws IOException, InterruptedException {
    if (!format.equals("csv") && !format.equals("jsonl")) {
      throw new IllegalArgumentException("--format must be csv or jsonl, not " + format);
    }
    List<String> algs = algorithms != null ? algorithms : AlgorithmSpec.knownAlgorithms();
    List<String> drvs = drivers != null ? drivers : Drivers.names();
    for (String a : algs) {
      AlgorithmSpec.named(a);
    }
    for (String d : drvs) {
      Drivers.named(d);
    }
    List<Corpus> sets = new ArrayList<>();
    for (Path p : corpora) {
      sets.add(Corpus.read(p));
    }
    if (sets.isEmpty()) {
      sets = Corpus.defaults();
    }
    int total = 0;
    for (Corpus c : sets) {
      total += c.puzzles().size() * algs.size() * drvs.size();
    }
    SolverCache cache =
        new SolverCache(
            cacheDir != null ? cacheDir : SolverCache.defaultRoot(), System.err::println);
    MatrixRunner runner = new MatrixRunner(cache, timeLimitMs, threads, this::tune);
    long start = System.nanoTime();
    List<PuzzleRow> rows;
    if (System.console() != null) {
      try (ProgressBar bar =
          new ProgressBarBuilder()
              .setTaskName("bench")
              .setInitialMax(total)
              .setConsumer(new me.tongfei.progressbar.ConsoleProgressBarConsumer(System.err))
              .build()) {
        rows = runner.run(sets, algs, drvs, row -> bar.step());
      }
    } else {
      rows = runner.run(sets, algs, drvs, plainProgress(total));
    }
    List<Summary> summaries = Summary.of(rows);
    System.out.print(Summary.table(summaries));
    System.out.printf(
        "%d runs in %.1f s on %d thread%s, time limit %d ms per puzzle%n",
        rows.size(),
        (System.nanoTime() - start) / 1e9,
        threads,
        threads == 1 ? "" : "s",
        timeLimitMs);
    if (out != null) {
      Files.createDirectories(out);
      Path file = out.resolve("puzzles." + format);
      try (OutputFile rowsFile = OutputFile.create("--out", file)) {
        try (Writer w = rowsFile.writer()) {
          if (format.equals("csv")) {
            RowWriter.csv(rows, w);
          } else {
            RowWriter.jsonLines(rows, w);
          }
        }
        rowsFile.commit();
      }
      OutputFile.writeString("--out", out.resolve("summary.txt"), Summary.table(summaries));
      Charts.write(rows, out);
      System.err.println(
          "fgc bench: wrote "
              + file
              + ", summary.txt, solve-rate.svg and time-per-grid.svg in "
              + out);
    }
    return 0;
  }

  /** The decimate driver with the budget and noise asked for; every other driver as registered. */
  private Driver tune(Driver driver) {
    if (!(driver instanceof DecimationDriver)) {
      return driver;
    }
    DecimationDriver d = (DecimationDriver) driver;
    d = restarts != null ? d.withRestarts(restarts) : d;
    return noise != null ? d.withNoise(noise) : d;
  }

  /** Off a terminal: one line per finished (corpus, algorithm, driver). */
  private static Consumer<PuzzleRow> plainProgress(int total) {
    return new Consumer<PuzzleRow>() {
      private int done;

      @Override
      public void accept(PuzzleRow row) {
        done++;
        if (done % 50 == 0 || done == total) {
          System.err.println("fgc bench: " + done + " of " + total + " runs done");
        }
      }
    };
  }
}
