package fgc.cli;

import fgc.algorithm.GeneratedAlgorithm;
import fgc.compiler.plan.SolverLimits;
import fgc.compiler.plan.SweepCost;
import fgc.driver.Assignments;
import fgc.driver.DecimationDriver;
import fgc.driver.SolveResult;
import fgc.lang.DataSet;
import fgc.lang.FgcLanguage;
import fgc.model.Evidence;
import fgc.model.Model;
import fgc.model.VariableArray;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Runs any model (not only grids): observed values from the data file and --observe, then either a
 * solution (decimation, checked against every factor) or the marginals of the free variables.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
    description = "Run a model with a data file: print a solution (one line per variable), or --marginals.",
    footer = {"", "Example: fgc run colouring --data petersen.fgd --observe colour[0]=2",
        "Exit codes: 0 solved (or marginals printed), 1 not solved, or no solution to the model or the evidence,",
        "2 usage or model errors (a model too large for the algorithm among them)."})
final class RunCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "MODEL", description = "Bundled model name or model file.")
  String model;

  @Mixin
  ModelOptions options;

  @Option(names = "--observe", paramLabel = "NAME[i]=V", description = "An observed value, e.g. x[0][2]=5 (repeatable).")
  List<String> observations = new ArrayList<>();

  @Option(names = "--marginals", description = "Print each free variable's marginal after --sweeps sweeps instead of solving.")
  boolean marginals;

  @Option(names = "--sweeps", paramLabel = "N", defaultValue = "50", description = "Sweeps for --marginals (default ${DEFAULT-VALUE}).")
  @NumberOptions.Range(min = 0)
  int sweeps;

  /**
   * One warning before a run whose estimated cost ({@link SweepCost}, {@code sweeps} sweeps) passes
   * {@link SolverLimits#WARN_RUN_OPERATIONS}: what is expensive, and what would be cheaper.
   */
  private void warnIfLong(Model m, long sweeps, String what) {
    SweepCost cost = SweepCost.of(m, options.spec().name());
    if ((double) cost.operations() * sweeps <= SolverLimits.WARN_RUN_OPERATIONS) {
      return;
    }
    double seconds = (double) cost.operations() * sweeps / 1e9;
    String time = seconds >= 7200 ? String.format(Locale.ROOT, "%.0f hours", seconds / 3600)
        : seconds >= 120 ? String.format(Locale.ROOT, "%.0f minutes", seconds / 60) : String.format(Locale.ROOT, "%.0f seconds", seconds);
    System.err.println("fgc: warning: this run may take long: about " + SweepCost.scientific(cost.operations())
        + " operations per sweep of " + options.spec().name() + ", " + cost.dominant() + ", and " + sweeps + " " + what
        + " (" + time + " or more at a billion operations a second); " + cost.advice(m));
  }

  @Override
  public Integer call() {
    DataSet data = options.dataSet();
    Model m = options.loadWithData(model, data);
    Evidence evidence = observed(m, FgcLanguage.evidence(m, data));
    GeneratedAlgorithm loaded = options.cache().load(m, options.spec()).newInstance();
    int[] given = evidence.values();
    int free = 0;
    for (int value : given) {
      free += value == Evidence.NONE ? 1 : 0;
    }
    warnIfLong(m, marginals ? sweeps : free, marginals ? "sweeps" : "sweeps (one at least per free variable)");
    try (Progress progress = Progress.start(Progress.Mode.LINES, "run", marginals ? sweeps : -1, "sweeps")) {
      return run(m, new Stepping(loaded, progress), given, free);
    }
  }

  private Integer run(Model m, GeneratedAlgorithm solver, int[] given, int free) {
    if (marginals) {
      String broken = Assignments.firstViolationAmongGiven(m, given);
      if (broken != null) {
        System.err.println("fgc: no marginals: the evidence contradicts the model: " + broken);
        return 1;
      }
      for (int i = 0; i < given.length; i++) {
        if (given[i] != Evidence.NONE) {
          solver.setObserved(i, given[i]);
        }
      }
      solver.update(sweeps);
      // Every row is checked before any is printed: a belief with no mass (BP ruled out every value,
      // which it does only for a value no solution has) or not a number is no distribution, and
      // zeros printed as one would read as an answer.
      String against = free == given.length ? "the model has no solution" : "the evidence contradicts the model";
      List<String> lines = new ArrayList<>();
      for (int i = 0; i < given.length; i++) {
        double[] p = new double[solver.domainSize(i)];
        solver.marginal(i, p);
        double sum = 0;
        for (double x : p) {
          sum += x;
        }
        if (!(Math.abs(sum - 1) < 1e-6)) {
          System.err.println("fgc: no marginals: " + (Double.isNaN(sum)
              ? "BP's belief of " + m.variableName(i) + " is not a number"
              : against + ": BP rules out every value of " + m.variableName(i)));
          return 1;
        }
        if (given[i] == Evidence.NONE) {
          StringBuilder line = new StringBuilder(m.variableName(i));
          for (int v = 0; v < p.length; v++) {
            line.append(String.format(Locale.ROOT, " %d:%.4f", solver.lowestValue(i) + v, p[v]));
          }
          lines.add(line.toString());
        }
      }
      if (solver.contradiction()) { // ep-dirichlet's marginals are posterior means, which keep mass where BP's beliefs have none
        System.err.println("fgc: no marginals: " + against + ": BP rules out every value of some variable");
        return 1;
      }
      lines.forEach(System.out::println);
      return 0;
    }
    SolveResult result = DecimationDriver.withDefaults().solve(solver, m, given);
    if (!result.solved()) {
      System.err.println("fgc: " + result.status().words());
      return 1;
    }
    for (VariableArray a : m.arrays()) {
      for (int k = 0; k < a.size(); k++) {
        System.out.println(a.elementName(k) + " = " + result.values()[a.firstIndex() + k]);
      }
    }
    return 0;
  }

  /**
   * {@code fromData} with every --observe added. A variable may be observed once: a second value
   * for it, from the data file or another --observe, is an error naming both, not a silent choice.
   */
  private Evidence observed(Model m, Evidence fromData) {
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
          throw new IllegalArgumentException("--observe " + text + " observes " + m.variableName(i) + " again, after --observe " + by[i]
              + "; give each variable one value");
        }
        if (before[i] != Evidence.NONE) {
          throw new IllegalArgumentException("--observe " + text + " observes " + m.variableName(i) + ", which the data file "
              + options.data + " already observes as " + before[i] + "; give each variable one value");
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
  }
}
