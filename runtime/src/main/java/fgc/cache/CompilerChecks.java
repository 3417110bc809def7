package fgc.cache;

import fgc.compilation.AlgorithmSpec;
import fgc.compilation.PlannedModel;
import fgc.compilation.SolverCompilers;
import fgc.model.Model;

/**
 * {@link ModelChecks} by the compiler on the class path: its planner for the digest, its reference
 * interpreters for the starting belief.
 */
final class CompilerChecks implements ModelChecks {
  @Override
  public String planDigest(Model model, AlgorithmSpec spec) {
    return SolverCompilers.require().planDigest(model, spec);
  }

  @Override
  public PlannedModel plan(Model model, AlgorithmSpec spec) {
    return SolverCompilers.require().plan(model, spec);
  }

  @Override
  public boolean checksPlan(AlgorithmSpec spec) {
    return SolverCompilers.require().checksPlan(spec.name());
  }

  @Override
  public boolean startIsDistribution(Model model, AlgorithmSpec spec) {
    return SolverCompilers.require().startIsDistribution(model, spec);
  }
}
