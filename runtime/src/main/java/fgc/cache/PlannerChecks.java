package fgc.cache;

import fgc.algorithms.Algorithms;
import fgc.compilation.AlgorithmSpec;
import fgc.compilation.PlannedModel;
import fgc.model.Model;
import fgc.solver.GeneratedAlgorithm;

/**
 * {@link ModelChecks} by the planner, which the runtime depends on: its registry for the digest,
 * its reference interpreters for the starting belief. No compiler is needed, so a cache hit is
 * checked the same way with or without one on the class path.
 */
final class PlannerChecks implements ModelChecks {
  @Override
  public String planDigest(Model model, AlgorithmSpec spec) {
    return Algorithms.of(spec).planDigest(model, spec);
  }

  @Override
  public PlannedModel plan(Model model, AlgorithmSpec spec) {
    return Algorithms.of(spec).planned(model, spec);
  }

  /** Every algorithm the registry has: each computes the plan digest of its classes. */
  @Override
  public boolean checksPlan(AlgorithmSpec spec) {
    return Algorithms.names().contains(spec.name());
  }

  @Override
  public boolean startIsDistribution(Model model, AlgorithmSpec spec) {
    GeneratedAlgorithm reference = Algorithms.of(spec).reference(model, spec);
    reference.reset();
    double[] belief = new double[model.domainOf(0).size()];
    reference.marginal(0, belief);
    return EntryDefiner.isDistribution(belief, belief.length);
  }
}
