package fgc.driver;

import fgc.algorithm.GeneratedAlgorithm;
import fgc.model.Model;

/**
 * Decimation: run sweeps to a fixed point, clamp the free variable whose belief is most decided
 * (largest margin between its best and second-best value) to its best value, run a few sweeps
 * more, repeat. A contradiction (some belief all zero) or a finished assignment that breaks a factor
 * starts again from noisy messages, up to a restart budget; on a restart, a decision whose margin
 * is below the plateau threshold samples its value from the belief, so that restarts explore rather
 * than repeat. No search, no propagation beyond BP.
 */
public final class DecimationDriver implements Driver {
  private final int maxSweeps;
  private final int sweepsPerDecision;
  private final double tolerance;
  private final int restarts;
  private final double noise;
  private final long seed;
  private final double plateau;
  private final boolean batchCertain = Boolean.parseBoolean(System.getProperty("fgc.batch", "true"));

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
   * Defaults: up to 100 sweeps to converge, 5 after each decision, 30 restarts (as the reference
   * notebook) with noise scale 0.6, and on restarts, a plateau margin of 0.5 below which the value
   * is sampled from the belief instead of taken as the argmax.
   */
  public static DecimationDriver withDefaults() {
    return new DecimationDriver(100, 5, 1e-6, 30, 0.6, 1L, 0.5);
  }

  public DecimationDriver withRestarts(int count) {
    return new DecimationDriver(maxSweeps, sweepsPerDecision, tolerance, count, noise, seed, plateau);
  }

  public DecimationDriver withSeed(long newSeed) {
    return new DecimationDriver(maxSweeps, sweepsPerDecision, tolerance, restarts, noise, newSeed, plateau);
  }

  /** Sweeps allowed to reach a fixed point at the start of each attempt. */
  public DecimationDriver withMaxSweeps(int count) {
    return new DecimationDriver(count, sweepsPerDecision, tolerance, restarts, noise, seed, plateau);
  }

  /** Largest message change at which sweeping stops early. */
  public DecimationDriver withTolerance(double change) {
    return new DecimationDriver(maxSweeps, sweepsPerDecision, change, restarts, noise, seed, plateau);
  }

  /** Scale of the noise on starting messages at a restart. */
  public DecimationDriver withNoise(double scale) {
    return new DecimationDriver(maxSweeps, sweepsPerDecision, tolerance, restarts, scale, seed, plateau);
  }

  /** Margin below which a restart samples the decision from the belief instead of taking the argmax. */
  public DecimationDriver withPlateau(double margin) {
    return new DecimationDriver(maxSweeps, sweepsPerDecision, tolerance, restarts, noise, seed, margin);
  }

  public DecimationDriver withSweepsPerDecision(int count) {
    return new DecimationDriver(maxSweeps, count, tolerance, restarts, noise, seed, plateau);
  }

  @Override
  public String name() {
    return "decimate";
  }

  @Override
  public SolveResult solve(GeneratedAlgorithm solver, Model model, int[] evidence, SolveEvents events) {
    long start = System.nanoTime();
    int n = model.variableCount();
    int[] given = evidence.clone();
    if (Assignments.firstViolationAmongGiven(model, given) != null) {
      return new SolveResult(SolveResult.Status.INCONSISTENT_EVIDENCE, null, 0, 0, 0, System.nanoTime() - start);
    }
    int sweeps = 0;
    int decisions = 0;
    int maxWidth = 1;
    for (int i = 0; i < n; i++) {
      maxWidth = Math.max(maxWidth, solver.domainSize(i));
    }
    double[] belief = new double[maxWidth];
    int[] certainVariables = new int[n];
    int[] certainValues = new int[n];
    java.util.Random random = new java.util.Random(seed);
    for (int attempt = 0; attempt <= restarts; attempt++) {
      solver.clearAllObserved();
      int[] values = given.clone();
      for (int i = 0; i < n; i++) {
        if (values[i] != Assignments.NONE) {
          solver.setObserved(i, values[i]);
        }
      }
      if (attempt == 0) {
        solver.reset();
      } else {
        events.restart(attempt);
        solver.resetWithNoise(seed * 1_000_003L + attempt, noise);
      }
      sweeps += converge(solver, maxSweeps);
      while (true) {
        if (solver.contradiction()) {
          events.contradiction(decisions);
          break;
        }
        // Every free variable whose belief is a point mass is fixed at once: its other values are
        // exactly zero, which messages only produce for values ruled out (see Numerics), so deciding
        // them one by one would only cost sweeps.
        int best = -1;
        int bestValue = 0;
        double bestMargin = -1;
        int certain = 0;
        for (int i = 0; i < n; i++) {
          if (values[i] != Assignments.NONE) {
            continue;
          }
          solver.marginal(i, belief);
          int size = solver.domainSize(i);
          int top = 0;
          double first = -1;
          double second = -1;
          for (int v = 0; v < size; v++) {
            if (belief[v] > first) {
              second = first;
              first = belief[v];
              top = v;
            } else if (belief[v] > second) {
              second = belief[v];
            }
          }
          double margin = first - Math.max(second, 0);
          if (batchCertain && second == 0.0 && first > 0.0) {
            certainVariables[certain++] = i;
            certainValues[i] = solver.lowestValue(i) + top;
          }
          if (margin > bestMargin) {
            bestMargin = margin;
            best = i;
            bestValue = solver.lowestValue(i) + top;
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
        if (certain > 1) {
          for (int k = 0; k < certain; k++) {
            int i = certainVariables[k];
            values[i] = certainValues[i];
            events.decision(i, certainValues[i], 1.0, false);
            solver.setObserved(i, certainValues[i]);
          }
          decisions += certain;
          sweeps += converge(solver, sweepsPerDecision);
          continue;
        }
        boolean sampled = attempt > 0 && bestMargin < plateau;
        if (sampled) {
          // On a plateau the argmax is a coin toss: sample from the belief so restarts explore.
          solver.marginal(best, belief);
          double u = random.nextDouble();
          int v = 0;
          while (v < solver.domainSize(best) - 1 && u >= belief[v]) {
            u -= belief[v];
            v++;
          }
          bestValue = solver.lowestValue(best) + v;
        }
        values[best] = bestValue;
        events.decision(best, bestValue, bestMargin, sampled);
        solver.setObserved(best, bestValue);
        decisions++;
        sweeps += converge(solver, sweepsPerDecision);
      }
    }
    return new SolveResult(SolveResult.Status.UNSOLVED, null, sweeps, decisions, restarts, System.nanoTime() - start);
  }

  /** Sweeps until the largest message change is below the tolerance or {@code limit} sweeps ran. */
  private int converge(GeneratedAlgorithm solver, int limit) {
    for (int s = 1; s <= limit; s++) {
      if (solver.update(1) < tolerance) {
        return s;
      }
    }
    return limit;
  }
}
