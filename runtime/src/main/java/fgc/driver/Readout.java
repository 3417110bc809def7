package fgc.driver;

import fgc.model.Model;
import fgc.solver.GeneratedAlgorithm;
import java.util.BitSet;

/** Reading beliefs: the best value of a variable and its margin over the second best. */
final class Readout {
  private final double[] belief;
  int value;
  double margin;

  /**
   * Whether every value but the best is exactly zero (a margin of 1.0 can also round up from
   * almost).
   */
  boolean pointMass;

  /** How many values the belief leaves (entries above zero), avoided ones included. */
  int live;

  private int top;
  private double first;
  private double second;

  Readout(GeneratedAlgorithm solver) {
    int width = 1;
    for (int i = 0; i < solver.variableCount(); i++) {
      width = Math.max(width, solver.domainSize(i));
    }
    belief = new double[width];
  }

  /**
   * Reads variable {@code i}: sets {@link #value} (its argmax, lowest on ties) and {@link #margin}.
   */
  void read(GeneratedAlgorithm solver, int i) {
    read(solver, i, null);
  }

  /**
   * Reads variable {@code i} as {@link #read(GeneratedAlgorithm, int)} does, but passes over the
   * values set in {@code avoided} (bit {@code i * width() + index}) while the belief leaves another
   * value: the argmax and the margin are then those of the other values. A point mass is read as it
   * is: the messages force that value, whatever was avoided.
   */
  void read(GeneratedAlgorithm solver, int i, BitSet avoided) {
    solver.marginal(i, belief);
    int size = solver.domainSize(i);
    pick(size, null, 0);
    pointMass = first > 0.0 && second <= 0.0;
    if (avoided != null && !pointMass) {
      int base = i * belief.length;
      int hit = avoided.nextSetBit(base);
      if (hit >= 0 && hit < base + size) {
        int top = this.top;
        double best = first;
        double next = second;
        pick(size, avoided, base);
        if (first <= 0.0) { // every value left is avoided: read the belief as it is
          this.top = top;
          first = best;
          second = next;
        }
      }
    }
    value = solver.lowestValue(i) + top;
    margin = first - Math.max(second, 0);
  }

  /**
   * The best and second-best entries of the belief, leaving out the values set in {@code avoided};
   * without {@code avoided}, also counts the {@link #live} values in the same pass.
   */
  private void pick(int size, BitSet avoided, int base) {
    top = 0;
    first = -1;
    second = -1;
    if (avoided == null) {
      live = 0;
    }
    for (int v = 0; v < size; v++) {
      if (avoided != null && avoided.get(base + v)) {
        continue;
      }
      if (avoided == null && belief[v] > 0.0) {
        live++;
      }
      if (belief[v] > first) {
        second = first;
        first = belief[v];
        top = v;
      } else if (belief[v] > second) {
        second = belief[v];
      }
    }
  }

  /**
   * Entries per variable in the bit numbering of {@link #read(GeneratedAlgorithm, int, BitSet)}.
   */
  int width() {
    return belief.length;
  }

  /**
   * Sweeps until the largest message change is below {@code tolerance} or {@code limit} sweeps ran;
   * returns the sweeps run.
   */
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
  static SolveResult finish(
      Model model, int[] values, int sweeps, int decisions, long start, SolveEvents events) {
    int conflicts = Assignments.countViolations(model, values);
    long nanos = System.nanoTime() - start;
    if (conflicts == 0) {
      return new SolveResult(SolveResult.Status.SOLVED, values, sweeps, decisions, 0, 0, nanos, 0);
    }
    events.invalidAssignment(Assignments.firstViolation(model, values));
    return new SolveResult(
        SolveResult.Status.UNSOLVED, null, sweeps, decisions, 0, 0, nanos, conflicts);
  }
}
