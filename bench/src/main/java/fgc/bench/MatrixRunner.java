package fgc.bench;

import fgc.cache.LoadedSolver;
import fgc.cache.SolverCache;
import fgc.compilation.AlgorithmSpec;
import fgc.driver.Driver;
import fgc.driver.Drivers;
import fgc.driver.SolveResult;
import fgc.puzzles.Grid;
import fgc.puzzles.GridValidator;
import fgc.solver.GeneratedAlgorithm;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * Runs every puzzle of every corpus with every (algorithm, driver) pair, on {@code threads}
 * threads, each with its own driver and solver instances. A row counts as solved only when the grid
 * passes {@link GridValidator}.
 */
final class MatrixRunner {
  private final SolverCache cache;
  private final long limitNanos;
  private final int threads;
  private final UnaryOperator<Driver> tuning;
  private final Map<String, LoadedSolver> loaded = new HashMap<>();
  private final Map<Integer, GridModels> models = new HashMap<>();
  private final ThreadLocal<Map<String, Object>> perThread = ThreadLocal.withInitial(HashMap::new);

  MatrixRunner(SolverCache cache, long limitMillis, int threads) {
    this(cache, limitMillis, threads, UnaryOperator.identity());
  }

  /**
   * {@code tuning} adjusts each driver after {@link Drivers#named} made it (the decimate driver's
   * restarts, noise).
   */
  MatrixRunner(SolverCache cache, long limitMillis, int threads, UnaryOperator<Driver> tuning) {
    this.tuning = tuning;
    this.cache = cache;
    this.limitNanos = limitMillis * 1_000_000L;
    this.threads = threads;
  }

  /**
   * Every row, in corpus, algorithm, driver, puzzle order; {@code done} hears each as it finishes.
   */
  List<PuzzleRow> run(
      List<Corpus> corpora, List<String> algorithms, List<String> drivers, Consumer<PuzzleRow> done)
      throws InterruptedException {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<PuzzleRow>> futures = new ArrayList<>();
      for (Corpus corpus : corpora) {
        for (String algorithm : algorithms) {
          for (String driver : drivers) {
            for (int i = 0; i < corpus.puzzles().size(); i++) {
              Grid puzzle = corpus.puzzles().get(i);
              int index = i;
              String failure = prepare(algorithm, puzzle.side());
              futures.add(
                  pool.submit(
                      () -> {
                        PuzzleRow row =
                            failure != null
                                ? new PuzzleRow(
                                    corpus.name(),
                                    index,
                                    algorithm,
                                    driver,
                                    PuzzleRow.Outcome.ERROR,
                                    0,
                                    0,
                                    0,
                                    0,
                                    0,
                                    0)
                                : solveOne(corpus.name(), index, puzzle, algorithm, driver);
                        synchronized (done) {
                          done.accept(row);
                        }
                        return row;
                      }));
            }
          }
        }
      }
      List<PuzzleRow> rows = new ArrayList<>(futures.size());
      for (Future<PuzzleRow> f : futures) {
        try {
          rows.add(f.get());
        } catch (ExecutionException e) {
          throw new IllegalStateException("bench worker failed: " + e.getCause(), e.getCause());
        }
      }
      return rows;
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Compiles (or finds in the cache) the solver of {@code algorithm} for grids of {@code side}; the
   * reason when it cannot.
   */
  private String prepare(String algorithm, int side) {
    String key = algorithm + "/" + side;
    if (loaded.containsKey(key)) {
      return loaded.get(key) == null ? "unavailable" : null;
    }
    try {
      GridModels gm = models.computeIfAbsent(side, GridModels::forSide);
      loaded.put(key, cache.load(gm.model(), AlgorithmSpec.named(algorithm)));
      return null;
    } catch (RuntimeException e) {
      System.err.println(
          "fgc bench: "
              + algorithm
              + " cannot take "
              + side
              + "x"
              + side
              + " grids: "
              + e.getMessage());
      loaded.put(key, null);
      return e.getMessage();
    }
  }

  private PuzzleRow solveOne(
      String corpus, int index, Grid puzzle, String algorithm, String driverName) {
    GridModels gm = models.get(puzzle.side());
    Map<String, Object> mine = perThread.get();
    String solverKey = algorithm + "/" + puzzle.side();
    GeneratedAlgorithm solver =
        (GeneratedAlgorithm) mine.computeIfAbsent(solverKey, k -> loaded.get(k).newInstance());
    Driver driver =
        (Driver)
            mine.computeIfAbsent(
                "driver/" + driverName + "/" + solverKey,
                k -> tuning.apply(BenchPropagators.generatingIfExact(Drivers.named(driverName))));
    int[] evidence = gm.evidence(puzzle);
    long start = System.nanoTime();
    SolveResult result;
    try {
      result = driver.solve(solver, gm.model(), evidence, new Deadline(limitNanos));
    } catch (Deadline.Reached e) {
      double ms = (System.nanoTime() - start) / 1e6;
      return new PuzzleRow(
          corpus, index, algorithm, driverName, PuzzleRow.Outcome.TIME_LIMIT, ms, 0, 0, 0, 0, 0);
    }
    double ms = (System.nanoTime() - start) / 1e6;
    PuzzleRow.Outcome outcome = PuzzleRow.Outcome.of(result.status());
    if (result.solved()
        && !GridValidator.check(puzzle, gm.grid(puzzle.side(), result.values())).valid()) {
      outcome = PuzzleRow.Outcome.INVALID_ANSWER;
    }
    return new PuzzleRow(
        corpus,
        index,
        algorithm,
        driverName,
        outcome,
        ms,
        result.sweeps(),
        result.decisions(),
        result.restarts(),
        result.backtracks(),
        result.conflicts());
  }
}
