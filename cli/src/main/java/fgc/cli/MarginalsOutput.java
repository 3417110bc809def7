package fgc.cli;

import fgc.algorithms.Algorithm;
import fgc.algorithms.Algorithms;
import fgc.algorithms.Capabilities;
import fgc.compilation.AlgorithmSpec;
import fgc.compiler.ModelCompiler;
import fgc.driver.Assignments;
import fgc.driver.search.Search;
import fgc.model.Evidence;
import fgc.model.Factor;
import fgc.model.Model;
import fgc.solver.GeneratedAlgorithm;
import fgc.solver.Numerics;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code run --marginals} prints besides the numbers: which method it chose, and what the
 * numbers are (exact, approximate and how far converged, or not probabilities at all); and the
 * numbers themselves, every one with four decimals, so a listing reads in one format. One run's
 * lines are made here ({@link #answer}), so a single run and each case of a batch print the same.
 */
final class MarginalsOutput {
  private MarginalsOutput() {}

  /**
   * The algorithm for marginals: the one asked for (--algorithm; --damping or --option alone set
   * sum-product BP's, as exact inference has no options), else exact inference when the model fits
   * its limits, else sum-product BP, with a line on standard error that says why.
   */
  static AlgorithmSpec spec(Model model, ModelOptions options) {
    if (options.algorithmChosen()) {
      return options.spec();
    }
    Algorithm<?> approximate = Algorithms.approximateMarginals();
    if (options.damping != null || !options.options.isEmpty()) {
      return options.spec(approximate.name());
    }
    AlgorithmSpec exact = Algorithms.exact().spec(Map.of());
    String refused = ModelCompiler.refusal(model, exact);
    if (refused == null) {
      return exact;
    }
    // Said on stderr, so that the marginals read the same: why the method line names BP.
    System.err.println("fgc: marginals by sum-product BP, since " + refused);
    return approximate.spec(Map.of());
  }

  /**
   * What one run of --marginals prints: the method line and a line per free variable, or the reason
   * there are none.
   */
  record Answer(List<String> lines, String reason) {}

  /**
   * The marginals of the free variables under {@code given} (every variable's value or {@link
   * Evidence#NONE}), computed on {@code solver}, which must hold no evidence yet and be as new or
   * reset: exact inference's one pass, or up to {@code sweeps} sweeps of BP to {@code tolerance}.
   * The reason, when there are none, is what follows {@code fgc: }.
   */
  static Answer answer(
      Model m, GeneratedAlgorithm solver, int[] given, int sweeps, double tolerance) {
    String broken = Assignments.firstViolationAmongGiven(m, given);
    if (broken != null) {
      return none("no marginals: the evidence contradicts the model: " + broken);
    }
    int free = 0;
    for (int i = 0; i < given.length; i++) {
      if (given[i] != Evidence.NONE) {
        solver.setObserved(i, given[i]);
      } else {
        free++;
      }
    }
    int done = 0;
    double change = Double.POSITIVE_INFINITY;
    if (solver.exact()) {
      solver.update(1);
    } else {
      while (done < sweeps && !(change <= tolerance)) {
        change = solver.update(1);
        done++;
      }
    }
    // Every row is checked before any is printed: a belief with no mass (BP ruled out every value,
    // which it does only for a value no solution has) or not a number is no distribution, and
    // zeros printed as one would read as an answer.
    String against =
        free == given.length ? "the model has no solution" : "the evidence contradicts the model";
    List<String> lines = new ArrayList<>();
    lines.add(null); // the method line, once the sweeps are known good
    for (int i = 0; i < given.length; i++) {
      double[] p = new double[solver.domainSize(i)];
      solver.marginal(i, p);
      double sum = 0;
      for (double x : p) {
        sum += x;
      }
      if (!(Math.abs(sum - 1) < 1e-6) && solver.exact()) {
        return none("no marginals: " + against + ": it has probability zero");
      }
      if (!(Math.abs(sum - 1) < 1e-6)) {
        return none(
            "no marginals: "
                + (Double.isNaN(sum)
                    ? "BP's belief of " + m.variableName(i) + " is not a number"
                    : against + ": BP rules out every value of " + m.variableName(i)));
      }
      if (given[i] == Evidence.NONE) {
        StringBuilder line = new StringBuilder(m.variableName(i));
        for (int v = 0; v < p.length; v++) {
          line.append(' ')
              .append(m.valueText(i, solver.lowestValue(i) + v))
              .append(':')
              .append(probability(p[v]));
        }
        lines.add(line.toString());
      }
    }
    if (solver
        .contradiction()) { // ep-dirichlet's marginals are posterior means, which keep mass where
      // BP's beliefs have none
      return none("no marginals: " + against + ": BP rules out every value of some variable");
    }
    if (!solver.exact() && provedImpossible(m, given)) {
      // Loopy BP can settle on beliefs for evidence no assignment allows (a triangle in two
      // colours converges to one half each); exact inference says so, and so must this path.
      return none(
          "no marginals: "
              + against
              + ": it has probability zero (no assignment allows every factor)");
    }
    lines.set(0, method(m, solver, done, change, tolerance));
    return new Answer(lines, null);
  }

  /** The most branches {@link #provedImpossible} tries before it leaves the question open. */
  static final long IMPOSSIBLE_NODE_LIMIT = 100_000;

  /**
   * Whether the exact search proves, within {@link #IMPOSSIBLE_NODE_LIMIT} branches, that no
   * assignment agreeing with {@code given} allows every factor; false when it finds one or stops.
   * It looks for any allowed assignment, not the most probable: a bound on the weights would cost
   * far more than the question needs.
   */
  static boolean provedImpossible(Model m, int[] given) {
    Search.Listener counting =
        new Search.Listener() {
          long branches;

          @Override
          public void branch(int variable, int value) {
            if (++branches > IMPOSSIBLE_NODE_LIMIT) {
              throw new SearchStopped();
            }
          }
        };
    try {
      return Search.of(m).run(given, Evidence.NONE, 1, counting) == 0;
    } catch (SearchStopped e) {
      return false;
    }
  }

  /** Ends {@link #provedImpossible}'s search at its limit, the question left open. */
  private static final class SearchStopped extends RuntimeException {
    private static final long serialVersionUID = 1L;

    SearchStopped() {
      super(null, null, false, false);
    }
  }

  private static Answer none(String reason) {
    return new Answer(List.of(), reason);
  }

  /**
   * The first line: the method and its status, e.g. {@code method: exact (elimination)} or {@code
   * method: loopy BP (sumproduct, approximate): 37 sweeps, converged to 1e-9}.
   */
  static String method(
      Model model, GeneratedAlgorithm solver, int sweeps, double change, double tolerance) {
    String name = solver.algorithm();
    if (solver.exact()) {
      return "method: exact (" + name + ")";
    }
    Capabilities can = Algorithms.capabilities(name);
    String what;
    if (!can.marginals().probabilities()) {
      what = can.marginals().what() + " (" + name + "): not probabilities";
    } else if (can.exactOnTreeOf(model) && !bpRaisesWeights(model)) {
      what = "BP on a tree (" + name + ", exact once converged)";
    } else {
      what = can.marginals().what() + " (" + name + ", approximate)";
    }
    String status =
        change <= tolerance
            ? sweeps
                + (sweeps == 1 ? " sweep" : " sweeps")
                + ", converged to "
                + scientific(tolerance)
            : "did not converge after "
                + sweeps
                + (sweeps == 1 ? " sweep" : " sweeps")
                + (Double.isFinite(change) ? " (largest change " + scientific(change) + ")" : "");
    return "method: " + what + ": " + status;
  }

  /**
   * Four decimals, always ({@code 0.0000}, {@code 0.4242}, {@code 1.0000}): one format a reader can
   * line up and a program can parse; {@code 0.0000} is anything below 0.00005, not a proof that the
   * value is ruled out (the UAI task {@code MAR} prints full precision).
   */
  static String probability(double p) {
    return String.format(Locale.ROOT, "%.4f", p);
  }

  /** Two significant digits, as {@code 1.2e-17} ({@code 1e-9} when the second is 0). */
  static String scientific(double x) {
    if (x == 0.0 || !Double.isFinite(x)) {
      return x == 0.0 ? "0" : Double.toString(x);
    }
    String[] parts = String.format(Locale.ROOT, "%.1e", x).split("e");
    String mantissa =
        parts[0].endsWith(".0") ? parts[0].substring(0, parts[0].length() - 2) : parts[0];
    return mantissa + "e" + Integer.parseInt(parts[1]);
  }

  /**
   * Whether some factor has a positive weight more than 2^500 below its largest, which BP raises to
   * {@link Numerics#TINY} times it: its answers are then not those of the weights as given.
   */
  static boolean bpRaisesWeights(Model model) {
    for (Factor f : model.factors()) {
      if (!f.kind().weighted()) {
        continue;
      }
      double max = 0.0;
      for (int k = 0; k < f.weightCount(); k++) {
        max = Math.max(max, f.weight(k));
      }
      for (int k = 0; k < f.weightCount(); k++) {
        double w = f.weight(k);
        if (w > 0.0 && w / max < Numerics.TINY) {
          return true;
        }
      }
    }
    return false;
  }
}
