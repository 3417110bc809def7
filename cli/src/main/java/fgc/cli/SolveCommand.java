package fgc.cli;

import fgc.driver.Driver;
import fgc.model.Model;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Solves puzzles one by one as they stream in, writing each result as soon as it is known, so a bad
 * line or an interrupted run never costs the lines before it.
 */
final class SolveCommand implements Callable<Integer> {
  String input;

  Path output;

  String model;

  boolean explain;

  Path marginals;

  @NumberOptions.Range(min = 0)
  List<Integer> sweeps = new ArrayList<>();

  @NumberOptions.Range(min = 1)
  int pictured;

  boolean quiet;

  @NumberOptions.Range(min = 1, max = 256)
  int threads;

  ModelOptions options = new ModelOptions();

  DriverOptions drivers = new DriverOptions();

  @Override
  public Integer call() throws IOException {
    long start = System.nanoTime();
    puzzles = new PuzzleInput(input);
    Driver driver = drivers.driver();
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
    ModelGrid.Choice choice = ModelGrid.choose(model, options, driver.usesAlgorithm());
    general = choice.grid();
    Model sudoku = choice.sudoku();
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
    PuzzleRun run = run(inputs);
    PuzzleRun.Outcome o = run.sudoku(binding, frames, pictured);
    if (o.total() == 0 && o.badInput() == 0) {
      return run.nothingRead("");
    }
    int badInput = o.badInput();
    if (frames != null && o.total() < pictured) {
      System.err.println(
          "fgc: --puzzle "
              + pictured
              + " asked for a picture, but the input has "
              + o.total()
              + " puzzles");
      badInput++;
    }
    return PuzzleRun.summary(start, o, badInput);
  }

  /** A run over the puzzles of --input, its output to --output or standard output. */
  private PuzzleRun run(Path[] inputs) {
    Progress.Mode mode = explain ? Progress.Mode.QUIET : Progress.Mode.of(quiet);
    return new PuzzleRun(
        puzzles, output, inputs, threads, this::worker, mode, Progress.readableTwice(input));
  }

  /** The puzzles of --input. */
  private PuzzleInput puzzles;

  /** A worker for one thread, with a driver of its own (a driver keeps per-search state). */
  private PuzzleWorker worker() {
    return new PuzzleWorker(drivers.driver(), explain, general);
  }

  /**
   * The grid of a model that is no Sudoku (loaded with its params and data file), or null for a
   * Sudoku.
   */
  private ModelGrid general;

  /**
   * Solves the puzzles of {@link #general}'s grid: the same output, order and summary as Sudoku's.
   */
  private int solveGrids(long start) throws IOException {
    Path[] inputs = inputFiles();
    PuzzleRun run = run(inputs);
    PuzzleRun.Outcome o = run.grids(general, options.data != null);
    if (o.total() == 0 && o.badInput() == 0) {
      return run.nothingRead(
          " for model "
              + general.model.name()
              + " ("
              + general.rows
              + "x"
              + general.cols
              + " grids)");
    }
    return PuzzleRun.summary(start, o, o.badInput());
  }

  /** The files this run reads, which no output may be. */
  private Path[] inputFiles() {
    Path[] model = options.inputFiles(this.model);
    // Standard input as a file, so an --output that is the same file (/dev/stdin) is refused.
    Path puzzles =
        input == null ? null : input.equals("-") ? Path.of("/dev/stdin") : Path.of(input);
    return new Path[] {puzzles, model[0], model[1]};
  }

  /** This command, bound to this object's fields (see {@link Specs}). */
  CommandSpec spec() {
    CommandSpec spec = Specs.command(this, "solve");
    spec.usageMessage()
        .description(
            "Solve grid puzzles with a compiled solver and a driver; one output line per input "
                + "puzzle.",
            "--explain adds, before each line, the driver's decisions as # comments (the output "
                + "stays a puzzle file).")
        .footer(
            "",
            "Exit codes: 0 all solved, 1 some not solved, 2 usage or input errors, "
                + "130 interrupted.")
        .sortOptions(false);
    spec.addOption(
        Specs.option(this, "input", "--input")
            .paramLabel("FILE|-")
            .description("Puzzle file, or - for standard input (default: the embedded puzzles).")
            .build());
    spec.addOption(
        Specs.option(this, "output", "--output")
            .paramLabel("FILE")
            .description("Write results here instead of standard output.")
            .build());
    spec.addOption(
        Specs.option(this, "model", "--model")
            .paramLabel("NAME|FILE.fg")
            .defaultValue("sudoku")
            .description("Bundled model name or model file (default: ${DEFAULT-VALUE}).")
            .build());
    spec.addMixin("drivers", drivers.mixinSpec());
    spec.addOption(
        Specs.option(this, "explain", "--explain")
            .description(
                "Before each result, the decisions with their margins, restarts and "
                    + "contradictions.")
            .build());
    spec.addOption(
        Specs.option(this, "marginals", "--marginals")
            .paramLabel("FILE.svg|FILE.png")
            .description(
                "Draw the marginals of one puzzle's cells from its givens (before any decision).")
            .build());
    spec.addOption(
        Specs.option(this, "sweeps", "--sweep")
            .paramLabel("K[,K...]")
            .splitRegex(",")
            .hideParamSyntax(true)
            .description(
                "With --marginals: draw after these sweeps, one frame each (FILE-sweepK.svg); "
                    + "default: after convergence.")
            .build());
    spec.addOption(
        Specs.option(this, "pictured", "--puzzle")
            .paramLabel("N")
            .defaultValue("1")
            .description(
                "With --marginals: which puzzle of the input to draw (default: ${DEFAULT-VALUE}).")
            .build());
    spec.addOption(
        Specs.option(this, "quiet", "-q", "--quiet")
            .description("No progress bar or progress lines.")
            .build());
    spec.addOption(
        Specs.option(this, "threads", "--threads")
            .paramLabel("N")
            .defaultValue("1")
            .description(
                "Solve N puzzles at a time, each thread with its own solver; the output stays "
                    + "in input order (default: ${DEFAULT-VALUE}).")
            .build());
    spec.addMixin("options", options.mixinSpec());
    Specs.standardHelp(spec);
    return spec;
  }
}
