package fgc.runtime;

import fgc.cache.SolverCache;
import fgc.compilation.AlgorithmSpec;
import fgc.driver.DecimationDriver;
import fgc.driver.Driver;
import fgc.driver.ExactDriver;
import fgc.driver.SolveEvents;
import fgc.driver.SolveResult;
import fgc.model.Evidence;
import fgc.model.Model;
import fgc.solver.GeneratedAlgorithm;

/**
 * The entry point for running a model: a model with a generated algorithm for it, solved or queried
 * for any evidence with the same drivers the command line uses. The algorithm is a class the Maven
 * plugin precompiled ({@link #precompiled}), so a program needs nothing but the runtime; or one
 * from the cache ({@link #cached}, {@link #compiled}), which needs the compiler on a miss.
 *
 * <pre>{@code
 * Model model = FgcLanguage.resource("sprinkler.fg", Map.of());
 * Solver solver = Solver.precompiled(model, new SprinklerSumProduct());
 * Marginals m = solver.marginals(Evidence.builder(model).set("wet", 1).build());
 * double pRain = m.probability("rain", 1);
 * }</pre>
 *
 * <p>Not thread-safe: a generated algorithm holds its messages. Use one solver per thread.
 */
public final class Solver {
  /**
   * The default tolerance of {@link #marginals}: no message entry changes by more in the last
   * sweep.
   */
  public static final double TOLERANCE = 1e-9;

  /** The default sweep limit of {@link #marginals}. */
  public static final int SWEEP_LIMIT = 1000;

  private final Model model;
  private final GeneratedAlgorithm algorithm;

  private Solver(Model model, GeneratedAlgorithm algorithm) {
    this.model = model;
    this.algorithm = algorithm;
  }

  /**
   * A solver for {@code model} running {@code algorithm}, a class generated for that model. Refused
   * when the class's variables and domains are not the model's (a class made for another model).
   *
   * @param model the model the class was generated for
   * @param algorithm an instance of the generated class
   * @return the solver
   */
  public static Solver precompiled(Model model, GeneratedAlgorithm algorithm) {
    if (algorithm.variableCount() != model.variableCount()) {
      throw new IllegalArgumentException(
          algorithm.getClass().getName()
              + " has "
              + algorithm.variableCount()
              + " variables; model "
              + model.name()
              + " has "
              + model.variableCount()
              + ": it was generated for another model");
    }
    for (int v = 0; v < model.variableCount(); v++) {
      if (algorithm.lowestValue(v) != model.domainOf(v).lo()
          || algorithm.domainSize(v) != model.domainOf(v).size()) {
        throw new IllegalArgumentException(
            algorithm.getClass().getName()
                + " gives "
                + model.variableName(v)
                + " another domain than model "
                + model.name()
                + ": it was generated for another model");
      }
    }
    return new Solver(model, algorithm);
  }

  /**
   * A solver for {@code model} running {@code spec}, loaded from {@code cache} after its checks, or
   * compiled and stored on a miss (which needs the compiler on the class path; a {@link
   * SolverCache#loadOnly load-only} cache never compiles).
   *
   * @param model the model
   * @param spec the algorithm and its options
   * @param cache the cache to load from and store into
   * @return the solver
   */
  public static Solver cached(Model model, AlgorithmSpec spec, SolverCache cache) {
    return new Solver(model, cache.load(model, spec).newInstance());
  }

  /**
   * A solver for {@code model} running the algorithm {@code algorithm} with its default options,
   * through the cache at {@link SolverCache#defaultRoot}; needs the compiler on the class path.
   *
   * @param model the model
   * @param algorithm the algorithm's name
   * @return the solver
   */
  public static Solver compiled(Model model, String algorithm) {
    return cached(
        model,
        AlgorithmSpec.named(algorithm),
        new SolverCache(SolverCache.defaultRoot(), System.err::println));
  }

  /**
   * The model.
   *
   * @return the model
   */
  public Model model() {
    return model;
  }

  /**
   * The generated algorithm (its messages are this solver's state).
   *
   * @return the generated algorithm
   */
  public GeneratedAlgorithm algorithm() {
    return algorithm;
  }

  /**
   * Solves with decimation and restarts (the default driver); the answer is checked on the model.
   *
   * @param evidence the observed values
   * @return the answer and how it was reached
   */
  public SolveResult decimate(Evidence evidence) {
    return solve(evidence, DecimationDriver.withDefaults());
  }

  /**
   * Solves by complete search: a solution, or a proof that there is none; the answer is checked on
   * the model.
   *
   * @param evidence the observed values
   * @return the answer, or the proof that there is none
   */
  public SolveResult search(Evidence evidence) {
    return solve(evidence, ExactDriver.withDefaults());
  }

  /**
   * Solves with {@code driver}.
   *
   * @param evidence the observed values
   * @param driver the driver to solve with
   * @return the answer and how it was reached
   */
  public SolveResult solve(Evidence evidence, Driver driver) {
    return driver.solve(algorithm, model, evidence.values(), SolveEvents.NONE);
  }

  /**
   * The beliefs after message passing from the start to {@link #TOLERANCE}, at most {@link
   * #SWEEP_LIMIT} sweeps.
   *
   * @param evidence the observed values
   * @return the beliefs
   */
  public Marginals marginals(Evidence evidence) {
    return marginals(evidence, TOLERANCE, SWEEP_LIMIT);
  }

  /**
   * The beliefs after message passing from the start until no entry changes by more than {@code
   * tolerance}.
   *
   * @param evidence the observed values
   * @param tolerance the largest change of a message entry at which message passing stops
   * @param sweepLimit the most sweeps to run
   * @return the beliefs
   */
  public Marginals marginals(Evidence evidence, double tolerance, int sweepLimit) {
    if (!(tolerance >= 0) || sweepLimit < 1) {
      throw new IllegalArgumentException(
          "tolerance must be at least 0 and the sweep limit at least 1");
    }
    algorithm.clearAllObserved();
    for (int v = 0; v < model.variableCount(); v++) {
      if (evidence.isObserved(v)) {
        algorithm.setObserved(v, evidence.value(v));
      }
    }
    algorithm.reset();
    double change = Double.POSITIVE_INFINITY;
    int sweeps = 0;
    while (sweeps < sweepLimit && !(change <= tolerance)) {
      change = algorithm.update(1);
      sweeps++;
    }
    double[][] rows = new double[model.variableCount()][];
    for (int v = 0; v < rows.length; v++) {
      rows[v] = new double[model.domainOf(v).size()];
      algorithm.marginal(v, rows[v]);
    }
    return new Marginals(
        model,
        algorithm.algorithm(),
        rows,
        sweeps,
        change,
        change <= tolerance,
        algorithm.contradiction());
  }
}
