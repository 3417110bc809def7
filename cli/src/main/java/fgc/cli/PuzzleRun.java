package fgc.cli;

import fgc.puzzles.PuzzleReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/**
 * One {@code fgc solve} run over its puzzle input: the input opened before anything is written,
 * each outcome written in input order as soon as it is known, {@code --output} replaced only by a
 * complete run, then the summary line on standard error and the exit code. Sudoku and the grids of
 * other models differ only in how their lines are read ({@link PuzzleFeed}).
 */
final class PuzzleRun {
  /** The summary counts of a run, for the checks a caller adds after it. */
  record Outcome(int total, int badInput, int solved, int noSolution) {}

  /** An opened input and how it feeds puzzles to the results. */
  private interface Source extends AutoCloseable {
    PuzzleFeed.Counts feed(PuzzleOutput results, Progress progress) throws IOException;

    @Override
    void close() throws IOException;
  }

  private final PuzzleInput puzzles;
  private final Path output;
  private final Path[] inputs;
  private final int threads;
  private final Supplier<PuzzleWorker> workers;
  private final Progress.Mode mode;
  private final boolean countable;

  /**
   * @param puzzles the input
   * @param output the file to write, or null for standard output
   * @param inputs the files the run reads, which the output may not be
   * @param threads puzzles solved at a time
   * @param workers a worker per thread
   * @param mode how progress is shown
   * @param countable whether the input can be read a second time to count its entries
   */
  PuzzleRun(
      PuzzleInput puzzles,
      Path output,
      Path[] inputs,
      int threads,
      Supplier<PuzzleWorker> workers,
      Progress.Mode mode,
      boolean countable) {
    this.puzzles = puzzles;
    this.output = output;
    this.inputs = inputs;
    this.threads = threads;
    this.workers = workers;
    this.mode = mode;
    this.countable = countable;
  }

  /** Sudoku puzzles of any size, through {@code binding}; {@code frames} may be null. */
  Outcome sudoku(PuzzleBinding binding, MarginalFrames frames, int pictured) throws IOException {
    PuzzleReader reader = puzzles.openInput();
    return run(
        () -> PuzzleInput.countEntries(puzzles.openInput()),
        new Source() {
          @Override
          public PuzzleFeed.Counts feed(PuzzleOutput results, Progress progress)
              throws IOException {
            return PuzzleFeed.sudoku(reader, binding, results, progress, frames, pictured);
          }

          @Override
          public void close() throws IOException {
            reader.close();
          }
        });
  }

  /** The grids of a model that is no Sudoku. */
  Outcome grids(ModelGrid general, boolean withData) throws IOException {
    BoundedLines lines = puzzles.openLines(general);
    return run(
        () -> puzzles.countGridEntries(general),
        new Source() {
          @Override
          public PuzzleFeed.Counts feed(PuzzleOutput results, Progress progress)
              throws IOException {
            return PuzzleFeed.grids(general, lines, results, withData);
          }

          @Override
          public void close() throws IOException {
            lines.close();
          }
        });
  }

  private Outcome run(Callable<Long> count, Source source) throws IOException {
    try (source;
        OutputFile file = output != null ? OutputFile.create("--output", output, inputs) : null;
        PrintWriter out =
            new PrintWriter(file != null ? file.writer() : OutputFile.standardOutput());
        Progress progress = progress(count);
        PuzzleOutput results = new PuzzleOutput(out, progress, file == null, threads, workers)) {
      PuzzleFeed.Counts counts = source.feed(results, progress);
      results.finish();
      if (file != null && (counts.total() > 0 || counts.badInput() > 0)) {
        // Only a complete run replaces the file; an input without puzzles leaves it as it was.
        out.flush();
        file.commit();
      }
      return new Outcome(counts.total(), counts.badInput(), results.solved, results.noSolution);
    }
  }

  /**
   * The progress of this run's puzzles, which says how far it got if Ctrl-C stops it. The total is
   * known for a file and the embedded list: {@code count} reads it a second time, beside the run,
   * only when progress is shown (a quiet run keeps both cores for solving).
   */
  private Progress progress(Callable<Long> count) {
    Progress progress = Progress.start(mode, "solve", -1, "puzzles").onInterrupt();
    return mode != Progress.Mode.QUIET && countable ? progress.countInBackground(count) : progress;
  }

  /**
   * For a run that read no puzzle: the message that says so (an empty or comment-only file is
   * almost always the wrong file), and exit code 2.
   */
  int nothingRead(String what) {
    System.err.println(
        "fgc: "
            + puzzles.inputName()
            + " holds no puzzles"
            + what
            + (output != null ? "; " + output + " was not written" : ""));
    return 2;
  }

  /** The last line on standard error, and the exit code. */
  static int summary(long start, Outcome o, int badInput) {
    long ms = (System.nanoTime() - start) / 1_000_000;
    int total = o.total();
    System.err.println(
        "solved "
            + o.solved()
            + " of "
            + total
            + " in "
            + ms
            + " ms"
            + (o.noSolution() > 0 ? "; no solution: " + o.noSolution() + " of " + total : "")
            + (badInput > 0 ? "; " + badInput + " input error" + (badInput == 1 ? "" : "s") : ""));
    return badInput > 0 ? 2 : o.solved() < total ? 1 : 0;
  }
}
