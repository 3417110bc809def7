package fgc.driver;

import fgc.model.Model;
import fgc.solver.GeneratedAlgorithm;

/**
 * The reference notebook's iterative solver: run inference, fix the {@code k} free variables whose
 * beliefs are most decided (largest margin) to their argmax, run inference again from there, until
 * every variable is fixed. No restarts: a wrong early fix shows as conflicts in the final readout.
 */
public final class IterativeDriver implements Driver {
  private final int perRound;
  private final int maxSweeps;
  private final double tolerance;

  private IterativeDriver(int perRound, int maxSweeps, double tolerance) {
    this.perRound = perRound;
    this.maxSweeps = maxSweeps;
    this.tolerance = tolerance;
  }

  /**
   * Fixes 5 variables per round, with up to 50 sweeps per round.
   *
   * @return the driver with its default options
   */
  public static IterativeDriver withDefaults() {
    return new IterativeDriver(5, 50, 1e-9);
  }

  /**
   * Fixes {@code k} variables after each inference.
   *
   * @param k how many variables to fix per round
   * @return a new driver
   */
  public IterativeDriver withPerRound(int k) {
    if (k < 1) {
      throw new IllegalArgumentException("k must be at least 1, got " + k);
    }
    return new IterativeDriver(k, maxSweeps, tolerance);
  }

  @Override
  public String name() {
    return "iterative";
  }

  /** A round of up to {@code maxSweeps} sweeps for each {@code perRound} variables fixed. */
  @Override
  public long mostSweeps(int free) {
    return ((long) free + perRound - 1) / perRound * maxSweeps;
  }

  @Override
  public SolveResult solve(
      GeneratedAlgorithm solver, Model model, int[] evidence, SolveEvents events) {
    long start = System.nanoTime();
    if (Assignments.firstViolationAmongGiven(model, evidence) != null) {
      return new SolveResult(
          SolveResult.Status.INCONSISTENT_EVIDENCE, null, 0, 0, 0, System.nanoTime() - start);
    }
    int n = model.variableCount();
    Readout readout = new Readout(solver);
    int[] values = evidence.clone();
    Readout.observe(solver, values);
    solver.reset();
    int sweeps = 0;
    int decisions = 0;
    int[] chosen = new int[perRound];
    int[] chosenValue = new int[perRound];
    double[] chosenMargin = new double[perRound];
    while (true) {
      sweeps += Readout.converge(solver, maxSweeps, tolerance);
      // Keep the k largest margins among the free variables (insertion into a short sorted list).
      int count = 0;
      for (int i = 0; i < n; i++) {
        if (values[i] != Assignments.NONE) {
          continue;
        }
        readout.read(solver, i);
        if (count == perRound && readout.margin <= chosenMargin[perRound - 1]) {
          continue;
        }
        int at = count < perRound ? count++ : perRound - 1;
        while (at > 0 && chosenMargin[at - 1] < readout.margin) {
          chosen[at] = chosen[at - 1];
          chosenValue[at] = chosenValue[at - 1];
          chosenMargin[at] = chosenMargin[at - 1];
          at--;
        }
        chosen[at] = i;
        chosenValue[at] = readout.value;
        chosenMargin[at] = readout.margin;
      }
      if (count == 0) {
        break;
      }
      for (int k = 0; k < count; k++) {
        values[chosen[k]] = chosenValue[k];
        solver.setObserved(chosen[k], chosenValue[k]);
        events.decision(chosen[k], chosenValue[k], chosenMargin[k], false);
        decisions++;
      }
    }
    return Readout.finish(model, values, sweeps, decisions, start, events);
  }
}
