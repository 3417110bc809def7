package fgc.algorithms;

import fgc.compilation.AlgorithmSpec;
import fgc.model.Model;
import fgc.plan.Lowered;
import fgc.plan.Lowerings;
import fgc.plan.PairwisePlan;
import fgc.plan.Planner;
import fgc.plan.SweepCost;
import java.util.List;

/**
 * The algorithms on pairs of variables ({@code alldiff} expanded to every pair): one plan, one
 * emitter, one reference interpreter. They differ in their {@link #semiring()}, and in the
 * constants they add to the plan's ({@link #constants}): the emitter writes what it finds there.
 */
abstract class PairwiseMessages extends Algorithm<PairwisePlan> {
  PairwiseMessages(String name, String summary, List<Option> options) {
    super(name, summary, options);
  }

  @Override
  public Class<PairwisePlan> planType() {
    return PairwisePlan.class;
  }

  @Override
  public final Lowered lower(PairwisePlan plan, AlgorithmSpec spec) {
    return constants(plan, spec).build();
  }

  /**
   * The class's constants: the plan's and the damping, to which an algorithm adds its own.
   *
   * @param plan the plan
   * @param spec the algorithm and its options
   * @return the constants, not yet built
   */
  protected Lowered.Builder constants(PairwisePlan plan, AlgorithmSpec spec) {
    return Lowerings.pairwise(plan, name(), spec.option("damping"));
  }

  @Override
  public PairwisePlan plan(Model model) {
    refuseLinear(model);
    return Planner.pairwise(model, name());
  }

  @Override
  public SweepCost sweepCost(Model model) {
    return SweepCost.pairwise(model);
  }

  @Override
  public String messagesPerSweep(PairwisePlan plan) {
    return plan.edgeCount()
        + " messages of "
        + plan.layout().width()
        + " values (both ways along "
        + plan.factorCount()
        + (plan.potentials().onlyNeq() ? " distinct neq pairs" : " distinct pairs")
        + ", alldiff expanded)";
  }

  /** Both pairwise classes hold the pairwise plan's tables and messages. */
  @Override
  public String planFamily() {
    return PairwisePlan.FAMILY;
  }
}
