package fgc.reference;

import fgc.model.Model;
import fgc.solver.GeneratedAlgorithm;

/**
 * What every reference interpreter shares: its identity, variables and domains from the model, and
 * the equivalences of the interface (reset = no noise, clear all = clear each).
 */
abstract class ReferenceAlgorithm implements GeneratedAlgorithm {
  final Model model;

  ReferenceAlgorithm(Model model) {
    this.model = model;
  }

  @Override
  public final String key() {
    return "reference";
  }

  @Override
  public final int variableCount() {
    return model.variableCount();
  }

  @Override
  public final int lowestValue(int variable) {
    return model.domainOf(variable).lo();
  }

  @Override
  public final int domainSize(int variable) {
    return model.domainOf(variable).size();
  }

  @Override
  public final void clearAllObserved() {
    for (int i = 0; i < model.variableCount(); i++) {
      clearObserved(i);
    }
  }

  @Override
  public final void reset() {
    resetWithNoise(0L, 0.0);
  }

  /** Throws, naming the variable, when {@code value} is outside its domain. */
  final void checkInDomain(int variable, int value) {
    if (!model.domainOf(variable).contains(value)) {
      throw new IllegalArgumentException(
          "value " + value + " is outside the domain of variable " + variable);
    }
  }
}
