package fgc.cli;

import fgc.cache.LoadedSolver;
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
 * {@code run --marginals --input} and {@code run --task T --input}: one block per case of evidence,
 * in input order. A block is a header line {@code # case N (line L): EVIDENCE}, then exactly the
 * lines one {@code run --marginals} (or {@code run --task T}) with that evidence prints (none when
 * it prints none; the reason is on standard error), so a program can split the output at the
 * headers and read each block as a single run's. Every line with evidence, a bad one too, has its
 * block and its number N; comment and blank lines and the CSV header are echoed between blocks as
 * they came. One compiled solver, an instance per thread, reset before each case.
 */
final class MarginalsBatch {
  /**
   * One case's answer on a solver that holds no evidence and is as new (null when there is none to
   * make).
   */
  interface CaseAnswer {
    MarginalsOutput.Answer answer(GeneratedAlgorithm solver, int[] evidence);
  }

  private final Model model;
  private final Supplier<GeneratedAlgorithm> instances;
  private final CaseAnswer answer;
  private final String what;
  private final int[] base;
  private final String baseName;
  private final String input;
  private final Supplier<BoundedLines> open;
  private final int threads;

  /**
   * Marginals, as {@code run --marginals} prints them.
   *
   * @param base the data file's and --observe's values, under every case ({@code baseName} names
   *     them in errors)
   * @param input the --input argument, {@code open} opens it (again, to count its cases when it can
   *     be read twice)
   */
  MarginalsBatch(
      Model model,
      LoadedSolver loaded,
      int[] base,
      String baseName,
      String input,
      Supplier<BoundedLines> open,
      int threads,
      int sweeps,
      double tolerance) {
    this(
        model,
        loaded::newInstance,
        (solver, evidence) -> MarginalsOutput.answer(model, solver, evidence, sweeps, tolerance),
        "marginals",
        base,
        baseName,
        input,
        open,
        threads);
  }

  /**
   * Any answer per case: {@code instances} makes a solver per thread, {@code answer} answers a case
   * on it, and {@code what} is what a case without one lacks in the summary ({@code no MPE: 1 of
   * 3}).
   */
  MarginalsBatch(
      Model model,
      Supplier<GeneratedAlgorithm> instances,
      CaseAnswer answer,
      String what,
      int[] base,
      String baseName,
      String input,
      Supplier<BoundedLines> open,
      int threads) {
    this.model = model;
    this.instances = instances;
    this.answer = answer;
    this.what = what;
    this.base = base;
    this.baseName = baseName;
    this.input = input;
    this.open = open;
    this.threads = threads;
  }

  /**
   * Answers every case; the exit code as for solutions: 2 on an input error, else 1 when some case
   * has no marginals.
   */
  int run() throws IOException {
    long start = System.nanoTime();
    int total = 0;
    int bad = 0;
    int number = 0;
    try (BoundedLines lines = open.get();
        PrintWriter out = new PrintWriter(OutputFile.standardOutput());
        Progress progress =
            Progress.start(Progress.Mode.of(false), "run", -1, "cases").onInterrupt()) {
      if (Progress.readableTwice(input)) {
        progress.countInBackground(
            () -> {
              try (BoundedLines again = open.get()) {
                return CaseLines.count(new CaseLines(model, base, baseName, again));
              }
            });
      }
      CaseLines cases = new CaseLines(model, base, baseName, lines);
      Writer writer = new Writer(out, progress);
      // A case's progress step comes after its block is written, so an interrupted run's count is
      // of blocks written.
      try (Batch<Case, Block> work =
          new Batch<>(
              threads,
              "fgc-run",
              () -> {
                GeneratedAlgorithm solver = instances.get();
                return c -> c.answer(answer, solver, lines.name());
              },
              block -> writer.accept(block.value()),
              done -> progress.step())) {
        for (EvidenceLines.Line line; (line = cases.next()) != null; ) {
          if (line.kind() == EvidenceLines.Kind.ERROR) {
            bad++;
            work.add(
                new Block(
                    List.of(header(++number, line.number(), line.text())),
                    "fgc: " + line.error(lines.name()),
                    false));
          } else if (line.isCase()) {
            total++;
            work.submit(new Case(++number, line.number(), line.text(), line.evidence()));
          } else {
            work.add(new Block(List.of(line.text()), null, false));
          }
          if (threads > 1 && !lines.ready()) {
            work.finish(); // a program that sends a case and waits for its answer gets it now
          }
        }
        work.finish();
      }
      if (total == 0 && bad == 0) {
        System.err.println(
            "fgc: " + (input.equals("-") ? "standard input" : input) + " holds no cases");
        return 2;
      }
      long ms = (System.nanoTime() - start) / 1_000_000;
      int none = total - writer.answered;
      System.err.println(
          "answered "
              + writer.answered
              + " of "
              + total
              + " in "
              + ms
              + " ms"
              + (none > 0 ? "; no " + what + ": " + none + " of " + total : "")
              + (bad > 0 ? "; " + bad + " input error" + (bad == 1 ? "" : "s") : ""));
      return bad > 0 ? 2 : none > 0 ? 1 : 0;
    }
  }

  /** The line a case's block starts with. */
  static String header(int number, int line, String text) {
    return "# case " + number + " (line " + line + "): " + text.strip();
  }

  /** One case: its number among the lines with evidence, its input line, and its whole evidence. */
  private record Case(int number, int line, String text, int[] evidence) {
    Block answer(CaseAnswer answer, GeneratedAlgorithm solver, String file) {
      // As a new instance: the last case's evidence gone and BP's messages back to their start.
      if (solver != null) {
        solver.clearAllObserved();
        solver.reset();
      }
      MarginalsOutput.Answer a = answer.answer(solver, evidence);
      List<String> lines = new ArrayList<>(a.lines().size() + 1);
      lines.add(header(number, line, text));
      lines.addAll(a.lines());
      return new Block(
          lines,
          a.reason() == null ? null : "fgc: " + file + ":" + line + ": " + a.reason(),
          a.reason() == null);
    }
  }

  /** Lines to write, the warning before them, and whether they answer a case. */
  private record Block(List<String> lines, String warning, boolean answered) {}

  /** Writes each block in order, its warning on standard error first. */
  private static final class Writer implements Consumer<Block> {
    private final PrintWriter out;
    private final Progress progress;
    int answered;

    Writer(PrintWriter out, Progress progress) {
      this.out = out;
      this.progress = progress;
    }

    @Override
    public void accept(Block b) {
      progress.beforeOutput();
      if (b.warning() != null) {
        System.err.println(b.warning());
      }
      b.lines().forEach(out::println);
      out.flush();
      answered += b.answered() ? 1 : 0;
    }
  }
}
