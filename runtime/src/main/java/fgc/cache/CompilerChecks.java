package fgc.cache;

import fgc.algorithm.GeneratedAlgorithm;
import fgc.compiler.AlgorithmSpec;
import fgc.compiler.emit.PlanDigests;
import fgc.compiler.reference.References;
import fgc.model.Model;

/** {@link ModelChecks} by the compiler: its planner for the digest, its reference interpreters for the starting belief. */
final class CompilerChecks implements ModelChecks {
  @Override
  public String planDigest(Model model, AlgorithmSpec spec) {
    return PlanDigests.of(model, spec);
  }

  @Override
  public boolean startIsDistribution(Model model, AlgorithmSpec spec) {
    GeneratedAlgorithm reference = References.of(model, spec);
    reference.reset();
    double[] belief = new double[model.domainOf(0).size()];
    reference.marginal(0, belief);
    return SolverCache.isDistribution(belief, belief.length);
  }
}
