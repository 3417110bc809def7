package fgc.cli;

import fgc.runtime.Batch;
import java.io.PrintWriter;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Writes outcomes in input order. With one thread each puzzle is solved here as it comes; with
 * more, puzzles go to a {@link Batch}'s pool, each thread with its own {@link PuzzleWorker}.
 */
final class PuzzleOutput implements AutoCloseable {
  private final int threads;
  private final PrintWriter out;
  private final Progress progress;

  /**
   * Standard output is flushed after each line, so a reader of a pipe sees each answer at once; an
   * --output file is only renamed into place when complete, so it is not.
   */
  private final boolean flushEachLine;

  private final Batch<PuzzleWorker.Job, PuzzleWorker.Outcome> work;
  int solved;
  int noSolution;

  /**
   * @param threads threads solving puzzles, each with a worker from {@code workers}
   */
  PuzzleOutput(
      PrintWriter out,
      Progress progress,
      boolean flushEachLine,
      int threads,
      Supplier<PuzzleWorker> workers) {
    this.threads = threads;
    this.out = out;
    this.progress = progress;
    this.flushEachLine = flushEachLine;
    this.work =
        new Batch<>(
            threads,
            "fgc-solve",
            () -> {
              PuzzleWorker worker = workers.get();
              return worker::solve;
            },
            answer -> write(answer.value()),
            null);
  }

  /**
   * Before the next entry is read: when reading would wait for input (a program that sends a puzzle
   * and waits for its answer, say), every answer held back is written first. True.
   */
  boolean beforeReading(BooleanSupplier ready) {
    if (threads > 1 && !work.idle() && !ready.getAsBoolean()) {
      finish();
    }
    return true;
  }

  /** An outcome known already (an echoed line): written after every earlier one. */
  void add(PuzzleWorker.Outcome outcome) {
    work.add(outcome);
  }

  void solve(PuzzleWorker.Job job) {
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
   * One result: its warning, its explanation, its line, written at once so an interrupted run keeps
   * every line before it.
   */
  private void write(PuzzleWorker.Outcome outcome) {
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
