package fgc.cli;

import fgc.algorithm.GeneratedAlgorithm;
import fgc.cache.LoadedSolver;
import fgc.compilation.AlgorithmSpec;
import fgc.compiler.Algorithms;
import fgc.compiler.plan.SolverLimits;
import fgc.compiler.plan.SweepCost;
import fgc.driver.Driver;
import fgc.driver.Drivers;
import fgc.driver.ExactDriver;
import fgc.driver.SolveEvents;
import fgc.driver.SolveResult;
import fgc.driver.search.Search;
import fgc.lang.DataSet;
import fgc.lang.FgcLanguage;
import fgc.model.Evidence;
import fgc.model.Model;
import fgc.model.VariableArray;
import fgc.runtime.Batch;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Runs any model (not only grids): observed values from the data file and --observe, then either a
 * solution (decimation, checked against every factor) or the marginals of the free variables.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = {
      "Run a model with a data file: print a solution (one line per variable), or --marginals.",
      "A weighted model (a table, prior, cpt or weight whose positive weights differ) gets its most probable assignment"
          + " given the evidence, after a first line that names the method and says whether it is proven optimal: elimination"
          + " where the model fits its limits, else branch and bound (--time-limit, --node-limit); --driver exact is always"
          + " the branch and bound, --driver decimate max-product decimation, approximate.",
      "--input FILE solves one case of evidence per line (x[0]=3 y=2, or CSV under a header row of variable names) "
          + "and prints one line per input line: the answer, or the line itself when there is none (the reason on standard error); "
          + "with --marginals, one block per case: '# case N (line L): EVIDENCE', then the lines one run with that evidence prints."
    },
    footer = {
      "",
      "Example: fgc run colouring --data petersen.fgd --observe colour[0]=2",
      "Example: echo 'x[0][0]=2 x[1][1]=2' | fgc run latin --driver exact --input -",
      "Example: echo 'wet=1' | fgc run sprinkler --marginals --input -",
      "",
      "Exit codes: 0 solved (or marginals printed), 1 not solved, or no solution to the model or the evidence, "
          + "2 usage, input or model errors (a model too large for the algorithm, or one the driver cannot take, among them), "
          + "130 interrupted."
    })
final class RunCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "MODEL", description = "Bundled model name or model file.")
  String model;

  @Mixin ModelOptions options;

  @Option(
      names = "--observe",
      paramLabel = "NAME[i]=V",
      description = "An observed value, e.g. x[0][2]=5 (repeatable).")
  List<String> observations = new ArrayList<>();

  @Option(
      names = "--driver",
      paramLabel = "NAME",
      completionCandidates = SolveCommand.DriverNames.class,
      description =
          "Driver that finds the solution: ${COMPLETION-CANDIDATES} (default: the first).")
  String driverName;

  @Option(
      names = "--input",
      paramLabel = "FILE|-",
      description =
          "Cases of evidence, one per line, each solved (or with --marginals or --task, answered) on top of the data file, --evid and --observe;"
              + " - reads standard input.")
  String input;

  @Option(
      names = "--threads",
      paramLabel = "N",
      defaultValue = "1",
      description =
          "With --input: solve N cases at a time, each thread with its own driver and solver; the output stays in input order (default: ${DEFAULT-VALUE}).")
  @NumberOptions.Range(min = 1, max = 256)
  int threads;

  @Option(
      names = "--marginals",
      description =
          "Print each free variable's marginal instead of solving: exact (elimination) when"
              + " the model fits its limit, else sum-product BP to --tolerance; --algorithm chooses another. The first line names the method.")
  boolean marginals;

  @Option(
      names = "--sweeps",
      paramLabel = "N",
      defaultValue = "1000",
      description =
          "Most sweeps of BP for --marginals (default ${DEFAULT-VALUE}); it stops sooner once converged to --tolerance.")
  @NumberOptions.Range(min = 0)
  int sweeps;

  @Option(
      names = "--tolerance",
      paramLabel = "T",
      defaultValue = "1e-9",
      description =
          "BP for --marginals has converged when no message entry changes by more in a sweep (default ${DEFAULT-VALUE}).")
  @NumberOptions.Range(min = 0)
  double tolerance;

  @Option(
      names = "--time-limit",
      paramLabel = "SECONDS",
      defaultValue = "0",
      description =
          "For a weighted model's branch and bound: stop after this long and print the best assignment found,"
              + " labelled not proven optimal (default: no limit).")
  @NumberOptions.Range(min = 0)
  double timeLimit;

  @Option(
      names = "--node-limit",
      paramLabel = "N",
      defaultValue = "0",
      description =
          "For a weighted model's branch and bound: stop after N branches, as --time-limit (default: no limit).")
  @NumberOptions.Range(min = 0)
  long nodeLimit;

  @Option(
      names = "--task",
      paramLabel = "MAR|PR|MPE",
      description =
          "For a UAI model (.uai): answer a UAI competition task exactly and print the competition's result format:"
              + " MAR the marginals, PR log10 Z (of the evidence), MPE a most probable assignment (by branch and bound past"
              + " elimination's limits, within --time-limit and --node-limit, saying on standard error whether it is proven optimal).")
  String task;

  @Option(
      names = "--evid",
      paramLabel = "FILE",
      description = "For a UAI model with --task: its evidence file (.evid).")
  java.nio.file.Path evid;

  @Spec CommandSpec command;

  /** Options a UAI task cannot apply: it answers exactly, on the file and its evidence alone. */
  private static final List<String> NOT_FOR_TASKS =
      List.of(
          "--algorithm",
          "--damping",
          "--data",
          "--param",
          "--driver",
          "--marginals",
          "--sweeps",
          "--tolerance");

  /**
   * The algorithm of this run: --algorithm's, else for --marginals exact inference when the model
   * fits, else the default.
   */
  private AlgorithmSpec spec;

  /**
   * One warning before a run of up to {@code mostSweeps} sweeps whose estimated cost ({@code cost})
   * passes {@link SolverLimits#WARN_RUN_OPERATIONS}: one sweep of an instance from {@code solver}
   * (made only then) is timed, and the warning says what is expensive, what the sweep took and what
   * the most sweeps would take at that rate. The sweep is undone ({@code reset}) before the run.
   */
  private void warnIfLongSweeps(
      Model m,
      SweepCost cost,
      Supplier<GeneratedAlgorithm> instance,
      long mostSweeps,
      String what) {
    if (cost == null
        || cost.onePass()
        || (double) cost.operations() * mostSweeps <= SolverLimits.WARN_RUN_OPERATIONS) {
      return;
    }
    GeneratedAlgorithm solver = instance.get();
    long start = System.nanoTime();
    solver.update(1);
    double sweep = (System.nanoTime() - start) / 1e9;
    solver.reset();
    double seconds = sweep * mostSweeps;
    if (seconds < SolverLimits.WARN_RUN_OPERATIONS / 1e9) {
      return;
    }
    System.err.println(
        "fgc: warning: this run may take long: about "
            + SweepCost.scientific(cost.operations())
            + " operations per sweep of "
            + spec.name()
            + ", "
            + cost.dominant()
            + "; one sweep took "
            + String.format(Locale.ROOT, "%.2f s", sweep)
            + " here, and the run may take up to "
            + mostSweeps
            + " "
            + what
            + " (up to "
            + duration(seconds)
            + " at that rate; fewer once it converges); "
            + cost.advice(m));
  }

  private static String duration(double seconds) {
    return seconds >= 7200
        ? String.format(Locale.ROOT, "%.0f hours", seconds / 3600)
        : seconds >= 120
            ? String.format(Locale.ROOT, "%.0f minutes", seconds / 60)
            : String.format(Locale.ROOT, "%.0f seconds", seconds);
  }

  /** The warning for exact inference, whose one pass ({@code cost}) is the whole run. */
  static void warnIfLongPass(SweepCost cost, String algorithm, Model m) {
    if (cost.operations() <= SolverLimits.WARN_RUN_OPERATIONS) {
      return;
    }
    System.err.println(
        "fgc: warning: this run may take long: about "
            + SweepCost.scientific(cost.operations())
            + " operations in the one pass of "
            + algorithm
            + ", "
            + cost.dominant()
            + " ("
            + duration(cost.operations() / 1e9)
            + " or more at a billion operations a second, an estimate); "
            + cost.advice(m));
  }

  @Override
  public Integer call() throws IOException {
    if (task != null || evid != null) {
      List<String> given = new ArrayList<>();
      for (String name : NOT_FOR_TASKS) {
        if (command != null && command.commandLine().getParseResult().hasMatchedOption(name)) {
          given.add(name);
        }
      }
      if (!given.isEmpty()) {
        throw new IllegalArgumentException(
            "--task and --evid answer exactly (elimination) on the UAI file with the"
                + " evidence of --evid, --observe and --input; they do not take "
                + String.join(", ", given));
      }
      if (threads > 1 && input == null) {
        throw new IllegalArgumentException(
            "--threads answers the cases of --input N at a time; give --input FILE too");
      }
      return UaiTask.run(
          model,
          evid,
          UaiTask.task(task == null ? "MAR" : task),
          options,
          (m, fromFile) -> observed(m, fromFile, "the evidence file " + evid),
          input,
          threads,
          this::openInput,
          timeLimit,
          nodeLimit == 0 ? Long.MAX_VALUE : nodeLimit);
    }
    if (marginals && driverName != null) {
      throw new IllegalArgumentException(
          "--marginals prints marginals, not a solution; --driver is for solutions: give one or the other");
    }
    if (threads > 1 && input == null) {
      throw new IllegalArgumentException(
          "--threads solves the cases of --input N at a time; give --input FILE too");
    }
    DataSet data = options.dataSet();
    Model m = options.loadWithData(model, data);
    Evidence evidence = observed(m, FgcLanguage.evidence(m, data), "the data file " + options.data);
    weighted = !marginals && Search.weighs(m);
    int[] evidenceValues = evidence.values();
    boolean limited = timeLimit > 0 || nodeLimit > 0;
    if (limited
        && (!weighted || input != null || (driverName != null && !driverName.equals("exact")))) {
      // Said, not ignored: the limits bound only a weighted model's branch and bound of one run.
      throw new IllegalArgumentException(
          "--time-limit and --node-limit bound the branch and bound of a weighted model's most"
              + " probable assignment in one run (without --input, --marginals or another --driver than exact)"
              + (weighted || marginals
                  ? ""
                  : "; model " + m.name() + " has no soft factor (weights that differ)"));
    }
    boolean byDefault = driverName == null && !options.algorithmChosen() && options.damping == null;
    if (weighted && input == null && (byDefault || "exact".equals(driverName))) {
      // The most probable assignment, proven where the run finishes; --driver exact always by
      // branch and bound.
      return MostProbableRun.run(
          m,
          evidenceValues,
          options,
          byDefault,
          timeLimit,
          nodeLimit == 0 ? Long.MAX_VALUE : nodeLimit);
    }
    Driver driver = marginals ? null : driver();
    spec = marginals ? MarginalsOutput.spec(m, options) : options.spec();
    int[] given = evidence.values();
    int free = 0;
    for (int value : given) {
      free += value == Evidence.NONE ? 1 : 0;
    }
    // A driver that reads no compiled algorithm (exact) runs without loading or compiling one. The
    // warning comes first: loading may compile, and a long run should say so before anything else.
    boolean usesAlgorithm = marginals || driver.usesAlgorithm();
    // Estimated once: for exact inference it is a whole plan.
    SweepCost cost = usesAlgorithm ? Algorithms.of(spec).sweepCost(m) : null;
    if (cost != null && cost.onePass()) {
      warnIfLongPass(cost, spec.name(), m);
    }
    LoadedSolver compiled = usesAlgorithm ? options.cache().load(m, spec) : null;
    // A batch's workers make their own instances; a single run makes its one here, and times a
    // sweep
    // on it. A batch makes one only to time a sweep, when a warning may be due.
    GeneratedAlgorithm solver = compiled == null || input != null ? null : compiled.newInstance();
    if (compiled != null) {
      warnIfLongSweeps(
          m,
          cost,
          () -> solver != null ? solver : compiled.newInstance(),
          marginals ? sweeps : driver.mostSweeps(free),
          marginals ? "sweeps (--sweeps)" : "sweeps in an attempt of " + driver.name());
    }
    if (input != null && marginals) {
      return new MarginalsBatch(
              m, compiled, given, baseName(), input, this::openInput, threads, sweeps, tolerance)
          .run();
    }
    if (input != null) {
      return batch(m, driver, compiled, given);
    }
    try (Progress progress =
        Progress.start(Progress.Mode.LINES, "run", marginals ? sweeps : -1, "sweeps")) {
      return run(m, solver == null ? null : new Stepping(solver, progress), given, driver);
    }
  }

  /**
   * Whether the model weighs its values (a soft factor), so that its answer is the most probable
   * assignment.
   */
  private boolean weighted;

  /**
   * The chosen driver (decimate by default; exact, the most probable assignment, for a weighted
   * model unless an algorithm is chosen); exact, over a batch, switches to a propagator generated
   * for the model.
   */
  private Driver driver() {
    boolean byDefault = driverName == null && !options.algorithmChosen() && options.damping == null;
    Driver d =
        Drivers.named(
            driverName != null
                ? driverName
                : weighted && byDefault ? "exact" : Drivers.names().get(0));
    if (input != null && d instanceof ExactDriver exact) {
      return exact.withGeneratedPropagation(propagators(), ExactDriver.GENERATE_AFTER);
    }
    return d;
  }

  /**
   * One source of generated propagators for every thread's driver (one cache, one compile per
   * model).
   */
  private fgc.driver.exact.PropagatorSource propagators;

  private synchronized fgc.driver.exact.PropagatorSource propagators() {
    if (propagators == null) {
      propagators = options.cache().propagators();
    }
    return propagators;
  }

  /**
   * Solves every case of --input in input order, one output line per input line: the answer (after
   * {@link AnswerCheck}), or the line as it came, with the reason on standard error. Nothing is
   * written before the first case is solved, so a model the driver cannot take is reported alone.
   * With --threads N the cases are solved N at a time, each thread with its own driver and solver.
   */
  private int batch(Model m, Driver driver, LoadedSolver loaded, int[] base) throws IOException {
    long start = System.nanoTime();
    String baseName = baseName();
    int total = 0;
    int bad = 0;
    try (BoundedLines lines = openInput();
        PrintWriter out = new PrintWriter(OutputFile.standardOutput());
        Progress progress =
            Progress.start(Progress.Mode.of(false), "run", -1, "cases").onInterrupt()) {
      if (Progress.readableTwice(input)) {
        progress.countInBackground(
            () -> {
              try (BoundedLines again = openInput()) {
                return countCases(new EvidenceLines(m, base, baseName, again));
              }
            });
      }
      EvidenceLines cases = new EvidenceLines(m, base, baseName, lines);
      CaseWriter writer = new CaseWriter(out, progress);
      // Each worker has a driver of its own (one with a single thread: the one given).
      try (Batch<Case, Written> work =
          new Batch<>(
              threads,
              "fgc-run",
              () -> {
                Driver d = threads == 1 ? driver : driver();
                GeneratedAlgorithm solver = loaded != null ? loaded.newInstance() : null;
                return c -> c.solve(m, d, solver, lines.name());
              },
              answer -> writer.accept(answer.value()),
              done -> progress.step())) {
        for (EvidenceLines.Line line; (line = cases.next()) != null; ) {
          if (line.error() != null) {
            bad++;
            work.add(new Written(line.text(), "fgc: " + line.error(), false, false, false));
          } else if (line.header()) {
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
   * What gives the values under every case of --input, for an error that a case gives one again.
   */
  private String baseName() {
    return options.data != null ? "the data file " + options.data + " or --observe" : "--observe";
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
            text,
            "fgc: " + file + ":" + number + ": the answer failed the independent check: " + failed,
            true,
            false,
            false);
      }
      return new Written(
          text,
          "fgc: " + file + ":" + number + ": " + Outcomes.unsolved(r, driver, m, evidence),
          true,
          false,
          Outcomes.noSolution(r));
    }
  }

  /** A line to write, the warning before it, and what it counts for. */
  private record Written(
      String line, String warning, boolean isCase, boolean answered, boolean noSolution) {}

  /**
   * Writes each line in order; until the first case is solved, lines are held (their warnings are
   * not), so a model the driver cannot take is reported alone, with nothing on standard output.
   */
  private static final class CaseWriter implements java.util.function.Consumer<Written> {
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

  /** The cases (lines of evidence) of {@code lines}, counted without solving any. */
  static long countCases(EvidenceLines lines) throws IOException {
    long n = 0;
    for (EvidenceLines.Line line; (line = lines.next()) != null; ) {
      n += line.isCase() ? 1 : 0;
    }
    return n;
  }

  private static String lines(String input) {
    return input.equals("-") ? "standard input" : input;
  }

  private BoundedLines openInput() {
    if (input.equals("-")) {
      return new BoundedLines(new InputStreamReader(System.in, StandardCharsets.UTF_8), "stdin");
    }
    Path file = Path.of(input);
    if (Files.isDirectory(file)) {
      throw new IllegalArgumentException(
          "cannot read --input " + input + ": it is a folder, not a file of cases");
    }
    try {
      return new BoundedLines(
          new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8), input);
    } catch (IOException e) {
      throw FileErrors.inputError("--input " + input, e);
    }
  }

  private Integer run(Model m, GeneratedAlgorithm solver, int[] given, Driver driver) {
    if (marginals) {
      MarginalsOutput.Answer answer = MarginalsOutput.answer(m, solver, given, sweeps, tolerance);
      if (answer.reason() != null) {
        System.err.println("fgc: " + answer.reason());
        return 1;
      }
      answer.lines().forEach(System.out::println);
      return 0;
    }
    SolveResult result = Outcomes.solve(driver, solver, m, given, SolveEvents.NONE);
    if (!result.solved()) {
      System.err.println("fgc: " + Outcomes.unsolved(result, driver, m, given));
      return 1;
    }
    String failed = AnswerCheck.failure(m, given, result.values());
    if (failed != null) {
      System.err.println("fgc: the answer failed the independent check: " + failed);
      return 1;
    }
    if (weighted) {
      // Only a weighted model has a most probable assignment to miss; say this is not proven one.
      System.out.println(
          MostProbableRun.decimationLine(
              m,
              result.values(),
              driver.usesAlgorithm() ? driver.name() + " with " + spec.name() : driver.name()));
    }
    for (VariableArray a : m.arrays()) {
      for (int k = 0; k < a.size(); k++) {
        System.out.println(
            a.elementName(k)
                + " = "
                + m.valueText(a.firstIndex() + k, result.values()[a.firstIndex() + k]));
      }
    }
    return 0;
  }

  /**
   * {@code fromData} with every --observe added. A variable may be observed once: a second value
   * for it, from {@code source} (the data or evidence file) or another --observe, is an error
   * naming both, not a silent choice.
   */
  private Evidence observed(Model m, Evidence fromData, String source) {
    int[] data = fromData.values();
    String[] by = new String[data.length];
    Evidence evidence = fromData;
    for (String text : observations) {
      int[] before = evidence.values();
      int[] after = FgcLanguage.observe(m, Evidence.none(m), text).values();
      for (int i = 0; i < after.length; i++) {
        if (after[i] == Evidence.NONE) {
          continue;
        }
        if (by[i] != null) {
          throw new IllegalArgumentException(
              "--observe "
                  + text
                  + " observes "
                  + m.variableName(i)
                  + " again, after --observe "
                  + by[i]
                  + "; give each variable one value");
        }
        if (before[i] != Evidence.NONE) {
          throw new IllegalArgumentException(
              "--observe "
                  + text
                  + " observes "
                  + m.variableName(i)
                  + ", which "
                  + source
                  + " already observes as "
                  + before[i]
                  + "; give each variable one value");
        }
        by[i] = text;
        before[i] = after[i];
      }
      evidence = Evidence.of(m, before);
    }
    return evidence;
  }

  /**
   * The solver with one progress step per sweep, so that a long run says how far it has got
   * (decimation's sweeps happen inside the driver). The same sweeps, one at a time.
   */
  private static final class Stepping implements GeneratedAlgorithm {
    private final GeneratedAlgorithm solver;
    private final Progress progress;

    Stepping(GeneratedAlgorithm solver, Progress progress) {
      this.solver = solver;
      this.progress = progress;
    }

    @Override
    public double update(int sweeps) {
      if (sweeps <= 0) {
        return solver.update(sweeps);
      }
      double change = 0;
      for (int s = 0; s < sweeps; s++) {
        change = solver.update(1);
        progress.step();
      }
      return change;
    }

    @Override
    public String key() {
      return solver.key();
    }

    @Override
    public String algorithm() {
      return solver.algorithm();
    }

    @Override
    public int variableCount() {
      return solver.variableCount();
    }

    @Override
    public int lowestValue(int variable) {
      return solver.lowestValue(variable);
    }

    @Override
    public int domainSize(int variable) {
      return solver.domainSize(variable);
    }

    @Override
    public void setObserved(int variable, int value) {
      solver.setObserved(variable, value);
    }

    @Override
    public void clearObserved(int variable) {
      solver.clearObserved(variable);
    }

    @Override
    public void clearAllObserved() {
      solver.clearAllObserved();
    }

    @Override
    public void reset() {
      solver.reset();
    }

    @Override
    public void resetWithNoise(long seed, double scale) {
      solver.resetWithNoise(seed, scale);
    }

    @Override
    public int sweepsDone() {
      return solver.sweepsDone();
    }

    @Override
    public void marginal(int variable, double[] out) {
      solver.marginal(variable, out);
    }

    @Override
    public boolean contradiction() {
      return solver.contradiction();
    }

    @Override
    public boolean exact() {
      return solver.exact();
    }

    @Override
    public double logPartition() {
      return solver.logPartition();
    }

    @Override
    public boolean mostProbable(int[] out) {
      return solver.mostProbable(out);
    }
  }
}
