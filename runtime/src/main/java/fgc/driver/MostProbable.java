package fgc.driver;

import fgc.model.Factor;
import fgc.model.Model;

/**
 * A most probable assignment found by branch and bound ({@link ExactDriver#mostProbable}), or the
 * best one so far when a limit stopped the search.
 *
 * @param values a value per variable, or null when no assignment was found
 * @param log10Weight log10 of the product of every factor's weight at {@code values} (unnormalised:
 *     the probability times Z), computed on the model; negative infinity without values
 * @param proven whether the search finished, so that {@code values} is optimal (or, null, that no
 *     assignment satisfies the hard factors)
 * @param nodes branches tried
 * @param nanos the time the search took
 */
public record MostProbable(
    int[] values, double log10Weight, boolean proven, long nodes, long nanos) {
  /**
   * log10 of the product of the factors' potentials at {@code values}: the unnormalised log10
   * probability, negative infinity when some factor forbids them.
   *
   * @param model the model
   * @param values a value per variable
   * @return the log10 weight
   */
  public static double log10Weight(Model model, int[] values) {
    double sum = 0;
    for (Factor f : model.factors()) {
      int[] scope = f.scope();
      int[] at = new int[scope.length];
      for (int p = 0; p < scope.length; p++) {
        at[p] = values[scope[p]];
      }
      sum += Math.log10(f.potential(at));
    }
    return sum;
  }
}
