package fgc.cli;

import fgc.puzzles.Grid;
import fgc.puzzles.PuzzleReader;
import fgc.solver.GeneratedAlgorithm;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The entries of {@code solve}'s input handed to its {@link PuzzleOutput} in order: a puzzle to
 * solve, or a line echoed as an input error with its reason. Reading stops at an unreadable input,
 * and the puzzles read before it are still answered.
 */
final class PuzzleFeed {
  private PuzzleFeed() {}

  /** The puzzles handed on to be solved, and the entries that were input errors. */
  record Counts(int total, int badInput) {}

  /**
   * Sudoku puzzles of any size from {@code reader}, each bound by {@code binding} to a solver for
   * its size; the puzzle numbered {@code pictured} is drawn to {@code frames} (when not null).
   */
  static Counts sudoku(
      PuzzleReader reader,
      PuzzleBinding binding,
      PuzzleOutput results,
      Progress progress,
      MarginalFrames frames,
      int pictured)
      throws IOException {
    int total = 0;
    int badInput = 0;
    try {
      while (results.beforeReading(reader::ready) && reader.hasNext()) {
        PuzzleReader.Entry entry = reader.next();
        if (!entry.isPuzzle()) {
          badInput++;
          results.add(PuzzleWorker.Outcome.echo(entry.text(), "fgc: " + entry.error()));
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
              PuzzleWorker.Outcome.echo(
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
        results.solve(new PuzzleWorker.Job(total, entry.line(), puzzle, instance));
      }
    } catch (RuntimeException | IOException e) {
      // Reading stopped (an unreadable input, say): the puzzles read before it are still
      // answered.
      results.finishAfter(e);
      throw e;
    }
    return new Counts(total, badInput);
  }

  /**
   * Puzzles of {@code general}'s grid from {@code lines}; {@code withData} when a data file gives
   * values under every puzzle (so a broken given may be the data file's).
   */
  static Counts grids(ModelGrid general, BoundedLines lines, PuzzleOutput results, boolean withData)
      throws IOException {
    int total = 0;
    int badInput = 0;
    ModelGrid.Reader reader = general.new Reader(lines);
    try {
      ModelGrid.Entry entry;
      while (results.beforeReading(reader::ready) && (entry = reader.next()) != null) {
        if (entry.error() != null) {
          badInput++;
          results.add(
              PuzzleWorker.Outcome.echo(
                  entry.text(), entry.repeated() ? null : "fgc: " + entry.error()));
          continue;
        }
        String broken = general.brokenGivens(general.evidence(entry.cells()));
        if (broken != null) {
          badInput++;
          results.add(
              PuzzleWorker.Outcome.echo(
                  entry.text(),
                  "fgc: "
                      + lines.name()
                      + ":"
                      + entry.line()
                      + ": the givens break "
                      + (withData ? "(with the data file's values) " : "")
                      + broken));
          continue;
        }
        total++;
        results.solve(new PuzzleWorker.Job(total, entry.line(), null, null, entry.cells()));
      }
    } catch (RuntimeException | IOException e) {
      results.finishAfter(e);
      throw e;
    }
    return new Counts(total, badInput);
  }
}
