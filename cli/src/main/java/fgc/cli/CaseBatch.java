package fgc.cli;

import fgc.cache.LoadedSolver;
import fgc.driver.Driver;
import fgc.driver.SolveEvents;
import fgc.driver.SolveResult;
import fgc.model.Model;
import fgc.runtime.Batch;
import fgc.runtime.EvidenceLines;
import fgc.solver.GeneratedAlgorithm;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * {@code run --input} without --marginals: every case of evidence solved with a driver, in input
 * order, one output line per input line (see {@link CaseLines}), then a summary on standard error.
 * A case without an answer gets its line as a comment, {@code # no answer: LINE}.
 */
final class CaseBatch {
  private final Model model;
  private final Driver driver;
  private final Supplier<Driver> drivers;
  private final LoadedSolver loaded;
  private final int[] base;
  private final String baseName;
  private final String input;
  private final int threads;

  /**
   * @param driver the driver of a run on one thread; {@code drivers} makes one per thread for more
   * @param loaded the compiled solver, or null for a driver that reads none
   * @param base the data file's and --observe's values, under every case ({@code baseName} names
   *     them in errors)
   * @param input the --input argument
   */
  CaseBatch(
      Model model,
      Driver driver,
      Supplier<Driver> drivers,
      LoadedSolver loaded,
      int[] base,
      String baseName,
      String input,
      int threads) {
    this.model = model;
    this.driver = driver;
    this.drivers = drivers;
    this.loaded = loaded;
    this.base = base;
    this.baseName = baseName;
    this.input = input;
    this.threads = threads;
  }

  /**
   * Solves every case of --input in input order, one output line per input line: the answer (after
   * {@link AnswerCheck}), or {@code # no answer: } and the line, with the reason on standard error.
   * Nothing is written before the first case is solved, so a model the driver cannot take is
   * reported alone. With --threads N the cases are solved N at a time, each thread with its own
   * driver and solver. Returns the exit code.
   */
  int run(Supplier<BoundedLines> openInput) throws IOException {
    long start = System.nanoTime();
    Model m = model;
    int total = 0;
    int bad = 0;
    try (BoundedLines lines = openInput.get();
        PrintWriter out = new PrintWriter(OutputFile.standardOutput());
        Progress progress =
            Progress.start(Progress.Mode.of(false), "run", -1, "cases").onInterrupt()) {
      if (Progress.readableTwice(input)) {
        progress.countInBackground(
            () -> {
              try (BoundedLines again = openInput.get()) {
                return CaseLines.count(new CaseLines(m, base, baseName, again));
              }
            });
      }
      CaseLines cases = new CaseLines(m, base, baseName, lines);
      CaseWriter writer = new CaseWriter(out, progress);
      // Each worker has a driver of its own (one with a single thread: the one given).
      try (Batch<Case, Written> work =
          new Batch<>(
              threads,
              "fgc-run",
              () -> {
                Driver d = threads == 1 ? driver : drivers.get();
                GeneratedAlgorithm solver = loaded != null ? loaded.newInstance() : null;
                return c -> c.solve(m, d, solver, lines.name());
              },
              answer -> writer.accept(answer.value()),
              done -> progress.step())) {
        for (EvidenceLines.Line line; (line = cases.next()) != null; ) {
          if (line.kind() == EvidenceLines.Kind.ERROR) {
            bad++;
            work.add(
                new Written(
                    noAnswer(line.text()),
                    "fgc: " + line.error(lines.name()),
                    false,
                    false,
                    false));
          } else if (line.kind() == EvidenceLines.Kind.HEADER) {
            work.add(new Written(EvidenceLines.csvHeader(m), null, false, false, false));
          } else if (line.isCase()) {
            total++;
            work.submit(new Case(line.number(), line.text(), line.evidence(), cases.csv()));
          } else {
            work.add(new Written(line.text(), null, false, false, false));
          }
          if (threads > 1 && !lines.ready()) {
            work.finish(); // a program that sends a case and waits for its answer gets it now
          }
        }
        work.finish();
      }
      writer.flushHeld();
      if (total == 0 && bad == 0) {
        System.err.println("fgc: " + lines(input) + " holds no cases");
        return 2;
      }
      long ms = (System.nanoTime() - start) / 1_000_000;
      System.err.println(
          "answered "
              + writer.answered
              + " of "
              + total
              + " in "
              + ms
              + " ms"
              + (writer.none > 0 ? "; no solution: " + writer.none + " of " + total : "")
              + (bad > 0 ? "; " + bad + " input error" + (bad == 1 ? "" : "s") : ""));
      return bad > 0 ? 2 : writer.answered < total ? 1 : 0;
    }
  }

  /**
   * One case of --input: its line, its evidence, and whether the file is CSV (the answer's form).
   */
  private record Case(long number, String text, int[] evidence, boolean csv) {
    /**
     * Solves the case and checks the answer; the line to write and the reason when there is none.
     */
    Written solve(Model m, Driver driver, GeneratedAlgorithm solver, String file) {
      SolveResult r = Outcomes.solve(driver, solver, m, evidence, SolveEvents.NONE);
      if (r.solved()) {
        String failed = AnswerCheck.failure(m, evidence, r.values());
        if (failed == null) {
          return new Written(EvidenceLines.answer(m, r.values(), csv), null, true, true, false);
        }
        return new Written(
            noAnswer(text),
            "fgc: " + file + ":" + number + ": the answer failed the independent check: " + failed,
            true,
            false,
            false);
      }
      return new Written(
          noAnswer(text),
          "fgc: " + file + ":" + number + ": " + Outcomes.unsolved(r, driver, m, evidence),
          true,
          false,
          Outcomes.noSolution(r));
    }
  }

  /**
   * The output line of a case without an answer: its input line as a comment, so that no line a
   * program reads as an answer is one (a line already a comment stays as it is).
   */
  static String noAnswer(String text) {
    return text.startsWith("#") ? text : NO_ANSWER + text;
  }

  /** What starts the output line of a case without an answer. */
  static final String NO_ANSWER = "# no answer: ";

  /** A line to write, the warning before it, and what it counts for. */
  private record Written(
      String line, String warning, boolean isCase, boolean answered, boolean noSolution) {}

  /**
   * Writes each line in order; until the first case is solved, lines are held (their warnings are
   * not), so a model the driver cannot take is reported alone, with nothing on standard output.
   */
  private static final class CaseWriter implements Consumer<Written> {
    private final PrintWriter out;
    private final Progress progress;
    private final List<String> held = new ArrayList<>();
    private boolean solvedOne;
    int answered;
    int none;

    CaseWriter(PrintWriter out, Progress progress) {
      this.out = out;
      this.progress = progress;
    }

    @Override
    public void accept(Written w) {
      progress.beforeOutput();
      solvedOne |= w.isCase();
      if (!solvedOne) {
        held.add(w.line());
        if (w.warning() != null) {
          System.err.println(w.warning());
        }
        return;
      }
      flushHeld();
      if (w.warning() != null) {
        System.err.println(w.warning());
      }
      out.println(w.line());
      out.flush();
      answered += w.answered() ? 1 : 0;
      none += w.noSolution() ? 1 : 0;
    }

    void flushHeld() {
      held.forEach(out::println);
      held.clear();
      out.flush();
    }
  }

  /** The input as the summary names it. */
  private static String lines(String input) {
    return input.equals("-") ? "standard input" : input;
  }
}
