package fgc.driver;

import fgc.algorithm.GeneratedAlgorithm;
import fgc.model.Model;
import java.util.Random;

/**
 * Decimation (the reference notebook's v4): run sweeps towards a fixed point, clamp the free
 * variable whose belief is most decided (largest margin between its best and second-best value) to
 * its best value, run a few sweeps more, repeat. Free variables whose belief is already a point mass
 * are clamped together: their other values are exactly zero, which messages only produce for values
 * ruled out (see {@link fgc.algorithm.Numerics}), so deciding them one by one would only cost
 * sweeps. A contradiction (some belief all zero) or a finished assignment that breaks a factor
 * starts again from log-uniform noise on the starting messages, up to a restart budget; on a
 * restart, a decision whose margin is below the plateau threshold samples its value from the
 * belief, so restarts explore rather than repeat. No search, no propagation beyond the messages.
 */
public final class DecimationDriver implements Driver {
  private final int maxSweeps;
  private final int sweepsPerDecision;
  private final double tolerance;
  private final int restarts;
  private final double noise;
  private final long seed;
  private final double plateau;

  private DecimationDriver(int maxSweeps, int sweepsPerDecision, double tolerance, int restarts, double noise, long seed, double plateau) {
    this.maxSweeps = maxSweeps;
    this.sweepsPerDecision = sweepsPerDecision;
    this.tolerance = tolerance;
    this.restarts = restarts;
    this.noise = noise;
    this.seed = seed;
    this.plateau = plateau;
  }

  /**
   * Defaults, measured on top95 with maxproduct (BENCHMARKS.md): up to 10 sweeps at the start of
   * each attempt, 3 after each decision, 30 restarts (the reference notebook's budget) with noise
   * scale 0.5, plateau margin 0.5.
   *
   * @return the driver with its default options
   */
  public static DecimationDriver withDefaults() {
    return new DecimationDriver(10, 3, 1e-6, 30, 0.5, 1L, 0.5);
  }

  /**
   * The same driver with {@code count} restarts after the first attempt.
   *
   * @param count how many restarts
   * @return a new driver
   */
  public DecimationDriver withRestarts(int count) {
    return new DecimationDriver(maxSweeps, sweepsPerDecision, tolerance, count, noise, seed, plateau);
  }

  /**
   * The same driver with the noise of its restarts drawn from {@code newSeed}.
   *
   * @param newSeed the seed
   * @return a new driver
   */
  public DecimationDriver withSeed(long newSeed) {
    return new DecimationDriver(maxSweeps, sweepsPerDecision, tolerance, restarts, noise, newSeed, plateau);
  }

  /**
   * Sweeps allowed to reach a fixed point at the start of each attempt.
   *
   * @param count how many sweeps
   * @return a new driver
   */
  public DecimationDriver withMaxSweeps(int count) {
    return new DecimationDriver(count, sweepsPerDecision, tolerance, restarts, noise, seed, plateau);
  }

  /**
   * The same driver running {@code count} sweeps after each decision.
   *
   * @param count how many sweeps
   * @return a new driver
   */
  public DecimationDriver withSweepsPerDecision(int count) {
    return new DecimationDriver(maxSweeps, count, tolerance, restarts, noise, seed, plateau);
  }

  /**
   * Largest message change at which sweeping stops early.
   *
   * @param change the tolerance
   * @return a new driver
   */
  public DecimationDriver withTolerance(double change) {
    return new DecimationDriver(maxSweeps, sweepsPerDecision, change, restarts, noise, seed, plateau);
  }

  /**
   * Scale of the log-uniform noise on starting messages at a restart.
   *
   * @param scale the noise's scale
   * @return a new driver
   */
  public DecimationDriver withNoise(double scale) {
    return new DecimationDriver(maxSweeps, sweepsPerDecision, tolerance, restarts, scale, seed, plateau);
  }

  /**
   * Margin below which a restart samples the decision from the belief instead of taking the argmax.
   *
   * @param margin the margin
   * @return a new driver
   */
  public DecimationDriver withPlateau(double margin) {
    return new DecimationDriver(maxSweeps, sweepsPerDecision, tolerance, restarts, noise, seed, margin);
  }

  @Override
  public String name() {
    return "decimate";
  }

  @Override
  public SolveResult solve(GeneratedAlgorithm solver, Model model, int[] evidence, SolveEvents events) {
    long start = System.nanoTime();
    int n = model.variableCount();
    if (Assignments.firstViolationAmongGiven(model, evidence) != null) {
      return new SolveResult(SolveResult.Status.INCONSISTENT_EVIDENCE, null, 0, 0, 0, System.nanoTime() - start);
    }
    Readout readout = new Readout(solver);
    Random random = new Random(seed);
    int[] certain = new int[n];
    int[] certainValue = new int[n];
    int sweeps = 0;
    int decisions = 0;
    for (int attempt = 0; attempt <= restarts; attempt++) {
      int[] values = evidence.clone();
      Readout.observe(solver, values);
      if (attempt == 0) {
        solver.reset();
      } else {
        events.restart(attempt);
        solver.resetWithNoise(seed * 1_000_003L + attempt, noise);
      }
      sweeps += Readout.converge(solver, maxSweeps, tolerance);
      while (true) {
        if (solver.contradiction()) {
          events.contradiction(decisions);
          break;
        }
        int best = -1;
        int bestValue = 0;
        double bestMargin = -1;
        int sure = 0;
        for (int i = 0; i < n; i++) {
          if (values[i] != Assignments.NONE) {
            continue;
          }
          readout.read(solver, i);
          if (readout.pointMass) {
            certain[sure++] = i;
            certainValue[i] = readout.value;
          }
          if (readout.margin > bestMargin) {
            bestMargin = readout.margin;
            best = i;
            bestValue = readout.value;
          }
        }
        if (best < 0) {
          String violation = Assignments.firstViolation(model, values);
          if (violation == null) {
            return new SolveResult(SolveResult.Status.SOLVED, values, sweeps, decisions, attempt, System.nanoTime() - start);
          }
          events.invalidAssignment(violation);
          break;
        }
        if (sure > 1) {
          for (int k = 0; k < sure; k++) {
            int i = certain[k];
            values[i] = certainValue[i];
            events.decision(i, certainValue[i], 1.0, false);
            solver.setObserved(i, certainValue[i]);
          }
          decisions += sure;
          sweeps += Readout.converge(solver, sweepsPerDecision, tolerance);
          continue;
        }
        boolean sampled = attempt > 0 && bestMargin < plateau;
        if (sampled) {
          bestValue = sample(solver, best, random);
        }
        values[best] = bestValue;
        events.decision(best, bestValue, bestMargin, sampled);
        solver.setObserved(best, bestValue);
        decisions++;
        sweeps += Readout.converge(solver, sweepsPerDecision, tolerance);
      }
    }
    return new SolveResult(SolveResult.Status.UNSOLVED, null, sweeps, decisions, restarts, System.nanoTime() - start);
  }

  /** A value of {@code i} drawn from its belief. */
  private static int sample(GeneratedAlgorithm solver, int i, Random random) {
    double[] belief = new double[solver.domainSize(i)];
    solver.marginal(i, belief);
    double u = random.nextDouble();
    int v = 0;
    while (v < belief.length - 1 && u >= belief[v]) {
      u -= belief[v];
      v++;
    }
    return solver.lowestValue(i) + v;
  }
}
