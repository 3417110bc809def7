package fgc.cli;

import fgc.algorithms.Algorithms;
import fgc.cache.LoadedSolver;
import fgc.compilation.AlgorithmSpec;
import fgc.formats.UaiFormat;
import fgc.formats.UaiModel;
import fgc.formats.UaiResults;
import fgc.model.Evidence;
import fgc.model.Model;
import fgc.plan.NoSolutionException;
import fgc.plan.SweepCost;
import fgc.solver.GeneratedAlgorithm;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code run MODEL.uai --evid FILE --task MAR|PR|MPE}: a UAI competition task answered by exact
 * inference (elimination), written in the competition's result format. A model past the exact
 * algorithm's limits is refused (the planner names its clique size and width): these tasks ask for
 * exact answers, and an approximate one in the same format would pass for one. With {@code --input}
 * each case of evidence (on top of --evid and --observe) gets a block, as {@code run --marginals
 * --input} prints: {@code # case N (line L): EVIDENCE}, then that case's result text.
 */
final class UaiTask {
  private UaiTask() {}

  /** Options a UAI task cannot apply: it answers exactly, on the file and its evidence alone. */
  private static final List<String> NOT_FOR_TASKS =
      List.of(
          "--algorithm",
          "--damping",
          "--option",
          "--data",
          "--param",
          "--driver",
          "--marginals",
          "--sweeps",
          "--tolerance");

  /**
   * Refuses, by name, the options of {@code run} that a task does not apply; and --threads without
   * --input when {@code threadsWithoutInput}.
   */
  static void refuseOptions(CommandSpec command, boolean threadsWithoutInput) {
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
    if (threadsWithoutInput) {
      throw new IllegalArgumentException(
          "--threads answers the cases of --input N at a time; give --input FILE too");
    }
  }

  /** The tasks, as the competition names them. */
  enum Task {
    MAR,
    PR,
    MPE
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
   * none) and what {@code withObserve} adds to it (--observe); with {@code input} (not null), once
   * per case of that file on top of them, {@code threads} at a time, each case's answer a block as
   * {@code run --marginals --input} prints ({@link MarginalsBatch}). Returns the exit code.
   */
  static int run(
      String modelArg,
      Path evid,
      Task task,
      ModelOptions options,
      BiFunction<Model, Evidence, Evidence> withObserve,
      String input,
      int threads,
      Supplier<BoundedLines> open)
      throws IOException {
    return run(modelArg, evid, task, options, withObserve, input, threads, open, 0, Long.MAX_VALUE);
  }

  /**
   * As {@link #run(String, Path, Task, ModelOptions, BiFunction, String, int, Supplier)}; MPE on a
   * model past elimination's limits is answered by branch and bound within {@code seconds} (0: no
   * limit) and {@code nodes}, and standard error says whether the answer is proven optimal.
   */
  static int run(
      String modelArg,
      Path evid,
      Task task,
      ModelOptions options,
      BiFunction<Model, Evidence, Evidence> withObserve,
      String input,
      int threads,
      Supplier<BoundedLines> open,
      double seconds,
      long nodes)
      throws IOException {
    if (!modelArg.toLowerCase(Locale.ROOT).endsWith(".uai")) {
      throw new IllegalArgumentException(
          "--task and --evid take a UAI model (a .uai file), not " + modelArg);
    }
    UaiModel uai = UaiFormat.read(Paths.get(modelArg));
    Model m = uai.model();
    Evidence evidence =
        withObserve.apply(m, evid == null ? Evidence.none(m) : UaiFormat.readEvidence(evid, uai));
    AlgorithmSpec exact = Algorithms.exact().spec(Map.of());
    if (task == Task.MPE && !fits(m, exact)) {
      if (input != null) {
        throw new IllegalArgumentException(
            "--task MPE --input answers by elimination, which does not take "
                + m.name()
                + "; give one case at a time (its MPE is then found by branch and bound)");
      }
      return byBranchAndBound(m, evidence.values(), seconds, nodes);
    }
    // Planning refuses a model past the limits, with its width and clique size, before compiling.
    SweepCost pass = Algorithms.of(exact).sweepCost(m);
    if (pass != null) {
      LongRunWarning.pass(pass, exact.name(), m);
    }
    LoadedSolver loaded;
    try {
      loaded = options.cache().load(m, exact);
    } catch (NoSolutionException e) {
      // Z = 0 whatever the evidence: PR is log10 0, as for evidence of probability zero; the
      // other tasks have no answer, and say why.
      if (task != Task.PR) {
        System.err.println("fgc: no " + task + ": " + e.getMessage());
        return 1;
      }
      loaded = null;
    }
    if (input != null) {
      LoadedSolver compiled = loaded;
      String base = (evid != null ? "the evidence file " + evid + " or " : "") + "--observe";
      return new MarginalsBatch(
              m,
              () -> compiled == null ? null : compiled.newInstance(),
              (solver, given) -> answer(m, task, solver, given),
              task.name(),
              evidence.values(),
              base,
              input,
              open,
              threads)
          .run();
    }
    MarginalsOutput.Answer a =
        answer(m, task, loaded == null ? null : loaded.newInstance(), evidence.values());
    if (a.reason() != null) {
      System.err.println("fgc: " + a.reason());
      return 1;
    }
    a.lines().forEach(System.out::println);
    return 0;
  }

  /**
   * The answer to {@code task} under {@code given} (every variable's value or {@link
   * Evidence#NONE}) on {@code solver}, which holds no evidence yet and is as new, or is null when
   * the model has no solution at all (only PR, -inf, is asked then): the lines of the competition's
   * result text, or why there are none.
   */
  static MarginalsOutput.Answer answer(Model m, Task task, GeneratedAlgorithm solver, int[] given) {
    if (solver == null) {
      return lines(UaiResults.pr(Double.NEGATIVE_INFINITY));
    }
    for (int i = 0; i < given.length; i++) {
      if (given[i] != Evidence.NONE) {
        solver.setObserved(i, given[i]);
      }
    }
    double logZ = solver.logPartition();
    if (task == Task.PR) {
      return lines(UaiResults.pr(logZ / Math.log(10)));
    }
    if (logZ == Double.NEGATIVE_INFINITY) {
      return new MarginalsOutput.Answer(
          List.of(), "no " + task + ": the evidence has probability zero");
    }
    if (task == Task.MPE) {
      int[] values = new int[m.variableCount()];
      solver.mostProbable(values);
      return lines(UaiResults.mpe(m, values));
    }
    double[][] marginals = new double[m.variableCount()][];
    for (int i = 0; i < marginals.length; i++) {
      marginals[i] = new double[solver.domainSize(i)];
      solver.marginal(i, marginals[i]);
    }
    return lines(UaiResults.mar(m, marginals));
  }

  private static MarginalsOutput.Answer lines(String text) {
    return new MarginalsOutput.Answer(text.lines().toList(), null);
  }

  /**
   * Whether elimination takes {@code m}; a model without solution counts as taken, for the answer
   * below to say so.
   */
  private static boolean fits(Model m, AlgorithmSpec exact) {
    try {
      return fgc.compiler.ModelCompiler.fits(m, exact);
    } catch (NoSolutionException e) {
      return true;
    }
  }

  /** MPE by the exact driver's branch and bound, for a model elimination cannot take. */
  private static int byBranchAndBound(Model m, int[] given, double seconds, long nodes) {
    String broken = fgc.driver.Assignments.firstViolationAmongGiven(m, given);
    if (broken != null) {
      System.err.println("fgc: no MPE: the evidence has probability zero: " + broken);
      return 1;
    }
    long start = System.nanoTime();
    long deadline = seconds > 0 ? start + (long) (seconds * 1e9) : Long.MAX_VALUE;
    fgc.driver.MostProbable best =
        fgc.driver.ExactDriver.withDefaults()
            .mostProbable(m, given, nodes, deadline, x -> {}, fgc.driver.SolveEvents.NONE);
    if (best.values() == null) {
      System.err.println(
          best.proven()
              ? "fgc: no MPE: the branch and bound proved"
                  + " that every assignment has probability zero"
              : "fgc: no MPE: no assignment of positive probability"
                  + " found before the limit (not a proof that none exists)");
      return 1;
    }
    String failed = AnswerCheck.failure(m, given, best.values());
    if (failed != null) {
      System.err.println("fgc: the answer failed the independent check: " + failed);
      return 1;
    }
    System.out.print(UaiResults.mpe(m, best.values()));
    System.err.println(
        String.format(
            Locale.ROOT,
            "fgc: MPE by branch and bound (the model is past elimination's limits): %s,"
                + " %d nodes, %.2f s, log10 weight %.6f (unnormalised)",
            best.proven() ? "proven optimal" : "not proven optimal:" + " stopped at the limit",
            best.nodes(),
            best.nanos() / 1e9,
            best.log10Weight()));
    return 0;
  }
}
