package fgc.spark;

import fgc.driver.Assignments;
import fgc.driver.Driver;
import fgc.driver.Drivers;
import fgc.driver.SolveResult;
import fgc.model.Evidence;
import fgc.model.Model;
import fgc.model.VariableArray;
import fgc.puzzles.Grid;
import fgc.puzzles.GridValidator;
import fgc.puzzles.PuzzleReader;
import fgc.runtime.Solver;
import java.io.StringReader;
import java.util.HashMap;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;

/**
 * Solves Sudoku puzzle lines one at a time with the precompiled classes of the {@code generated}
 * module, one solver per grid size made on first use. Not thread-safe: one per partition.
 */
final class PuzzleLines {
  /** The name PuzzleReader puts before its reasons; cut off, since a row carries its own line. */
  private static final String SOURCE = "line";

  private static final String PREFIX = SOURCE + ":1: ";

  private final String driverName;
  private final Map<Integer, Sized> bySide = new HashMap<>();

  /**
   * The solver and driver of one grid size: drivers keep per-model state (the exact search's
   * tables).
   */
  private static final class Sized {
    final Solver solver;
    final Driver driver;

    Sized(Solver solver, Driver driver) {
      this.solver = solver;
      this.driver = driver;
    }
  }

  PuzzleLines(String driverName) {
    this.driverName = driverName;
    Drivers.named(driverName);
  }

  /** The row of {@link FgcSpark#SOLVED} for {@code line}, or null for a blank or comment line. */
  Row solve(String line) {
    if (line == null) {
      return FgcSpark.badInput(null, FgcSpark.NULL_LINE);
    }
    PuzzleReader.Entry entry;
    try (PuzzleReader reader = PuzzleReader.of(new StringReader(line), SOURCE)) {
      if (!reader.hasNext()) {
        return null;
      }
      entry = reader.next();
    }
    if (!entry.isPuzzle()) {
      String error = entry.error();
      return FgcSpark.badInput(
          line, error.startsWith(PREFIX) ? error.substring(PREFIX.length()) : error);
    }
    Grid puzzle = entry.grid();
    Sized sized;
    try {
      sized =
          bySide.computeIfAbsent(
              puzzle.side(),
              side ->
                  new Sized(PrecompiledModel.sudoku(side).newSolver(), Drivers.named(driverName)));
    } catch (IllegalArgumentException noSolverForSide) {
      return FgcSpark.badInput(line, noSolverForSide.getMessage());
    }
    Solver solver = sized.solver;
    Model model = solver.model();
    VariableArray cells = model.array("cell");
    int[] givens = Assignments.empty(model);
    for (int k = 0; k < puzzle.cellCount(); k++) {
      if (puzzle.get(k) != 0) {
        givens[cells.firstIndex() + k] = puzzle.get(k);
      }
    }
    SolveResult result = solver.solve(Evidence.of(model, givens), sized.driver);
    if (!result.solved()) {
      return RowFactory.create(line, null, result.status().name(), null, null);
    }
    int[] values = result.values();
    int[] answer = new int[puzzle.cellCount()];
    System.arraycopy(values, cells.firstIndex(), answer, 0, answer.length);
    Grid candidate = Grid.of(puzzle.side(), answer);
    GridValidator.Verdict verdict = GridValidator.check(puzzle, candidate);
    return RowFactory.create(
        line, candidate.toLine(), result.status().name(), verdict.valid(), verdict.reason());
  }
}
