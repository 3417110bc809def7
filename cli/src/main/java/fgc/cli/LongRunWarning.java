package fgc.cli;

import fgc.model.Model;
import fgc.plan.SolverLimits;
import fgc.plan.SweepCost;
import fgc.solver.GeneratedAlgorithm;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The warning on standard error before a run that may take long: estimated from the plan's cost
 * and, for sweeps, one sweep timed here, so a user learns it before waiting rather than after.
 */
final class LongRunWarning {
  private LongRunWarning() {}

  /**
   * One warning before a run of up to {@code mostSweeps} sweeps whose estimated cost ({@code cost})
   * passes {@link SolverLimits#WARN_RUN_OPERATIONS}: one sweep of an instance from {@code solver}
   * (made only then) is timed, and the warning says what is expensive, what the sweep took and what
   * the most sweeps would take at that rate. The sweep is undone ({@code reset}) before the run.
   * {@code algorithm} names the algorithm, {@code what} the sweeps.
   */
  static void sweeps(
      Model m,
      String algorithm,
      SweepCost cost,
      Supplier<GeneratedAlgorithm> instance,
      long mostSweeps,
      String what) {
    if (cost == null
        || cost.onePass()
        || (double) cost.operations() * mostSweeps <= SolverLimits.WARN_RUN_OPERATIONS) {
      return;
    }
    GeneratedAlgorithm solver = instance.get();
    long start = System.nanoTime();
    solver.update(1);
    double sweep = (System.nanoTime() - start) / 1e9;
    solver.reset();
    double seconds = sweep * mostSweeps;
    if (seconds < SolverLimits.WARN_RUN_OPERATIONS / 1e9) {
      return;
    }
    System.err.println(
        "fgc: warning: this run may take long: about "
            + SweepCost.scientific(cost.operations())
            + " operations per sweep of "
            + algorithm
            + ", "
            + cost.dominant()
            + "; one sweep took "
            + String.format(Locale.ROOT, "%.2f s", sweep)
            + " here, and the run may take up to "
            + mostSweeps
            + " "
            + what
            + " (up to "
            + duration(seconds)
            + " at that rate; fewer once it converges); "
            + cost.advice(m));
  }

  private static String duration(double seconds) {
    return seconds >= 7200
        ? String.format(Locale.ROOT, "%.0f hours", seconds / 3600)
        : seconds >= 120
            ? String.format(Locale.ROOT, "%.0f minutes", seconds / 60)
            : String.format(Locale.ROOT, "%.0f seconds", seconds);
  }

  /** The warning for exact inference, whose one pass ({@code cost}) is the whole run. */
  static void pass(SweepCost cost, String algorithm, Model m) {
    if (cost.operations() <= SolverLimits.WARN_RUN_OPERATIONS) {
      return;
    }
    System.err.println(
        "fgc: warning: this run may take long: about "
            + SweepCost.scientific(cost.operations())
            + " operations in the one pass of "
            + algorithm
            + ", "
            + cost.dominant()
            + " ("
            + duration(cost.operations() / 1e9)
            + " or more at a billion operations a second, an estimate); "
            + cost.advice(m));
  }
}
