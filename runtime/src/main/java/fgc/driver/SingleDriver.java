package fgc.driver;

import fgc.model.Model;
import fgc.solver.GeneratedAlgorithm;

/**
 * One inference, then the argmax of every free variable: the reference notebook's naive and robust
 * solvers. Solved only when that readout breaks no factor; otherwise the result counts the broken
 * factors ("conflicts"), which is what this driver is for: showing how far one inference gets.
 */
public final class SingleDriver implements Driver {
  private final int maxSweeps;
  private final double tolerance;

  private SingleDriver(int maxSweeps, double tolerance) {
    this.maxSweeps = maxSweeps;
    this.tolerance = tolerance;
  }

  /**
   * Up to 200 sweeps, stopping when no message entry moves by 1e-9.
   *
   * @return the driver with its default options
   */
  public static SingleDriver withDefaults() {
    return new SingleDriver(200, 1e-9);
  }

  @Override
  public String name() {
    return "single";
  }

  @Override
  public long mostSweeps(int free) {
    return maxSweeps;
  }

  @Override
  public SolveResult solve(
      GeneratedAlgorithm solver, Model model, int[] evidence, SolveEvents events) {
    long start = System.nanoTime();
    if (Assignments.firstViolationAmongGiven(model, evidence) != null) {
      return new SolveResult(
          SolveResult.Status.INCONSISTENT_EVIDENCE, null, 0, 0, 0, System.nanoTime() - start);
    }
    Readout readout = new Readout(solver);
    Readout.observe(solver, evidence);
    solver.reset();
    int sweeps = Readout.converge(solver, maxSweeps, tolerance);
    int[] values = evidence.clone();
    int decisions = 0;
    for (int i = 0; i < values.length; i++) {
      if (values[i] == Assignments.NONE) {
        readout.read(solver, i);
        values[i] = readout.value;
        events.decision(i, readout.value, readout.margin, false);
        decisions++;
      }
    }
    return Readout.finish(model, values, sweeps, decisions, start, events);
  }
}
