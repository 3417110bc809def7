package fgc.planning.algorithms;

import fgc.model.Model;
import fgc.plan.PairwisePlan;
import fgc.plan.Planner;
import fgc.plan.SweepCost;
import fgc.planning.Algorithm;
import java.util.List;

/**
 * The algorithms on pairs of variables ({@code alldiff} expanded to every pair): one plan, one
 * emitter, one reference interpreter; Dirichlet priors on top or not.
 */
abstract class PairwiseMessages extends Algorithm<PairwisePlan> {
  private final boolean dirichlet;

  PairwiseMessages(String name, String summary, boolean dirichlet, List<Option> options) {
    super(name, summary, options);
    this.dirichlet = dirichlet;
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
