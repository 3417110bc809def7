package fgc.cli;

import fgc.algorithm.GeneratedAlgorithm;
import fgc.driver.DecimationDriver;
import fgc.driver.Driver;
import fgc.driver.Drivers;
import fgc.driver.IterativeDriver;
import fgc.driver.SolveEvents;
import fgc.driver.SolveResult;
import fgc.model.Model;
import fgc.puzzles.EmbeddedPuzzles;
import fgc.puzzles.Grid;
import fgc.puzzles.GridValidator;
import fgc.puzzles.PuzzleReader;
import fgc.runtime.Batch;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Solves puzzles one by one as they stream in, writing each result as soon as it is known, so a bad
 * line or an interrupted run never costs the lines before it.
 */
@Command(
    name = "solve",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Solve grid puzzles with a compiled solver and a driver; one output line per input puzzle.",
      "--explain adds, before each line, the driver's decisions as # comments (the output stays a puzzle file)."
    },
    footer = {
      "",
      "Exit codes: 0 all solved, 1 some not solved, 2 usage or input errors, 130 interrupted."
    })
final class SolveCommand implements Callable<Integer> {
  @Option(
      names = "--input",
      paramLabel = "FILE|-",
      description = "Puzzle file, or - for standard input (default: the embedded puzzles).")
  String input;

  @Option(
      names = "--output",
      paramLabel = "FILE",
      description = "Write results here instead of standard output.")
  Path output;

  @Option(
      names = "--model",
      paramLabel = "NAME|FILE.fg",
      defaultValue = "sudoku",
      description = "Bundled model name or model file (default: ${DEFAULT-VALUE}).")
  String model;

  @Option(
      names = "--driver",
      paramLabel = "NAME",
      completionCandidates = DriverNames.class,
      description = "Driver: ${COMPLETION-CANDIDATES} (default: the first).")
  String driverName;

  @Option(
      names = "--restarts",
      paramLabel = "N",
      defaultValue = "" + DecimationDriver.DEFAULT_RESTARTS,
      description = "Restart budget of decimate (default: ${DEFAULT-VALUE}).")
  @NumberOptions.Range(min = 0)
  int restarts;

  @Option(
      names = "--seed",
      paramLabel = "S",
      defaultValue = "1",
      description = "Seed of decimate's restart noise (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--noise",
      paramLabel = "SCALE",
      description =
          "Scale of decimate's log-uniform restart noise on starting messages, 0 to 20 (default: 0.5).")
  @NumberOptions.Range(min = 0, max = 20)
  Double noise;

  @Option(
      names = "--learn",
      negatable = true,
      defaultValue = "false",
      fallbackValue = "true",
      description =
          "Decimate's restarts avoid the last unforced decision before each contradiction (default: off).")
  boolean learn;

  @Option(
      names = "--fewest-first",
      negatable = true,
      defaultValue = "false",
      fallbackValue = "true",
      description =
          "Decimate breaks exact ties in margin towards the variable with the fewest values left (default: off).")
  boolean fewestFirst;

  @Option(
      names = "--per-round",
      paramLabel = "K",
      description = "Variables iterative fixes after each inference (default: 5).")
  @NumberOptions.Range(min = 1)
  Integer perRound;

  @Option(
      names = "--explain",
      description =
          "Before each result, the decisions with their margins, restarts and contradictions.")
  boolean explain;

  @Option(
      names = "--marginals",
      paramLabel = "FILE.svg|FILE.png",
      description =
          "Draw the marginals of one puzzle's cells from its givens (before any decision).")
  Path marginals;

  @Option(
      names = "--sweep",
      paramLabel = "K[,K...]",
      split = ",",
      hideParamSyntax = true,
      description =
          "With --marginals: draw after these sweeps, one frame each (FILE-sweepK.svg); default: after convergence.")
  @NumberOptions.Range(min = 0)
  List<Integer> sweeps = new ArrayList<>();

  @Option(
      names = "--puzzle",
      paramLabel = "N",
      defaultValue = "1",
      description =
          "With --marginals: which puzzle of the input to draw (default: ${DEFAULT-VALUE}).")
  @NumberOptions.Range(min = 1)
  int pictured;

  @Option(
      names = {"-q", "--quiet"},
      description = "No progress bar or progress lines.")
  boolean quiet;

  @Option(
      names = "--threads",
      paramLabel = "N",
      defaultValue = "1",
      description =
          "Solve N puzzles at a time, each thread with its own solver; the output stays in input order (default: ${DEFAULT-VALUE}).")
  @NumberOptions.Range(min = 1, max = 256)
  int threads;

  @Mixin ModelOptions options;

  /** The registered drivers, so a new one shows up in --help without editing it. */
  static final class DriverNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Drivers.names().iterator();
    }
  }

  /**
   * The chosen driver; decimate takes the restart budget, seed, noise, learning and tie rule,
   * iterative its K.
   */
  Driver driver() {
    Driver d = Drivers.named(driverName != null ? driverName : Drivers.names().get(0));
    if (d instanceof DecimationDriver) {
      DecimationDriver decimate =
          ((DecimationDriver) d)
              .withRestarts(restarts)
              .withSeed(seed)
              .withLearning(learn)
              .withTiesToFewestValues(fewestFirst);
      return noise == null ? decimate : decimate.withNoise(noise);
    }
    if (d instanceof IterativeDriver && perRound != null) {
      return ((IterativeDriver) d).withPerRound(perRound);
    }
    // The exact search keeps its own propagation here. Switching to the propagator generated for
    // the
    // model (ExactDriver.withGeneratedPropagation, loaded from the cache) solved top95 x 200 and
    // x 1,000 in one process with the same main-thread CPU time, and cost the JIT 0.15 to 1.1 s
    // more
    // CPU: its unrolled methods take the optimising compiler longer than the loops they replace.
    return d;
  }

  @Override
  public Integer call() throws IOException {
    long start = System.nanoTime();
    Driver driver = driver();
    Path[] inputs = inputFiles();
    if (output != null) {
      OutputFile.check("--output", output, inputs);
    }
    MarginalFrames frames =
        marginals != null ? new MarginalFrames(marginals, sweeps, inputs) : null;
    if (frames == null && !sweeps.isEmpty()) {
      throw new IllegalArgumentException(
          "--sweep chooses the frames of --marginals; give --marginals FILE.svg too");
    }
    // Any model but a Sudoku is loaded, checked and compiled here, once, before any puzzle is read:
    // its errors are the model's, reported alone.
    general = generalGrid(driver.usesAlgorithm());
    if (general != null && frames != null) {
      throw new IllegalArgumentException(
          "--marginals draws Sudoku grids; model "
              + general.model.name()
              + " is no Sudoku (fgc run "
              + model
              + " --marginals prints its marginals)");
    }
    if (general != null) {
      return solveGrids(start);
    }
    // A Sudoku: puzzles of any size, a solver per size, the Sudoku reader and checker.
    // A driver that reads no algorithm (exact) starts without loading or compiling one.
    PuzzleBinding binding =
        new PuzzleBinding(
            model,
            options.params,
            options.spec(),
            options.algorithmChosen(),
            options.cache(),
            frames != null || driver.usesAlgorithm());
    if (sudoku != null) {
      binding.withModel(sudoku);
    }
    // A model that cannot take grids is reported once, here, before any puzzle is read or written.
    binding.checkModel();
    int total = 0;
    int badInput = 0;
    int solved;
    int noSolution;
    try (PuzzleReader reader = openInput();
        OutputFile file = output != null ? OutputFile.create("--output", output, inputs) : null;
        PrintWriter out =
            new PrintWriter(file != null ? file.writer() : OutputFile.standardOutput());
        Progress progress = batchProgress(() -> countEntries(openInput()));
        InOrder results = new InOrder(out, progress, file == null)) {
      try {
        while (results.beforeReading(reader::ready) && reader.hasNext()) {
          PuzzleReader.Entry entry = reader.next();
          if (!entry.isPuzzle()) {
            badInput++;
            results.add(Outcome.echo(entry.text(), "fgc: " + entry.error()));
            continue;
          }
          total++;
          Grid puzzle = entry.grid();
          PuzzleBinding.Instance instance;
          boolean reported = binding.refused(puzzle.side());
          try {
            instance = binding.forSide(puzzle.side());
          } catch (PuzzleBinding.SizeRefused e) {
            // The model cannot take grids of this size: its puzzles are input errors, the run goes
            // on,
            // and the reason is given once, at the first of them (the summary counts them all).
            badInput++;
            results.add(
                Outcome.echo(
                    puzzle.toLine(),
                    reported
                        ? null
                        : "fgc: line "
                            + entry.line()
                            + ": "
                            + e.getMessage()
                            + "; every "
                            + e.side
                            + "x"
                            + e.side
                            + " puzzle is echoed unsolved"));
            continue;
          }
          if (frames != null && total == pictured) {
            GeneratedAlgorithm pictureSolver = instance.solver.newInstance();
            String title =
                "puzzle " + total + " (line " + entry.line() + "), " + pictureSolver.algorithm();
            for (Path written : frames.write(pictureSolver, instance, puzzle, title)) {
              progress.beforeOutput();
              System.err.println("wrote " + written);
            }
          }
          results.solve(new Job(total, entry.line(), puzzle, instance));
        }
      } catch (RuntimeException | IOException e) {
        // Reading stopped (an unreadable input, say): the puzzles read before it are still
        // answered.
        results.finishAfter(e);
        throw e;
      }
      results.finish();
      solved = results.solved;
      noSolution = results.noSolution;
      if (file != null && (total > 0 || badInput > 0)) {
        // Only a complete run replaces the file; an input without puzzles leaves it as it was.
        out.flush();
        file.commit();
      }
    }
    if (total == 0 && badInput == 0) {
      // An empty or comment-only file is almost always the wrong file: say so rather than succeed.
      System.err.println(
          "fgc: "
              + inputName()
              + " holds no puzzles"
              + (output != null ? "; " + output + " was not written" : ""));
      return 2;
    }
    if (frames != null && total < pictured) {
      System.err.println(
          "fgc: --puzzle "
              + pictured
              + " asked for a picture, but the input has "
              + total
              + " puzzles");
      badInput++;
    }
    return summary(start, solved, noSolution, total, badInput);
  }

  /**
   * The progress of this run's puzzles, which says how far it got if Ctrl-C stops it. The total is
   * known for a file and the embedded list: {@code count} reads it a second time, beside the run,
   * only when progress is shown (a quiet run keeps both cores for solving).
   */
  private Progress batchProgress(Callable<Long> count) {
    Progress.Mode mode = explain ? Progress.Mode.QUIET : Progress.Mode.of(quiet);
    Progress progress = Progress.start(mode, "solve", -1, "puzzles").onInterrupt();
    boolean counted = mode != Progress.Mode.QUIET && Progress.readableTwice(input);
    return counted ? progress.countInBackground(count) : progress;
  }

  /**
   * The entries (puzzles and bad lines, each one output line) a reader gives, counted without
   * solving any.
   */
  static long countEntries(PuzzleReader reader) {
    try (reader) {
      long n = 0;
      for (; reader.hasNext(); reader.next()) {
        n++;
      }
      return n;
    }
  }

  /**
   * The entries of the input as {@link #general}'s grids, as {@link #countEntries(PuzzleReader)}.
   */
  private long countGridEntries() throws IOException {
    try (BoundedLines lines = openLines()) {
      ModelGrid.Reader reader = general.new Reader(lines);
      long n = 0;
      while (reader.next() != null) {
        n++;
      }
      return n;
    }
  }

  /** The last line on standard error, and the exit code. */
  private static int summary(long start, int solved, int noSolution, int total, int badInput) {
    long ms = (System.nanoTime() - start) / 1_000_000;
    System.err.println(
        "solved "
            + solved
            + " of "
            + total
            + " in "
            + ms
            + " ms"
            + (noSolution > 0 ? "; no solution: " + noSolution + " of " + total : "")
            + (badInput > 0 ? "; " + badInput + " input error" + (badInput == 1 ? "" : "s") : ""));
    return badInput > 0 ? 2 : solved < total ? 1 : 0;
  }

  /**
   * The grid of a model that is no Sudoku (loaded with its params and data file), or null for a
   * Sudoku.
   */
  private ModelGrid general;

  /**
   * A Sudoku as {@link #generalGrid} loaded it with the command's params, so the binding need not
   * load it again; or null.
   */
  private Model sudoku;

  /**
   * The model's grid when it is no Sudoku, or null for a Sudoku ({@link ModelGrid#isSudoku}) given
   * without a data file, which keeps the Sudoku path (its box size may follow the puzzles). Loads
   * and, when {@code loadSolver}, compiles the model: a model that cannot be had is an error here.
   */
  private ModelGrid generalGrid(boolean loadSolver) {
    Model m;
    if (options.data == null) {
      boolean loadedWithParams = true;
      try {
        m = ModelOptions.load(model, options.params);
      } catch (RuntimeException e) {
        // A Sudoku whose default box size is no grid's may still take every size it is given.
        if (options.params.containsKey("n")
            || !ModelOptions.declaredParameters(model).containsKey("n")) {
          throw e;
        }
        java.util.Map<String, Long> nine = new java.util.LinkedHashMap<>(options.params);
        nine.put("n", 3L);
        m = ModelOptions.load(model, nine);
        loadedWithParams = false;
      }
      if (ModelGrid.isSudoku(m)) {
        sudoku = loadedWithParams ? m : null;
        return null;
      }
    }
    fgc.lang.DataSet data = options.dataSet();
    m = options.loadWithData(model, data);
    int[] base = fgc.lang.FgcLanguage.evidence(m, data).values();
    ModelGrid shape = ModelGrid.of(model, m, base, null); // the model's errors before any compile
    return loadSolver
        ? ModelGrid.of(model, m, base, options.cache().load(m, options.spec()))
        : shape;
  }

  /**
   * Solves the puzzles of {@link #general}'s grid: the same output, order and summary as Sudoku's.
   */
  private int solveGrids(long start) throws IOException {
    Path[] inputs = inputFiles();
    int total = 0;
    int badInput = 0;
    try (BoundedLines lines = openLines();
        OutputFile file = output != null ? OutputFile.create("--output", output, inputs) : null;
        PrintWriter out =
            new PrintWriter(file != null ? file.writer() : OutputFile.standardOutput());
        Progress progress = batchProgress(this::countGridEntries);
        InOrder results = new InOrder(out, progress, file == null)) {
      ModelGrid.Reader reader = general.new Reader(lines);
      try {
        ModelGrid.Entry entry;
        while (results.beforeReading(reader::ready) && (entry = reader.next()) != null) {
          if (entry.error() != null) {
            badInput++;
            results.add(
                Outcome.echo(entry.text(), entry.repeated() ? null : "fgc: " + entry.error()));
            continue;
          }
          String broken = general.brokenGivens(general.evidence(entry.cells()));
          if (broken != null) {
            badInput++;
            results.add(
                Outcome.echo(
                    entry.text(),
                    "fgc: "
                        + lines.name()
                        + ":"
                        + entry.line()
                        + ": the givens break "
                        + (options.data != null ? "(with the data file's values) " : "")
                        + broken));
            continue;
          }
          total++;
          results.solve(new Job(total, entry.line(), null, null, entry.cells()));
        }
      } catch (RuntimeException | IOException e) {
        results.finishAfter(e);
        throw e;
      }
      results.finish();
      if (file != null && (total > 0 || badInput > 0)) {
        out.flush();
        file.commit();
      }
      if (total == 0 && badInput == 0) {
        System.err.println(
            "fgc: "
                + inputName()
                + " holds no puzzles for model "
                + general.model.name()
                + " ("
                + general.rows
                + "x"
                + general.cols
                + " grids)"
                + (output != null ? "; " + output + " was not written" : ""));
        return 2;
      }
      return summary(start, results.solved, results.noSolution, total, badInput);
    }
  }

  /**
   * One puzzle to solve: its number in the input, its line, and either a Sudoku grid and what it is
   * bound to or the cells of {@link #general}'s grid ({@link fgc.model.Evidence#NONE} for a blank).
   */
  private record Job(
      int number, int line, Grid puzzle, PuzzleBinding.Instance instance, int[] cells) {
    Job(int number, int line, Grid puzzle, PuzzleBinding.Instance instance) {
      this(number, line, puzzle, instance, null);
    }
  }

  /**
   * What one input entry gives: {@code explained} (--explain's comment lines, or null), the line
   * written for it, a message for standard error before it (or null), and whether it was solved.
   */
  private record Outcome(
      String explained, String line, String warning, boolean solved, boolean noSolution) {
    static Outcome echo(String line, String warning) {
      return new Outcome(null, line, warning, false, false);
    }
  }

  /**
   * A solver for one thread: its own driver (a driver keeps per-search state) and its own instance
   * of each compiled algorithm, made on first use.
   */
  private final class Worker {
    private final Driver driver = driver();
    private final Map<Integer, GeneratedAlgorithm> algorithms = new HashMap<>();

    Outcome solve(Job job) {
      if (job.cells() != null) {
        return solveCells(job);
      }
      Grid puzzle = job.puzzle();
      PuzzleBinding.Instance instance = job.instance();
      GeneratedAlgorithm algorithm =
          instance.solver == null
              ? null
              : algorithms.computeIfAbsent(puzzle.side(), s -> instance.solver.newInstance());
      StringWriter explained = explain ? new StringWriter() : null;
      PrintWriter notes = explained != null ? new PrintWriter(explained) : null;
      if (notes != null) {
        notes.println(
            "# puzzle "
                + job.number()
                + " (line "
                + job.line()
                + "): "
                + puzzle.givenCount()
                + " givens, driver "
                + driver.name()
                + (algorithm != null ? ", " + algorithm.algorithm() : ""));
      }
      SolveResult result =
          Outcomes.solve(
              driver,
              algorithm,
              instance.model,
              instance.evidence(puzzle),
              notes != null ? new ExplainEvents(notes, instance.model) : SolveEvents.NONE);
      Grid answer = puzzle;
      String warning = null;
      if (result.solved()) {
        Grid candidate = instance.grid(puzzle.side(), result.values());
        GridValidator.Verdict verdict = GridValidator.check(puzzle, candidate);
        if (verdict.valid()) {
          answer = candidate;
        } else {
          // Never reached when the model is right; reported rather than printed as a solution.
          warning =
              "fgc: line "
                  + job.line()
                  + ": solver answer failed the independent check: "
                  + verdict.reason();
        }
      } else if (result.status() == SolveResult.Status.INCONSISTENT_EVIDENCE) {
        warning = "fgc: line " + job.line() + ": the givens contradict each other";
      } else {
        // No solution, or none found: the line says which, and why, without --explain.
        warning =
            "fgc: line "
                + job.line()
                + ": "
                + Outcomes.unsolved(result, driver, instance.model, instance.evidence(puzzle));
      }
      if (notes != null) {
        notes.println("# " + outcome(result, answer != puzzle));
        notes.flush();
      }
      return new Outcome(
          explained != null ? explained.toString() : null,
          answer.toLine(),
          warning,
          answer != puzzle,
          Outcomes.noSolution(result));
    }

    /**
     * {@link #solve} for a puzzle of {@link #general}'s grid, its answer checked on the model's
     * factors and givens.
     */
    private Outcome solveCells(Job job) {
      ModelGrid grid = general;
      int[] evidence = grid.evidence(job.cells());
      GeneratedAlgorithm algorithm =
          grid.solver == null
              ? null
              : algorithms.computeIfAbsent(0, s -> grid.solver.newInstance());
      StringWriter explained = explain ? new StringWriter() : null;
      PrintWriter notes = explained != null ? new PrintWriter(explained) : null;
      if (notes != null) {
        int givens = 0;
        for (int v : job.cells()) {
          givens += v == fgc.model.Evidence.NONE ? 0 : 1;
        }
        notes.println(
            "# puzzle "
                + job.number()
                + " (line "
                + job.line()
                + "): "
                + givens
                + " givens, driver "
                + driver.name()
                + (algorithm != null ? ", " + algorithm.algorithm() : ""));
      }
      SolveResult result =
          Outcomes.solve(
              driver,
              algorithm,
              grid.model,
              evidence,
              notes != null ? new ExplainEvents(notes, grid.model) : SolveEvents.NONE);
      String answer = null;
      String warning = null;
      if (result.solved()) {
        String failed = AnswerCheck.failure(grid.model, evidence, result.values());
        if (failed == null) {
          answer = grid.line(grid.cellsOf(result.values()));
        } else {
          warning =
              "fgc: line " + job.line() + ": solver answer failed the independent check: " + failed;
        }
      } else {
        warning =
            "fgc: line "
                + job.line()
                + ": "
                + Outcomes.unsolved(result, driver, grid.model, evidence);
      }
      if (notes != null) {
        notes.println("# " + outcome(result, answer != null));
        notes.flush();
      }
      return new Outcome(
          explained != null ? explained.toString() : null,
          answer != null ? answer : grid.line(job.cells()),
          warning,
          answer != null,
          Outcomes.noSolution(result));
    }
  }

  /**
   * Writes outcomes in input order. With one thread each puzzle is solved here as it comes; with
   * more, puzzles go to a {@link Batch}'s pool, each thread with its own {@link Worker}.
   */
  private final class InOrder implements AutoCloseable {
    private final PrintWriter out;
    private final Progress progress;

    /**
     * Standard output is flushed after each line, so a reader of a pipe sees each answer at once;
     * an --output file is only renamed into place when complete, so it is not.
     */
    private final boolean flushEachLine;

    private final Batch<Job, Outcome> work;
    int solved;
    int noSolution;

    InOrder(PrintWriter out, Progress progress, boolean flushEachLine) {
      this.out = out;
      this.progress = progress;
      this.flushEachLine = flushEachLine;
      this.work =
          new Batch<>(
              threads,
              "fgc-solve",
              () -> {
                Worker worker = new Worker();
                return worker::solve;
              },
              answer -> write(answer.value()),
              null);
    }

    /**
     * Before the next entry is read: when reading would wait for input (a program that sends a
     * puzzle and waits for its answer, say), every answer held back is written first. True.
     */
    boolean beforeReading(java.util.function.BooleanSupplier ready) {
      if (threads > 1 && !work.idle() && !ready.getAsBoolean()) {
        finish();
      }
      return true;
    }

    /** An outcome known already (an echoed line): written after every earlier one. */
    void add(Outcome outcome) {
      work.add(outcome);
    }

    void solve(Job job) {
      work.submit(job);
    }

    /** Writes every outcome still pending. */
    void finish() {
      work.finish();
      out.flush();
    }

    /**
     * Writes the outcomes still pending up to the first that failed, after {@code failure} stopped
     * the run.
     */
    void finishAfter(Exception failure) {
      try {
        finish();
      } catch (RuntimeException | Error more) {
        if (more != failure) {
          failure.addSuppressed(more);
        }
      }
    }

    /**
     * One result: its warning, its explanation, its line, written at once so an interrupted run
     * keeps every line before it.
     */
    private void write(Outcome outcome) {
      progress.beforeOutput();
      if (outcome.warning() != null) {
        out.flush();
        System.err.println(outcome.warning());
      }
      if (outcome.explained() != null) {
        out.print(outcome.explained());
      }
      out.println(outcome.line());
      if (flushEachLine) {
        out.flush();
      }
      if (outcome.solved()) {
        solved++;
      }
      if (outcome.noSolution()) {
        noSolution++;
      }
      progress.step();
    }

    @Override
    public void close() {
      work.close();
    }
  }

  private static String outcome(SolveResult r, boolean checked) {
    String effort =
        String.format(
            Locale.ROOT,
            "%s, %s, %s%s, %.1f ms",
            count(r.decisions(), "decision"),
            count(r.restarts(), "restart"),
            count(r.sweeps(), "sweep"),
            r.backtracks() > 0 ? ", " + count(r.backtracks(), "backtrack") : "",
            r.nanos() / 1e6);
    if (r.solved()) {
      return (checked ? "solved" : "answer failed the independent check") + ": " + effort;
    }
    String what =
        switch (r.status()) {
          case NO_SOLUTION -> "no solution";
          case INCONSISTENT_EVIDENCE -> "no solution (the givens break a factor)";
          default -> "not solved";
        };
    return what + ": " + effort;
  }

  private static String count(long n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }

  private String inputName() {
    if (input == null) {
      return "the embedded puzzle list";
    }
    Path name = input.equals("-") ? null : Path.of(input).getFileName();
    return name == null ? "standard input" : name.toString();
  }

  /** The files this run reads, which no output may be. */
  private Path[] inputFiles() {
    Path[] model = options.inputFiles(this.model);
    // Standard input as a file, so an --output that is the same file (/dev/stdin) is refused.
    Path puzzles =
        input == null ? null : input.equals("-") ? Path.of("/dev/stdin") : Path.of(input);
    return new Path[] {puzzles, model[0], model[1]};
  }

  /** The input as lines, for a model's own grid (see {@link ModelGrid}). */
  private BoundedLines openLines() {
    if (input == null) {
      throw new IllegalArgumentException(
          "model "
              + general.model.name()
              + " is no Sudoku, so the embedded Sudoku puzzles are not for it:"
              + " give --input FILE ("
              + general.rows
              + "x"
              + general.cols
              + " grids, one per line or one row per line)");
    }
    if (input.equals("-")) {
      return new BoundedLines(new InputStreamReader(System.in, StandardCharsets.UTF_8), "stdin");
    }
    Path file = Path.of(input);
    String example = "/fgc/examples/" + (input.endsWith(".txt") ? input : input + ".txt");
    if (file.getParent() == null
        && !Files.exists(file)
        && SolveCommand.class.getResource(example) != null) {
      // A bare name that is no file here: the bundled example puzzles of that name (latin-5,
      // killer-4x4).
      return new BoundedLines(
          new InputStreamReader(
              SolveCommand.class.getResourceAsStream(example), StandardCharsets.UTF_8),
          example.substring(example.lastIndexOf('/') + 1));
    }
    if (Files.isDirectory(file)) {
      throw new IllegalArgumentException(
          "cannot read --input " + input + ": it is a folder, not a puzzle file");
    }
    try {
      Path name = file.getFileName();
      return new BoundedLines(
          new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8),
          name == null ? input : name.toString());
    } catch (IOException e) {
      throw FileErrors.inputError("--input " + input, e);
    }
  }

  private PuzzleReader openInput() {
    if (input == null) {
      return PuzzleReader.of(new StringReader(EmbeddedPuzzles.resourceText()), "embedded");
    }
    if (input.equals("-")) {
      return PuzzleReader.of(new InputStreamReader(System.in, StandardCharsets.UTF_8), "stdin");
    }
    Path file = Path.of(input);
    if (Files.isDirectory(file)) {
      throw new IllegalArgumentException(
          "cannot read --input " + input + ": it is a folder, not a puzzle file");
    }
    try {
      return PuzzleReader.open(file);
    } catch (IOException e) {
      throw FileErrors.inputError("--input " + input, e);
    }
  }
}
