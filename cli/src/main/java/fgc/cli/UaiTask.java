package fgc.cli;

import fgc.algorithm.GeneratedAlgorithm;
import fgc.compilation.AlgorithmSpec;
import fgc.compiler.Algorithms;
import fgc.compiler.plan.NoSolutionException;
import fgc.compiler.plan.SweepCost;
import fgc.formats.UaiFormat;
import fgc.formats.UaiModel;
import fgc.formats.UaiResults;
import fgc.model.Evidence;
import fgc.model.Model;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * {@code run MODEL.uai --evid FILE --task MAR|PR|MPE}: a UAI competition task answered by exact
 * inference (elimination), written in the competition's result format. A model past the exact
 * algorithm's limits is refused (the planner names its clique size and width): these tasks ask for
 * exact answers, and an approximate one in the same format would pass for one.
 */
final class UaiTask {
  private UaiTask() {}

  /** The tasks, as the competition names them. */
  enum Task {
    MAR, PR, MPE
  }

  static Task task(String text) {
    try {
      return Task.valueOf(text.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--task must be MAR, PR or MPE, not '" + text + "'");
    }
  }

  /**
   * Runs {@code task} on the UAI file {@code modelArg} with the evidence file {@code evid} (or
   * none) and what {@code withObserve} adds to it (--observe); returns the exit code.
   */
  static int run(String modelArg, Path evid, Task task, ModelOptions options,
      BiFunction<Model, Evidence, Evidence> withObserve) {
    if (!modelArg.toLowerCase(Locale.ROOT).endsWith(".uai")) {
      throw new IllegalArgumentException("--task and --evid take a UAI model (a .uai file), not " + modelArg);
    }
    UaiModel uai = UaiFormat.read(Paths.get(modelArg));
    Model m = uai.model();
    Evidence evidence = withObserve.apply(m, evid == null ? Evidence.none(m) : UaiFormat.readEvidence(evid, uai));
    AlgorithmSpec exact = Algorithms.exact().spec(Map.of());
    // Planning refuses a model past the limits, with its width and clique size, before compiling.
    SweepCost pass = Algorithms.of(exact).sweepCost(m);
    if (pass != null) {
      RunCommand.warnIfLongPass(pass, exact.name(), m);
    }
    GeneratedAlgorithm solver;
    try {
      solver = options.cache().load(m, exact).newInstance();
    } catch (NoSolutionException e) {
      // Z = 0 whatever the evidence: PR is log10 0, as for evidence of probability zero; the
      // other tasks have no answer, and say why.
      if (task == Task.PR) {
        System.out.print(UaiResults.pr(Double.NEGATIVE_INFINITY));
        return 0;
      }
      System.err.println("fgc: no " + task + ": " + e.getMessage());
      return 1;
    }
    for (int i = 0; i < m.variableCount(); i++) {
      if (evidence.isObserved(i)) {
        solver.setObserved(i, evidence.value(i));
      }
    }
    double logZ = solver.logPartition();
    if (task == Task.PR) {
      System.out.print(UaiResults.pr(logZ / Math.log(10)));
      return 0;
    }
    if (logZ == Double.NEGATIVE_INFINITY) {
      System.err.println("fgc: no " + task + ": the evidence has probability zero");
      return 1;
    }
    if (task == Task.MPE) {
      int[] values = new int[m.variableCount()];
      solver.mostProbable(values);
      System.out.print(UaiResults.mpe(m, values));
      return 0;
    }
    double[][] marginals = new double[m.variableCount()][];
    for (int i = 0; i < marginals.length; i++) {
      marginals[i] = new double[solver.domainSize(i)];
      solver.marginal(i, marginals[i]);
    }
    System.out.print(UaiResults.mar(m, marginals));
    return 0;
  }
}
