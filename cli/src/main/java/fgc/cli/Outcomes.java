package fgc.cli;

import fgc.driver.Assignments;
import fgc.driver.Driver;
import fgc.driver.Drivers;
import fgc.driver.SolveEvents;
import fgc.driver.SolveResult;
import fgc.model.Model;
import fgc.solver.GeneratedAlgorithm;

/** What a driver's result means, in words for a user (never the name of a status). */
final class Outcomes {
  private Outcomes() {}

  /**
   * {@code driver}'s result; a driver that cannot take the model at all (the exact search of a
   * model it does not propagate, say) throws an IllegalArgumentException that says so, once, for
   * the whole run: it is the model's, not one problem's.
   */
  static SolveResult solve(
      Driver driver, GeneratedAlgorithm solver, Model model, int[] evidence, SolveEvents events) {
    try {
      return driver.solve(solver, model, evidence, events);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "driver "
              + driver.name()
              + " cannot solve model "
              + model.name()
              + ": "
              + e.getMessage()
              + "; choose another --driver ("
              + String.join(", ", Drivers.names())
              + ")",
          e);
    }
  }

  /**
   * Whether {@code r} says the problem has no solution (proved by a search, by propagation, or by
   * givens that break a factor).
   */
  static boolean noSolution(SolveResult r) {
    return r.status() == SolveResult.Status.NO_SOLUTION
        || r.status() == SolveResult.Status.INCONSISTENT_EVIDENCE;
  }

  /**
   * Why {@code r} is no answer, as a user reads it: "no solution: ..." when none exists, "not
   * solved: ..." when the driver gave up. {@code evidence} names a broken factor among the givens.
   */
  static String unsolved(SolveResult r, Driver driver, Model model, int[] evidence) {
    switch (r.status()) {
      case INCONSISTENT_EVIDENCE:
        {
          String broken = Assignments.firstViolationAmongGiven(model, evidence);
          return "no solution: the given values break a factor of the model"
              + (broken != null ? " (" + broken + ")" : "");
        }
      case NO_SOLUTION:
        return driver.name().startsWith("exact")
            ? "no solution: the exact search proved that no assignment satisfies every factor"
            : "no solution: propagation from the given values alone leaves some variable no value";
      case UNSOLVED:
        return "not solved: "
            + driver.name()
            + " found no answer"
            + (r.restarts() > 0
                ? " in " + r.restarts() + " restart" + (r.restarts() == 1 ? "" : "s")
                : " after " + r.sweeps() + " sweep" + (r.sweeps() == 1 ? "" : "s"))
            + " (not a proof that none exists; --driver exact searches completely)";
      default:
        return "solved";
    }
  }
}
