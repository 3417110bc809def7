package fgc.cli;

import fgc.driver.Driver;
import fgc.driver.Drivers;
import fgc.driver.ExactDriver;
import fgc.driver.SolveResult;
import fgc.puzzles.Grid;
import fgc.puzzles.GridValidator;
import fgc.puzzles.PuzzleGenerator;
import fgc.solver.GeneratedAlgorithm;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Makes puzzles with exactly one solution, each rated by the effort solvers need, in the corpus
 * format (one puzzle per line, the rating as a trailing {@code #} comment).
 */
final class GenerateCommand implements Callable<Integer> {
  /**
   * The drivers whose effort rates a puzzle: decisions and restarts of decimate, nodes and
   * backtracks of exact.
   */
  static final List<String> RATING_DRIVERS = List.of("decimate", "exact");

  /**
   * Model options generate cannot apply (it makes Sudoku grids of --size by its own rules), hidden
   * from its help.
   */
  static final List<String> REFUSED = List.of("--data", "--param");

  int side;

  @NumberOptions.Range(min = 0)
  int count;

  long seed;

  Path output;

  boolean quiet;

  ModelOptions options = new ModelOptions();

  @Override
  public Integer call() throws IOException {
    if (side != 4 && side != 9 && side != 16 && side != 25) {
      throw new IllegalArgumentException("--size must be 4, 9, 16 or 25, not " + side);
    }
    if (options.data != null) {
      // The generator makes Sudoku grids by its own rules; a data file could only be ignored.
      throw new IllegalArgumentException(
          "generate makes Sudoku puzzles (the bundled sudoku model, --size sets the grid) and "
              + "reads no --data;"
              + " puzzles of another model are solved with fgc solve --model MODEL --data FILE");
    }
    if (!options.params.isEmpty()) {
      throw new IllegalArgumentException(
          "generate makes Sudoku puzzles of the grid side --size gives and takes no --param");
    }
    Path[] inputs = options.inputFiles("sudoku");
    if (output != null) {
      OutputFile.check("--output", output, inputs);
    }
    PuzzleBinding.Instance instance =
        new PuzzleBinding(
                "sudoku",
                options.params,
                options.spec(),
                options.algorithmChosen(),
                options.cache())
            .forSide(side);
    GeneratedAlgorithm solver = instance.solver.newInstance();
    try (OutputFile file = output != null ? OutputFile.create("--output", output, inputs) : null;
        PrintWriter out =
            new PrintWriter(file != null ? file.writer() : OutputFile.standardOutput());
        Progress progress =
            Progress.start(Progress.Mode.of(quiet), "generate", count, "puzzles").onInterrupt()) {
      out.println(
          "# fgc generate --size "
              + side
              + " --count "
              + count
              + " --seed "
              + seed
              + ": every puzzle has exactly one solution (counted to 2 by the exact driver)");
      out.println(
          "# rating: givens; minimal = no given can go; "
              + String.join(", ", RATING_DRIVERS)
              + " with "
              + solver.algorithm());
      for (int i = 0; i < count; i++) {
        long s = seed + i;
        Grid puzzle = PuzzleGenerator.generate(side, s);
        String rating = rate(puzzle, instance, solver);
        progress.beforeOutput();
        out.println(puzzle.toLine() + "  # generate(" + side + ", " + s + "): " + rating);
        out.flush();
        progress.step();
      }
      if (file != null) {
        file.commit(); // only a complete run replaces the file
      }
    }
    return 0;
  }

  /** The rating comment; fails if the puzzle does not have exactly one solution. */
  static String rate(Grid puzzle, PuzzleBinding.Instance instance, GeneratedAlgorithm solver) {
    ExactDriver exact = ExactDriver.withDefaults();
    int solutions = exact.countSolutions(instance.model, instance.evidence(puzzle), 2);
    if (solutions != 1) {
      throw new IllegalStateException(
          "the generator made a puzzle with "
              + solutions
              + (solutions > 1 ? "+" : "")
              + " solutions: "
              + puzzle.toLine());
    }
    StringBuilder rating = new StringBuilder();
    rating.append(puzzle.givenCount()).append(" givens");
    if (puzzle.side() <= 9) {
      rating.append(isMinimal(puzzle, instance, exact) ? ", minimal" : ", not minimal");
    }
    for (String name : RATING_DRIVERS) {
      Driver driver = Drivers.named(name);
      SolveResult r = driver.solve(solver, instance.model, instance.evidence(puzzle));
      rating.append("; ").append(name).append(": ");
      if (r.solved()
          && GridValidator.check(puzzle, instance.grid(puzzle.side(), r.values())).valid()) {
        if (name.equals("exact")) {
          rating
              .append(r.decisions())
              .append(" nodes, ")
              .append(r.backtracks())
              .append(" backtracks");
        } else {
          rating
              .append(r.decisions())
              .append(" decisions, ")
              .append(r.restarts())
              .append(" restarts");
        }
      } else {
        rating.append("unsolved after ").append(r.restarts()).append(" restarts");
      }
    }
    return rating.toString();
  }

  /**
   * Whether every given is needed: without any one of them the puzzle has two solutions or more.
   */
  static boolean isMinimal(Grid puzzle, PuzzleBinding.Instance instance, ExactDriver exact) {
    for (int k = 0; k < puzzle.cellCount(); k++) {
      if (puzzle.get(k) != 0
          && exact.countSolutions(instance.model, instance.evidence(puzzle.with(k, 0)), 2) == 1) {
        return false;
      }
    }
    return true;
  }

  /** This command, bound to this object's fields (see {@link Specs}). */
  CommandSpec spec() {
    CommandSpec spec = Specs.command(this, "generate");
    spec.usageMessage()
        .description(
            "Generate puzzles with exactly one solution, each rated by the solvers' effort.",
            "Uniqueness is proved by an exact count; puzzles of sides 4 and 9 are minimal (no "
                + "given can be removed). "
                + "One puzzle per line, with its rating as a # comment.")
        .footer(
            "",
            "Puzzle i (from 0) comes from seed S + i, so a run can be repeated or extended.",
            "",
            "Exit codes: 0 done, 2 usage errors, 130 interrupted.")
        .sortOptions(false);
    spec.addOption(
        Specs.option(this, "side", "--size")
            .paramLabel("SIDE")
            .defaultValue("9")
            .description("Grid side: 4, 9, 16 or 25 (default: ${DEFAULT-VALUE}).")
            .build());
    spec.addOption(
        Specs.option(this, "count", "--count")
            .paramLabel("N")
            .defaultValue("10")
            .description("How many puzzles (default: ${DEFAULT-VALUE}).")
            .build());
    spec.addOption(
        Specs.option(this, "seed", "--seed")
            .paramLabel("S")
            .defaultValue("1")
            .description("First seed (default: ${DEFAULT-VALUE}).")
            .build());
    spec.addOption(
        Specs.option(this, "output", "--output")
            .paramLabel("FILE")
            .description("Write the puzzles here instead of standard output.")
            .build());
    spec.addOption(
        Specs.option(this, "quiet", "-q", "--quiet")
            .description("No progress bar or progress lines.")
            .build());
    spec.addMixin("options", options.mixinSpec());
    Specs.standardHelp(spec);
    return spec;
  }
}
