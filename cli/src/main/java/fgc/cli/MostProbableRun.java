package fgc.cli;

import fgc.algorithms.Algorithms;
import fgc.compilation.AlgorithmSpec;
import fgc.compiler.ModelCompiler;
import fgc.driver.Assignments;
import fgc.driver.ExactDriver;
import fgc.driver.MostProbable;
import fgc.driver.SolveEvents;
import fgc.model.Evidence;
import fgc.model.FactorKind;
import fgc.model.Model;
import fgc.plan.NoSolutionException;
import fgc.plan.SweepCost;
import fgc.runtime.EvidenceLines;
import fgc.solver.GeneratedAlgorithm;
import java.util.Locale;
import java.util.Map;

/**
 * {@code run} on a weighted model: its most probable assignment given the evidence (MPE), with a
 * first line that says how it was found and whether it is proven optimal. Elimination (max-product)
 * when the model fits its limits, else branch and bound over {@code -ln weight} (the exact
 * driver's), within an optional time or node limit; anytime, it tells standard error of each better
 * assignment once it has run a second.
 */
final class MostProbableRun {
  /** How long a branch and bound runs before it reports its improvements as they come. */
  private static final long QUIET_NANOS = 1_000_000_000L;

  private MostProbableRun() {}

  /**
   * Refuses --time-limit and --node-limit (when {@code limited}) where they would be ignored: they
   * bound only the branch and bound of a weighted model's most probable assignment, in one run by
   * the exact driver ({@code oneExactRun}), said rather than ignored.
   */
  static void checkLimits(
      Model m, boolean weighted, boolean marginals, boolean limited, boolean oneExactRun) {
    if (limited && (!weighted || !oneExactRun)) {
      throw new IllegalArgumentException(
          "--time-limit and --node-limit bound the branch and bound of a weighted model's most"
              + " probable assignment in one run (without --input, --marginals or another "
              + "--driver than exact)"
              + (weighted || marginals
                  ? ""
                  : "; model " + m.name() + " has no soft factor (weights that differ)"));
    }
  }

  /** Whether {@code m} has a linear factor, which elimination has no table for. */
  private static boolean hasLinear(Model m) {
    return m.families().stream().anyMatch(f -> f.first().kind() == FactorKind.LINEAR);
  }

  /**
   * Answers and prints; returns the exit code: 0 with an answer (proven or not: the first line says
   * which), 1 when no assignment satisfies the hard factors and the evidence.
   *
   * @param elimination whether elimination may answer (else branch and bound does, as --driver
   *     exact asks)
   */
  static int run(
      Model m, int[] given, ModelOptions options, boolean elimination, double seconds, long nodes) {
    String broken = Assignments.firstViolationAmongGiven(m, given);
    if (broken != null) {
      System.err.println("fgc: no assignment: the evidence contradicts the model: " + broken);
      return 1;
    }
    AlgorithmSpec exact = Algorithms.exact().spec(Map.of());
    try {
      // A linear factor has no table for elimination to hold: the branch and bound answers.
      if (elimination && !hasLinear(m) && ModelCompiler.fits(m, exact)) {
        return byElimination(m, given, options, exact);
      }
    } catch (NoSolutionException e) {
      System.err.println("fgc: no assignment: " + e.getMessage());
      return 1;
    }
    long start = System.nanoTime();
    long deadline = seconds > 0 ? start + (long) (seconds * 1e9) : Long.MAX_VALUE;
    MostProbable best =
        ExactDriver.withDefaults()
            .mostProbable(
                m,
                given,
                nodes,
                deadline,
                better -> {
                  if (System.nanoTime() - start > QUIET_NANOS) {
                    System.err.println(
                        String.format(
                            Locale.ROOT,
                            "fgc: found log10 weight %.6f after %d nodes, %.1f s",
                            better.log10Weight(),
                            better.nodes(),
                            better.nanos() / 1e9));
                  }
                },
                SolveEvents.NONE);
    if (best.values() == null) {
      if (best.proven()) {
        System.err.println(
            "fgc: no assignment: the branch and bound proved that no assignment satisfies every "
                + "hard factor"
                + " with the evidence");
      } else {
        System.err.println(
            "fgc: no assignment found before the "
                + limit(seconds, nodes, best)
                + " (not a proof that none exists)");
      }
      return 1;
    }
    String failed = AnswerCheck.failure(m, given, best.values());
    if (failed != null) {
      System.err.println("fgc: the answer failed the independent check: " + failed);
      return 1;
    }
    String status =
        best.proven()
            ? "proven optimal"
            : "not proven optimal: stopped at the " + limit(seconds, nodes, best);
    print(
        m,
        best.values(),
        String.format(
            Locale.ROOT,
            "method: most probable assignment by branch and bound (%s, %d nodes, %.2f s): log10 "
                + "weight %.6f (unnormalised)",
            status,
            best.nodes(),
            best.nanos() / 1e9,
            best.log10Weight()));
    return 0;
  }

  /** The limit that stopped {@code best}'s search, in words. */
  private static String limit(double seconds, long nodes, MostProbable best) {
    return best.nodes() >= nodes
        ? "node limit (--node-limit " + nodes + ")"
        : String.format(Locale.ROOT, "time limit (--time-limit %s)", seconds);
  }

  private static int byElimination(
      Model m, int[] given, ModelOptions options, AlgorithmSpec exact) {
    SweepCost pass = Algorithms.of(exact).sweepCost(m);
    if (pass != null) {
      LongRunWarning.pass(pass, exact.name(), m);
    }
    GeneratedAlgorithm solver;
    try {
      solver = options.cache().load(m, exact).newInstance();
    } catch (NoSolutionException e) {
      System.err.println("fgc: no assignment: " + e.getMessage());
      return 1;
    }
    for (int v = 0; v < given.length; v++) {
      if (given[v] != Evidence.NONE) {
        solver.setObserved(v, given[v]);
      }
    }
    double logZ = solver.logPartition();
    int[] values = new int[m.variableCount()];
    if (logZ == Double.NEGATIVE_INFINITY || !solver.mostProbable(values)) {
      System.err.println("fgc: no assignment: the evidence has probability zero");
      return 1;
    }
    String failed = AnswerCheck.failure(m, given, values);
    if (failed != null) {
      System.err.println("fgc: the answer failed the independent check: " + failed);
      return 1;
    }
    double log10Weight = MostProbable.log10Weight(m, values);
    print(
        m,
        values,
        String.format(
            Locale.ROOT,
            "method: most probable assignment by elimination (max-product, exact: proven "
                + "optimal): log10 P %.6f given the evidence,"
                + " log10 weight %.6f (unnormalised)",
            log10Weight - logZ / Math.log(10),
            log10Weight));
    return 0;
  }

  private static void print(Model m, int[] values, String method) {
    System.out.println(method);
    System.out.println(EvidenceLines.answer(m, values, false));
  }

  /**
   * The line that labels a driver's answer on a weighted model: the exact ones' is the proven
   * optimum (their search is the branch and bound); another's is approximate.
   */
  static String decimationLine(Model m, int[] values, String driver) {
    double weight = MostProbable.log10Weight(m, values);
    if (driver.startsWith("exact")) {
      return String.format(
          Locale.ROOT,
          "method: most probable assignment by branch and bound (%s, proven optimal):"
              + " log10 weight %.6f (unnormalised)",
          driver,
          weight);
    }
    return String.format(
        Locale.ROOT,
        "method: an assignment by %s (approximate: not proven the most probable;"
            + " without --driver, run answers the most probable): log10 weight %.6f (unnormalised)",
        driver,
        weight);
  }
}
