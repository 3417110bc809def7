package fgc.bench;

import fgc.algorithms.Algorithm;
import fgc.algorithms.Algorithms;
import fgc.cache.LoadedSolver;
import fgc.cache.SolverCache;
import fgc.compilation.AlgorithmSpec;
import fgc.model.Evidence;
import fgc.model.Model;
import fgc.plan.PlanException;
import fgc.solver.GeneratedAlgorithm;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * One model of {@code fgc bench graphical} under every algorithm of the registry: compile time (an
 * empty cache, so the solver is planned, emitted and compiled), time per inference (a new instance,
 * the evidence, elimination's one pass or BP to the tolerance, every marginal read), and the
 * marginals' error against the exact answer: elimination's when it fits, else the reference {@code
 * .MAR} given. A refusal by the planner, or any failure, is the row's status.
 */
final class GraphicalRun {
  /**
   * BP runs to this tolerance within this many sweeps, as {@code fgc run --marginals} does by
   * default.
   */
  static final String TOLERANCE_TEXT = "1e-9";

  static final double TOLERANCE = Double.parseDouble(TOLERANCE_TEXT);
  static final int SWEEP_LIMIT = 1000;

  /** Inference is timed over at least this many runs and about this long; the median is kept. */
  private static final int MIN_RUNS = 3;

  /**
   * A model as the bench reads it: its name, the model, its evidence, and the reference answers
   * beside it (or null).
   */
  record Input(
      String name,
      Model model,
      Evidence evidence,
      String evidenceName,
      double[][] referenceMarginals,
      String referenceName,
      Double referenceLog10Z,
      double log10ZResolution) {}

  /** One algorithm on one model. Errors are NaN where there is nothing to compare. */
  static final class Row {
    final String model;
    final String algorithm;
    String status = "ok";
    String reference = "";
    double compileMillis = Double.NaN;
    double inferenceMillis = Double.NaN;
    int sweeps;
    boolean converged = true;
    double maxError = Double.NaN;
    double meanError = Double.NaN;
    double log10ZError = Double.NaN;
    double log10ZResolution;
    double[][] marginals;
    double logZ = Double.NaN;
    int[] mostProbable;

    /**
     * An exact algorithm's most probable assignment as one query costs it: a new instance, the
     * evidence and {@code mostProbable}, median over at least three runs; NaN otherwise.
     */
    double mostProbableMillis = Double.NaN;

    Row(String model, String algorithm) {
      this.model = model;
      this.algorithm = algorithm;
    }

    boolean ok() {
      return status.equals("ok");
    }
  }

  private final Path cacheRoot;
  private final long budgetNanos;
  private int pass;

  /**
   * Each compile gets its own empty folder under {@code cacheRoot}, so it is always a compile;
   * inference is repeated for about {@code budgetNanos} (at least three times).
   */
  GraphicalRun(Path cacheRoot, long budgetNanos) {
    this.cacheRoot = cacheRoot;
    this.budgetNanos = budgetNanos;
  }

  /**
   * Every algorithm of the registry on {@code input}, the exact one first (it is the others'
   * reference).
   */
  List<Row> measure(Input input) {
    Algorithm<?> reference = Algorithms.exact();
    List<Algorithm<?>> order = new ArrayList<>();
    order.add(reference);
    for (Algorithm<?> a : Algorithms.all()) {
      if (a != reference) {
        order.add(a);
      }
    }
    List<Row> rows = new ArrayList<>();
    Row exact = null;
    for (Algorithm<?> a : order) {
      Row row = one(input, a);
      if (a == reference) {
        exact = row;
      }
      compare(row, input, exact);
      rows.add(row);
    }
    return rows;
  }

  private Row one(Input input, Algorithm<?> algorithm) {
    Row row = new Row(input.name(), algorithm.name());
    Model m = input.model();
    try {
      AlgorithmSpec spec = algorithm.spec(Map.of());
      SolverCache cache = new SolverCache(cacheRoot.resolve("c" + pass++), notice -> {});
      long t0 = System.nanoTime();
      LoadedSolver loaded = cache.load(m, spec);
      row.compileMillis = (System.nanoTime() - t0) / 1e6;
      row.inferenceMillis =
          medianMillis(() -> infer(loaded, input, row), solver -> readAnswers(solver, row));
      if (row.mostProbable != null) {
        row.mostProbableMillis =
            medianMillis(
                () -> {
                  GeneratedAlgorithm solver = observed(loaded, input);
                  solver.mostProbable(new int[solver.variableCount()]);
                  return solver;
                },
                solver -> {});
      }
      if (row.marginals == null) {
        row.status = "no marginals: the evidence has probability zero";
      }
    } catch (OutOfMemoryError e) {
      row.status = "failed: out of memory";
    } catch (RuntimeException e) {
      PlanException plan = planException(e);
      row.status =
          plan != null
              ? "refused: " + ScaleRun.firstLine(plan.getMessage())
              : "failed: " + ScaleRun.firstLine(e.toString());
    }
    return row;
  }

  /**
   * A new instance, the evidence, the whole inference and every marginal read: what one query
   * costs.
   */
  private static GeneratedAlgorithm infer(LoadedSolver loaded, Input input, Row row) {
    GeneratedAlgorithm solver = observed(loaded, input);
    int done = 0;
    double change = Double.POSITIVE_INFINITY;
    if (solver.exact()) {
      solver.update(1);
      done = 0;
      change = 0;
    } else {
      while (done < SWEEP_LIMIT && !(change <= TOLERANCE)) {
        change = solver.update(1);
        done++;
      }
    }
    row.sweeps = done;
    row.converged = change <= TOLERANCE;
    double[] p = new double[16];
    for (int i = 0; i < solver.variableCount(); i++) {
      if (p.length < solver.domainSize(i)) {
        p = new double[solver.domainSize(i)];
      }
      solver.marginal(i, p);
    }
    return solver;
  }

  /** A new instance with the input's evidence set: where every timed query starts. */
  private static GeneratedAlgorithm observed(LoadedSolver loaded, Input input) {
    GeneratedAlgorithm solver = loaded.newInstance();
    Evidence e = input.evidence();
    for (int i = 0; i < solver.variableCount(); i++) {
      if (e.isObserved(i)) {
        solver.setObserved(i, e.value(i));
      }
    }
    return solver;
  }

  /**
   * The median time of {@code query}, run again for about the budget (at least three times, at most
   * 1000); {@code read} gets the answers of the third run and of the last, outside the timing.
   */
  private double medianMillis(
      Supplier<GeneratedAlgorithm> query, Consumer<GeneratedAlgorithm> read) {
    List<Double> times = new ArrayList<>();
    long end = System.nanoTime() + budgetNanos;
    while (times.size() < 1000 && (times.size() < MIN_RUNS || System.nanoTime() < end)) {
      long t = System.nanoTime();
      GeneratedAlgorithm solver = query.get();
      times.add((System.nanoTime() - t) / 1e6);
      if (times.size() == MIN_RUNS || System.nanoTime() >= end) {
        read.accept(solver);
      }
    }
    double[] sorted = times.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    return sorted[sorted.length / 2];
  }

  private static void readAnswers(GeneratedAlgorithm solver, Row row) {
    double[][] marginals = new double[solver.variableCount()][];
    boolean all = true;
    for (int i = 0; i < marginals.length; i++) {
      marginals[i] = new double[solver.domainSize(i)];
      solver.marginal(i, marginals[i]);
      double sum = Arrays.stream(marginals[i]).sum();
      all &= Math.abs(sum - 1) < 1e-6;
    }
    row.marginals = all && !solver.contradiction() ? marginals : null;
    row.logZ = solver.logPartition();
    if (solver.exact()) {
      int[] values = new int[solver.variableCount()];
      row.mostProbable = solver.mostProbable(values) ? values : null;
    }
  }

  /**
   * The errors of {@code row} against elimination ({@code exact}, when it ran) or the reference
   * file.
   */
  static void compare(Row row, Input input, Row exact) {
    if (!row.ok()) {
      return;
    }
    boolean self = exact == row;
    if (exact != null && exact.ok() && !self) {
      row.reference = exact.algorithm;
      errors(row, exact.marginals);
    } else if (input.referenceMarginals() != null) {
      row.reference = input.referenceName();
      errors(row, input.referenceMarginals());
    } else if (self) {
      // Elimination is the exact answer: its error is 0 by definition, and says so.
      row.reference = "itself (exact)";
      errors(row, row.marginals);
    } else {
      row.reference = "none (elimination did not run)";
    }
    if (input.referenceLog10Z() != null && !Double.isNaN(row.logZ)) {
      row.log10ZError = Math.abs(row.logZ / Math.log(10) - input.referenceLog10Z());
      row.log10ZResolution = input.log10ZResolution();
    }
  }

  private static void errors(Row row, double[][] truth) {
    if (truth.length != row.marginals.length) {
      row.reference +=
          " (has " + truth.length + " variables, not " + row.marginals.length + ": not compared)";
      return;
    }
    double max = 0;
    double sum = 0;
    int n = 0;
    for (int i = 0; i < truth.length; i++) {
      if (truth[i].length != row.marginals[i].length) {
        row.reference +=
            " (variable " + i + " has " + truth[i].length + " values there: not compared)";
        return;
      }
      for (int v = 0; v < truth[i].length; v++) {
        double d = Math.abs(truth[i][v] - row.marginals[i][v]);
        max = Math.max(max, d);
        sum += d;
        n++;
      }
    }
    row.maxError = max;
    row.meanError = n == 0 ? 0 : sum / n;
  }

  private static PlanException planException(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof PlanException p) {
        return p;
      }
    }
    return null;
  }
}
