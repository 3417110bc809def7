package fgc.driver;

import fgc.algorithm.GeneratedAlgorithm;

/** Reading beliefs: the best value of a variable and its margin over the second best. */
final class Readout {
  private final double[] belief;
  int value;
  double margin;
  /** Whether every value but the best is exactly zero (a margin of 1.0 can also round up from almost). */
  boolean pointMass;

  Readout(GeneratedAlgorithm solver) {
    int width = 1;
    for (int i = 0; i < solver.variableCount(); i++) {
      width = Math.max(width, solver.domainSize(i));
    }
    belief = new double[width];
  }

  /** Reads variable {@code i}: sets {@link #value} (its argmax, lowest on ties) and {@link #margin}. */
  void read(GeneratedAlgorithm solver, int i) {
    solver.marginal(i, belief);
    int top = 0;
    double first = -1;
    double second = -1;
    for (int v = 0; v < solver.domainSize(i); v++) {
      if (belief[v] > first) {
        second = first;
        first = belief[v];
        top = v;
      } else if (belief[v] > second) {
        second = belief[v];
      }
    }
    value = solver.lowestValue(i) + top;
    margin = first - Math.max(second, 0);
    pointMass = first > 0.0 && second <= 0.0;
  }

  /** Sweeps until the largest message change is below {@code tolerance} or {@code limit} sweeps ran; returns the sweeps run. */
  static int converge(GeneratedAlgorithm solver, int limit, double tolerance) {
    for (int s = 1; s <= limit; s++) {
      if (solver.update(1) < tolerance) {
        return s;
      }
    }
    return limit;
  }

  /** Clears the solver's evidence and sets {@code values}' known entries as observed. */
  static void observe(GeneratedAlgorithm solver, int[] values) {
    solver.clearAllObserved();
    for (int i = 0; i < values.length; i++) {
      if (values[i] != Assignments.NONE) {
        solver.setObserved(i, values[i]);
      }
    }
  }

  /**
   * The result of a readout that is not repaired (single, iterative): solved when {@code values}
   * breaks no factor, otherwise unsolved with the number of broken factors as its conflicts.
   */
  static SolveResult finish(fgc.model.Model model, int[] values, int sweeps, int decisions, long start, SolveEvents events) {
    int conflicts = Assignments.countViolations(model, values);
    long nanos = System.nanoTime() - start;
    if (conflicts == 0) {
      return new SolveResult(SolveResult.Status.SOLVED, values, sweeps, decisions, 0, 0, nanos, 0);
    }
    events.invalidAssignment(Assignments.firstViolation(model, values));
    return new SolveResult(SolveResult.Status.UNSOLVED, null, sweeps, decisions, 0, 0, nanos, conflicts);
  }
}
