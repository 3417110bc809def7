package fgc.cli;

import fgc.algorithm.GeneratedAlgorithm;
import fgc.algorithm.Numerics;
import fgc.compilation.AlgorithmSpec;
import fgc.compiler.Algorithms;
import fgc.compiler.Capabilities;
import fgc.compiler.ModelCompiler;
import fgc.model.Factor;
import fgc.model.Model;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code run --marginals} prints besides the numbers: which method it chose, and what the
 * numbers are (exact, approximate and how far converged, or not probabilities at all); and the
 * numbers themselves, a ruled-out value as {@code 0} and one too small for four decimals in
 * scientific notation, so neither reads as the other.
 */
final class MarginalsOutput {
  private MarginalsOutput() {}

  /**
   * The algorithm for marginals: the one asked for (--algorithm, or --damping, which only BP has),
   * else exact inference when the model fits its limits, else sum-product BP.
   */
  static AlgorithmSpec spec(Model model, ModelOptions options) {
    if (options.algorithmChosen() || options.damping != null) {
      return options.damping != null && !options.algorithmChosen()
          ? AlgorithmSpec.named(AlgorithmSpec.SUMPRODUCT, Map.of("damping", options.damping)) : options.spec();
    }
    AlgorithmSpec exact = Algorithms.exact().spec(Map.of());
    return ModelCompiler.fits(model, exact) ? exact : AlgorithmSpec.named(AlgorithmSpec.SUMPRODUCT);
  }

  /**
   * The first line: the method and its status, e.g. {@code method: exact (elimination)} or
   * {@code method: loopy BP (sumproduct, approximate): 37 sweeps, converged to 1e-9}.
   */
  static String method(Model model, GeneratedAlgorithm solver, int sweeps, double change, double tolerance) {
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
    String status = change <= tolerance
        ? sweeps + (sweeps == 1 ? " sweep" : " sweeps") + ", converged to " + scientific(tolerance)
        : "did not converge after " + sweeps + (sweeps == 1 ? " sweep" : " sweeps")
            + (Double.isFinite(change) ? " (largest change " + scientific(change) + ")" : "");
    return "method: " + what + ": " + status;
  }

  /** {@code 0} for a ruled-out value, four decimals, or scientific notation below what four decimals show. */
  static String probability(double p) {
    if (p == 0.0) {
      return "0";
    }
    if (p == 1.0) {
      return "1";
    }
    return p < 0.00005 ? scientific(p) : String.format(Locale.ROOT, "%.4f", p);
  }

  /** Two significant digits, as {@code 1.2e-17} ({@code 1e-9} when the second is 0). */
  static String scientific(double x) {
    if (x == 0.0 || !Double.isFinite(x)) {
      return x == 0.0 ? "0" : Double.toString(x);
    }
    String[] parts = String.format(Locale.ROOT, "%.1e", x).split("e");
    String mantissa = parts[0].endsWith(".0") ? parts[0].substring(0, parts[0].length() - 2) : parts[0];
    return mantissa + "e" + Integer.parseInt(parts[1]);
  }

  /**
   * Whether some factor has a positive weight more than 2^500 below its largest, which BP raises
   * to {@link Numerics#TINY} times it: its answers are then not those of the weights as given.
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
