package fgc.cache;

import fgc.compilation.AlgorithmSpec;
import fgc.compilation.PlannedModel;
import fgc.model.Model;

/**
 * What the cache asks of the planner to check a class against the model it is loaded for: the one
 * seam between the cache's checks and the planner with its reference interpreters. {@link
 * SolverCache} is given one; {@link PlannerChecks} is the planner's.
 */
public interface ModelChecks {
  /**
   * The plan digest ({@code GeneratedAlgorithm.planDigest()}) a class compiled for {@code model}
   * with {@code spec} reports.
   *
   * @param model the model
   * @param spec the algorithm and its options
   * @return the digest's hex text
   */
  String planDigest(Model model, AlgorithmSpec spec);

  /**
   * {@link #planDigest}, with the plan kept when the compiler keeps one, for a compile of the same
   * model to take instead of planning again (a cache miss).
   *
   * @param model the model
   * @param spec the algorithm and its options
   * @return the digest, and the plan when kept
   */
  default PlannedModel plan(Model model, AlgorithmSpec spec) {
    return new PlannedModel(model, spec, planDigest(model, spec), null);
  }

  /**
   * Whether {@link #planDigest} can check the classes of {@code spec}'s algorithm (else they are
   * never cached).
   *
   * @param spec the algorithm and its options
   * @return true when its classes carry a plan digest
   */
  default boolean checksPlan(AlgorithmSpec spec) {
    return true;
  }

  /**
   * Whether the reference semantics give variable 0 a starting belief (no evidence, no sweep) that
   * is a distribution: values in [0, 1] summing to 1. False means the model itself makes it
   * degenerate (weights that overflow, or that rule out every value), so a class that gives the
   * same is not at fault.
   *
   * @param model the model
   * @param spec the algorithm and its options
   * @return true when the start is a distribution
   */
  boolean startIsDistribution(Model model, AlgorithmSpec spec);
}
