package fgc.cli;

import fgc.algorithm.GeneratedAlgorithm;
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
        "Exit codes: 0 solved (or marginals printed), 1 not solved, 2 usage or model errors."})
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

  @Override
  public Integer call() {
    DataSet data = options.dataSet();
    Model m = options.loadWithData(model, data);
    Evidence evidence = observed(m, FgcLanguage.evidence(m, data));
    GeneratedAlgorithm solver = options.cache().load(m, options.spec()).newInstance();
    int[] given = evidence.values();
    if (marginals) {
      for (int i = 0; i < given.length; i++) {
        if (given[i] != Evidence.NONE) {
          solver.setObserved(i, given[i]);
        }
      }
      solver.update(sweeps);
      for (int i = 0; i < given.length; i++) {
        if (given[i] == Evidence.NONE) {
          double[] p = new double[solver.domainSize(i)];
          solver.marginal(i, p);
          StringBuilder line = new StringBuilder(m.variableName(i));
          for (int v = 0; v < p.length; v++) {
            line.append(String.format(Locale.ROOT, " %d:%.4f", solver.lowestValue(i) + v, p[v]));
          }
          System.out.println(line);
        }
      }
      return 0;
    }
    SolveResult result = DecimationDriver.withDefaults().solve(solver, m, given);
    if (!result.solved()) {
      System.err.println("fgc: not solved: " + result.status());
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
}
