package fgc.cli;

import fgc.driver.Driver;
import fgc.driver.SolveEvents;
import fgc.driver.SolveResult;
import fgc.model.Evidence;
import fgc.puzzles.Grid;
import fgc.puzzles.GridValidator;
import fgc.solver.GeneratedAlgorithm;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A solver for one thread: its own driver (a driver keeps per-search state) and its own instance of
 * each compiled algorithm, made on first use.
 */
final class PuzzleWorker {
  private final Driver driver;
  private final boolean explain;
  private final ModelGrid general;
  private final Map<Integer, GeneratedAlgorithm> algorithms = new HashMap<>();

  /**
   * @param driver this thread's driver
   * @param explain whether each outcome has --explain's comment lines
   * @param general the model's own grid, or null for Sudoku puzzles
   */
  PuzzleWorker(Driver driver, boolean explain, ModelGrid general) {
    this.driver = driver;
    this.explain = explain;
    this.general = general;
  }

  /** The outcome of one puzzle: solved, its answer checked, or echoed with the reason. */
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
   * {@link #solve} for a puzzle of a model's own grid ({@link ModelGrid}), its answer checked on
   * the model's factors and givens.
   */
  private Outcome solveCells(Job job) {
    ModelGrid grid = general;
    int[] evidence = grid.evidence(job.cells());
    GeneratedAlgorithm algorithm =
        grid.solver == null ? null : algorithms.computeIfAbsent(0, s -> grid.solver.newInstance());
    StringWriter explained = explain ? new StringWriter() : null;
    PrintWriter notes = explained != null ? new PrintWriter(explained) : null;
    if (notes != null) {
      int givens = 0;
      for (int v : job.cells()) {
        givens += v == Evidence.NONE ? 0 : 1;
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

  /**
   * One puzzle to solve: its number in the input, its line, and either a Sudoku grid and what it is
   * bound to or the cells of a model's own grid ({@link ModelGrid}) ({@link
   * fgc.model.Evidence#NONE} for a blank).
   */
  record Job(int number, int line, Grid puzzle, PuzzleBinding.Instance instance, int[] cells) {
    Job(int number, int line, Grid puzzle, PuzzleBinding.Instance instance) {
      this(number, line, puzzle, instance, null);
    }
  }

  /**
   * What one input entry gives: {@code explained} (--explain's comment lines, or null), the line
   * written for it, a message for standard error before it (or null), and whether it was solved.
   */
  record Outcome(
      String explained, String line, String warning, boolean solved, boolean noSolution) {
    static Outcome echo(String line, String warning) {
      return new Outcome(null, line, warning, false, false);
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
}
