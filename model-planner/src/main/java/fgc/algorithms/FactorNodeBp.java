package fgc.algorithms;

import fgc.compilation.AlgorithmSpec;
import fgc.model.Limits;
import fgc.model.Model;
import fgc.plan.FactorPlan;
import fgc.plan.Lowered;
import fgc.plan.Lowerings;
import fgc.plan.Planner;
import fgc.plan.Semiring;
import fgc.plan.SweepCost;
import fgc.reference.ReferenceFactorBp;
import fgc.solver.AlldiffKernels;
import fgc.solver.GeneratedAlgorithm;
import java.util.List;

/**
 * Loopy BP with one node per factor, in the sum-product or the max-product semiring: the two share
 * the plan, the emitter and the reference interpreter, and differ in the semiring and the widths
 * their exact factor messages take.
 */
abstract class FactorNodeBp extends Algorithm<FactorPlan> {
  private final boolean max;

  FactorNodeBp(String name, String summary, boolean max, double damping) {
    super(name, summary, List.of(Options.damping(damping)));
    this.max = max;
  }

  /**
   * Exact on a tree of the factor graph once converged: exact marginals, or exact max-marginals.
   */
  @Override
  public Capabilities capabilities() {
    return Capabilities.messagePassing(
        max ? Capabilities.Marginals.MAX_MARGINALS : Capabilities.Marginals.BP_BELIEFS,
        Capabilities.TreeGraph.FACTOR_GRAPH);
  }

  @Override
  public Class<FactorPlan> planType() {
    return FactorPlan.class;
  }

  @Override
  public Semiring semiring() {
    return max ? Semiring.MAX : Semiring.SUM;
  }

  private int maxWidth() {
    // Max-product takes any domain (one assignment solve per wide factor); sum-product's subset
    // tables hold 2^W entries, practical up to AlldiffKernels.MAX_WIDTH values.
    return max ? Limits.MAX_DOMAIN : AlldiffKernels.MAX_WIDTH;
  }

  @Override
  public FactorPlan plan(Model model) {
    refuseLinear(model);
    return Planner.factors(model, maxWidth(), name());
  }

  @Override
  public SweepCost sweepCost(Model model) {
    return SweepCost.factorNodes(model, max);
  }

  @Override
  public Lowered lower(FactorPlan plan, AlgorithmSpec spec) {
    return Lowerings.factors(plan, name(), spec.option("damping"), semiring());
  }

  @Override
  public GeneratedAlgorithm reference(Model model, AlgorithmSpec spec) {
    return new ReferenceFactorBp(model, spec.option("damping"), semiring());
  }

  @Override
  public String messagesPerSweep(FactorPlan plan) {
    return 2 * plan.edgeCount()
        + " messages of "
        + plan.layout().width()
        + " values (both ways along "
        + plan.edgeCount()
        + " edges of "
        + plan.factorCount()
        + " factor nodes)";
  }
}
