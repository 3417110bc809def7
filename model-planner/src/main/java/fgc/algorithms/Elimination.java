package fgc.algorithms;

import fgc.compilation.AlgorithmSpec;
import fgc.model.Model;
import fgc.plan.EliminationPlan;
import fgc.plan.EliminationPlanner;
import fgc.plan.Lowered;
import fgc.plan.Lowerings;
import fgc.plan.PlanException;
import fgc.plan.SweepCost;
import fgc.reference.ReferenceEnumeration;
import fgc.solver.GeneratedAlgorithm;
import java.util.List;

/**
 * Exact inference by variable elimination on the cheapest of several greedy orders: every
 * single-variable marginal, log Z and a most probable assignment for the current evidence. Refused
 * when planning when its largest clique table would pass {@link
 * EliminationPlanner#MAX_CLIQUE_ENTRIES}, with the width and the size.
 */
public final class Elimination extends Algorithm<EliminationPlan> {
  /** No options: the answer is exact, nothing to tune. */
  public Elimination() {
    super(
        AlgorithmSpec.ELIMINATION,
        "exact inference by variable elimination: marginals, log Z, a most probable assignment",
        List.of());
  }

  @Override
  public Capabilities capabilities() {
    return Capabilities.exactInference();
  }

  @Override
  public Class<EliminationPlan> planType() {
    return EliminationPlan.class;
  }

  @Override
  public EliminationPlan plan(Model model) {
    refuseLinear(model);
    return EliminationPlanner.plan(model);
  }

  /**
   * The cost of the one pass (the run itself), from the plan; null when the model cannot be planned
   * (the run is refused then, saying why).
   */
  @Override
  public SweepCost sweepCost(Model model) {
    try {
      return SweepCost.elimination(plan(model));
    } catch (PlanException e) {
      return null;
    }
  }

  @Override
  public SweepCost sweepCost(EliminationPlan plan, Model model) {
    return SweepCost.elimination(plan);
  }

  @Override
  public Lowered lower(EliminationPlan plan, AlgorithmSpec spec) {
    return Lowerings.elimination(plan, name());
  }

  @Override
  public GeneratedAlgorithm reference(Model model, AlgorithmSpec spec) {
    return new ReferenceEnumeration(model);
  }

  @Override
  public String messagesPerSweep(EliminationPlan plan) {
    return "none: one pass over "
        + plan.stepCount()
        + " cliques (elimination width "
        + plan.width()
        + ", about "
        + SweepCost.scientific(SweepCost.elimination(plan).operations())
        + " operations)";
  }
}
