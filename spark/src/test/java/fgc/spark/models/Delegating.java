package fgc.spark.models;

import fgc.solver.GeneratedAlgorithm;

/** A generated solver that passes every call on, so a test can watch or bend one method. */
abstract class Delegating implements GeneratedAlgorithm {
  final GeneratedAlgorithm inner;

  Delegating(GeneratedAlgorithm inner) {
    this.inner = inner;
  }

  @Override
  public String key() {
    return inner.key();
  }

  @Override
  public String algorithm() {
    return inner.algorithm();
  }

  @Override
  public int variableCount() {
    return inner.variableCount();
  }

  @Override
  public int lowestValue(int variable) {
    return inner.lowestValue(variable);
  }

  @Override
  public int domainSize(int variable) {
    return inner.domainSize(variable);
  }

  @Override
  public void setObserved(int variable, int value) {
    inner.setObserved(variable, value);
  }

  @Override
  public void clearObserved(int variable) {
    inner.clearObserved(variable);
  }

  @Override
  public void clearAllObserved() {
    inner.clearAllObserved();
  }

  @Override
  public void reset() {
    inner.reset();
  }

  @Override
  public void resetWithNoise(long seed, double scale) {
    inner.resetWithNoise(seed, scale);
  }

  @Override
  public double update(int sweeps) {
    return inner.update(sweeps);
  }

  @Override
  public int sweepsDone() {
    return inner.sweepsDone();
  }

  @Override
  public void marginal(int variable, double[] out) {
    inner.marginal(variable, out);
  }

  @Override
  public boolean contradiction() {
    return inner.contradiction();
  }
}
