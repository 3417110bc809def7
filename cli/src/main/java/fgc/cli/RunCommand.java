package fgc.cli;

import fgc.algorithms.Algorithms;
import fgc.cache.LoadedSolver;
import fgc.compilation.AlgorithmSpec;
import fgc.driver.Driver;
import fgc.driver.Drivers;
import fgc.driver.ExactDriver;
import fgc.driver.search.PropagatorSource;
import fgc.driver.search.Search;
import fgc.lang.DataSet;
import fgc.lang.FgcLanguage;
import fgc.model.Evidence;
import fgc.model.Model;
import fgc.plan.SweepCost;
import fgc.solver.GeneratedAlgorithm;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Runs any model (not only grids): observed values from the data file and --observe, then either a
 * solution (decimation, checked against every factor) or the marginals of the free variables.
 */
final class RunCommand implements Callable<Integer> {
  String model;

  ModelOptions options = new ModelOptions();

  SearchLimits limits = new SearchLimits();

  List<String> observations = new ArrayList<>();

  String driverName;

  String input;

  @NumberOptions.Range(min = 1, max = 256)
  int threads;

  boolean marginals;

  @NumberOptions.Range(min = 0)
  int sweeps;

  @NumberOptions.Range(min = 0)
  double tolerance;

  String task;

  Path evid;

  CommandSpec command;

  /**
   * The algorithm of this run: --algorithm's, else for --marginals exact inference when the model
   * fits, else the default.
   */
  private AlgorithmSpec spec;

  @Override
  public Integer call() throws IOException {
    if (task != null || evid != null) {
      UaiTask.refuseOptions(command, threads > 1 && input == null);
      return UaiTask.run(
          model,
          evid,
          UaiTask.task(task == null ? "MAR" : task),
          options,
          (m, fromFile) ->
              Observations.observed(m, fromFile, "the evidence file " + evid, observations),
          input,
          threads,
          this::openInput,
          limits.seconds(),
          limits.nodes());
    }
    if (marginals && driverName != null) {
      throw new IllegalArgumentException(
          "--marginals prints marginals, not a solution; --driver is for solutions: give one or "
              + "the other");
    }
    if (threads > 1 && input == null) {
      throw new IllegalArgumentException(
          "--threads solves the cases of --input N at a time; give --input FILE too");
    }
    DataSet data = options.dataSet();
    Model m = options.loadWithData(model, data);
    Evidence evidence =
        Observations.observed(
            m, FgcLanguage.evidence(m, data), "the data file " + options.data, observations);
    weighted = !marginals && Search.weighs(m);
    int[] evidenceValues = evidence.values();
    MostProbableRun.checkLimits(
        m,
        weighted,
        marginals,
        limits.given(),
        input == null && (driverName == null || driverName.equals("exact")));
    boolean byDefault = driverName == null && !options.algorithmChosen() && options.damping == null;
    if (weighted && input == null && (byDefault || "exact".equals(driverName))) {
      // The most probable assignment, proven where the run finishes; --driver exact always by
      // branch and bound.
      return MostProbableRun.run(
          m, evidenceValues, options, byDefault, limits.seconds(), limits.nodes());
    }
    Driver driver = marginals ? null : driver();
    spec = marginals ? MarginalsOutput.spec(m, options) : options.spec();
    int[] given = evidence.values();
    int free = (int) Arrays.stream(given).filter(value -> value == Evidence.NONE).count();
    // A driver that reads no compiled algorithm (exact) runs without loading or compiling one. The
    // warning comes first: loading may compile, and a long run should say so before anything else.
    boolean usesAlgorithm = marginals || driver.usesAlgorithm();
    // Estimated once: for exact inference it is a whole plan.
    SweepCost cost = usesAlgorithm ? Algorithms.of(spec).sweepCost(m) : null;
    if (cost != null && cost.onePass()) {
      LongRunWarning.pass(cost, spec.name(), m);
    }
    LoadedSolver compiled = usesAlgorithm ? options.cache().load(m, spec) : null;
    // A batch's workers make their own instances; a single run makes its one here, and times a
    // sweep on it. A batch makes one only to time a sweep, when a warning may be due.
    GeneratedAlgorithm solver = compiled == null || input != null ? null : compiled.newInstance();
    if (compiled != null) {
      LongRunWarning.sweeps(
          m,
          spec.name(),
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
      return new CaseBatch(m, driver, this::driver, compiled, given, baseName(), input, threads)
          .run(this::openInput);
    }
    try (Progress progress =
        Progress.start(Progress.Mode.LINES, "run", marginals ? sweeps : -1, "sweeps")) {
      GeneratedAlgorithm stepping = solver == null ? null : new SteppingSolver(solver, progress);
      return marginals
          ? SingleRun.marginals(m, stepping, given, sweeps, tolerance)
          : SingleRun.solve(m, stepping, given, driver, weighted ? spec : null);
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
  private PropagatorSource propagators;

  private synchronized PropagatorSource propagators() {
    if (propagators == null) {
      propagators = options.cache().propagators();
    }
    return propagators;
  }

  private BoundedLines openInput() {
    return BoundedLines.open(input, "a file of cases");
  }

  /**
   * What gives the values under every case of --input, for an error that a case gives one again.
   */
  private String baseName() {
    return options.data != null ? "the data file " + options.data + " or --observe" : "--observe";
  }

  /** This command, bound to this object's fields (see {@link Specs}). */
  CommandSpec spec() {
    CommandSpec spec = Specs.command(this, "run");
    spec.usageMessage()
        .description(
            "Run a model with a data file: print a solution (one line, x[0]=3 y=2, as --input "
                + "and --observe take evidence), or --marginals.",
            "A weighted model (a table, prior, cpt or weight whose positive weights differ) gets "
                + "its most probable assignment given the evidence, after a first line that names "
                + "the method and says whether it is proven optimal: elimination where the model "
                + "fits its limits, else branch and bound (--time-limit, --node-limit); --driver "
                + "exact is always the branch and bound, --driver decimate max-product decimation, "
                + "approximate.",
            "--input FILE solves one case of evidence per line (x[0]=3 y=2, or CSV under a header "
                + "row of variable names) and prints one line per input line: the answer as one "
                + "run prints it, or '# no answer: ' and the line when there is none (the reason "
                + "on standard error); with --marginals, one block per case: '# case N (line L): "
                + "EVIDENCE', then the lines one run with that evidence prints.")
        .footer(
            "",
            "Example: fgc run colouring --data petersen.fgd --observe colour[0]=2",
            "Example: echo 'x[0][0]=2 x[1][1]=2' | fgc run latin --driver exact --input -",
            "Example: echo 'wet=1' | fgc run sprinkler --marginals --input -",
            "",
            "Exit codes: 0 solved (or marginals printed), 1 not solved, or no solution to the "
                + "model or the evidence, 2 usage, input or model errors (a model too large for "
                + "the algorithm, or one the driver cannot take, among them), 130 interrupted.");
    spec.addPositional(
        Specs.positional(this, "model")
            .index("0")
            .required(true)
            .paramLabel("MODEL")
            .description("Bundled model name or model file.")
            .build());
    spec.addMixin("options", options.mixinSpec());
    spec.addOption(
        Specs.option(this, "observations", "--observe")
            .paramLabel("NAME[i]=V")
            .description("An observed value, e.g. x[0][2]=5 (repeatable).")
            .build());
    spec.addOption(
        Specs.option(this, "driverName", "--driver")
            .paramLabel("NAME")
            .completionCandidates(new DriverOptions.DriverNames())
            .description(
                "Driver that finds the solution: ${COMPLETION-CANDIDATES} (default: the first).")
            .build());
    spec.addOption(
        Specs.option(this, "input", "--input")
            .paramLabel("FILE|-")
            .description(
                "Cases of evidence, one per line, each solved (or with --marginals or --task, "
                    + "answered) on top of the data file, --evid and --observe;"
                    + " - reads standard input.")
            .build());
    spec.addOption(
        Specs.option(this, "threads", "--threads")
            .paramLabel("N")
            .defaultValue("1")
            .description(
                "With --input: solve N cases at a time, each thread with its own driver and "
                    + "solver; the output stays in input order (default: ${DEFAULT-VALUE}).")
            .build());
    spec.addOption(
        Specs.option(this, "marginals", "--marginals")
            .description(
                "Print each free variable's marginal instead of solving: exact (elimination) when"
                    + " the model fits its limit, else sum-product BP to --tolerance; "
                    + "--algorithm chooses another. The first line names the method.")
            .build());
    spec.addOption(
        Specs.option(this, "sweeps", "--sweeps")
            .paramLabel("N")
            .defaultValue("1000")
            .description(
                "Most sweeps of BP for --marginals (default ${DEFAULT-VALUE}); it stops sooner "
                    + "once converged to --tolerance.")
            .build());
    spec.addOption(
        Specs.option(this, "tolerance", "--tolerance")
            .paramLabel("T")
            .defaultValue("1e-9")
            .description(
                "BP for --marginals has converged when no message entry changes by more in a "
                    + "sweep (default ${DEFAULT-VALUE}).")
            .build());
    spec.addMixin("limits", limits.mixinSpec());
    spec.addOption(
        Specs.option(this, "task", "--task")
            .paramLabel("MAR|PR|MPE")
            .description(
                "For a UAI model (.uai): answer a UAI competition task exactly and print the "
                    + "competition's result format: MAR the marginals, PR log10 Z (of the "
                    + "evidence), MPE a most probable assignment (by branch and bound past "
                    + "elimination's limits, within --time-limit and --node-limit, saying on "
                    + "standard error whether it is proven optimal).")
            .build());
    spec.addOption(
        Specs.option(this, "evid", "--evid")
            .paramLabel("FILE")
            .description("For a UAI model with --task: its evidence file (.evid).")
            .build());
    Specs.standardHelp(spec);
    command = spec;
    return spec;
  }
}
