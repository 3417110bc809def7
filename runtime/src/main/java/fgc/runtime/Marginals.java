package fgc.runtime;

import fgc.model.Model;

/**
 * The beliefs of every variable after message passing to a tolerance: one row per variable over its
 * domain, with how the run ended. Sum-product beliefs are marginal probabilities, exact on a factor
 * graph without cycles and approximate otherwise; max-product beliefs are max-marginals, not
 * probabilities.
 */
public final class Marginals {
  private final Model model;
  private final String algorithm;
  private final double[][] rows;
  private final int sweeps;
  private final double lastChange;
  private final boolean converged;
  private final boolean contradiction;

  Marginals(
      Model model,
      String algorithm,
      double[][] rows,
      int sweeps,
      double lastChange,
      boolean converged,
      boolean contradiction) {
    this.model = model;
    this.algorithm = algorithm;
    this.rows = rows;
    this.sweeps = sweeps;
    this.lastChange = lastChange;
    this.converged = converged;
    this.contradiction = contradiction;
  }

  /**
   * The belief of flat variable {@code variable}: entry {@code k} is for its domain's {@code k}-th
   * value.
   *
   * @param variable a flat index
   * @return a copy of its belief
   */
  public double[] of(int variable) {
    return rows[variable].clone();
  }

  /**
   * The belief of the variable named {@code name} ({@code rain}, {@code cell[0][4]}).
   *
   * @param name the variable's name
   * @return a copy of its belief
   */
  public double[] of(String name) {
    return of(model.variableIndex(name));
  }

  /**
   * The belief that {@code name} takes {@code value}.
   *
   * @param name the variable's name
   * @param value a value of its domain
   * @return the probability
   */
  public double probability(String name, int value) {
    int variable = model.variableIndex(name);
    int k = value - model.domainOf(variable).lo();
    if (k < 0 || k >= rows[variable].length) {
      throw new IllegalArgumentException(
          value + " is outside the domain " + model.domainOf(variable) + " of " + name);
    }
    return rows[variable][k];
  }

  /**
   * The algorithm that computed these beliefs, e.g. {@code sumproduct}.
   *
   * @return the algorithm's name
   */
  public String algorithm() {
    return algorithm;
  }

  /**
   * Sweeps run.
   *
   * @return the number of sweeps
   */
  public int sweeps() {
    return sweeps;
  }

  /**
   * The largest change of any message entry in the last sweep.
   *
   * @return the last change
   */
  public double lastChange() {
    return lastChange;
  }

  /**
   * Whether the last sweep changed no message entry by more than the tolerance.
   *
   * @return true when message passing converged
   */
  public boolean converged() {
    return converged;
  }

  /**
   * Whether some variable's belief is all zero: the evidence contradicts the model.
   *
   * @return true when the evidence contradicts the model
   */
  public boolean contradiction() {
    return contradiction;
  }
}
