package fgc.cli;

import fgc.solver.GeneratedAlgorithm;

/**
 * The solver with one progress step per sweep, so that a long run says how far it has got
 * (decimation's sweeps happen inside the driver). The same sweeps, one at a time.
 */
final class SteppingSolver implements GeneratedAlgorithm {
  private final GeneratedAlgorithm solver;
  private final Progress progress;

  SteppingSolver(GeneratedAlgorithm solver, Progress progress) {
    this.solver = solver;
    this.progress = progress;
  }

  @Override
  public double update(int sweeps) {
    if (sweeps <= 0) {
      return solver.update(sweeps);
    }
    double change = 0;
    for (int s = 0; s < sweeps; s++) {
      change = solver.update(1);
      progress.step();
    }
    return change;
  }

  @Override
  public String key() {
    return solver.key();
  }

  @Override
  public String algorithm() {
    return solver.algorithm();
  }

  @Override
  public int variableCount() {
    return solver.variableCount();
  }

  @Override
  public int lowestValue(int variable) {
    return solver.lowestValue(variable);
  }

  @Override
  public int domainSize(int variable) {
    return solver.domainSize(variable);
  }

  @Override
  public void setObserved(int variable, int value) {
    solver.setObserved(variable, value);
  }

  @Override
  public void clearObserved(int variable) {
    solver.clearObserved(variable);
  }

  @Override
  public void clearAllObserved() {
    solver.clearAllObserved();
  }

  @Override
  public void reset() {
    solver.reset();
  }

  @Override
  public void resetWithNoise(long seed, double scale) {
    solver.resetWithNoise(seed, scale);
  }

  @Override
  public int sweepsDone() {
    return solver.sweepsDone();
  }

  @Override
  public void marginal(int variable, double[] out) {
    solver.marginal(variable, out);
  }

  @Override
  public boolean contradiction() {
    return solver.contradiction();
  }

  @Override
  public boolean exact() {
    return solver.exact();
  }

  @Override
  public double logPartition() {
    return solver.logPartition();
  }

  @Override
  public boolean mostProbable(int[] out) {
    return solver.mostProbable(out);
  }
}
