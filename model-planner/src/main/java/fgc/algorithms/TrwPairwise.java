package fgc.algorithms;

import fgc.algorithms.Algorithm.Option;
import fgc.compilation.AlgorithmSpec;
import fgc.model.Model;
import fgc.plan.Lowered;
import fgc.plan.PairwisePlan;
import fgc.reference.ReferencePairwiseBp;
import fgc.solver.GeneratedAlgorithm;
import java.util.List;

/**
 * Tree-reweighted BP on pairs of variables (Wainwright, Jaakkola and Willsky, "A new class of upper
 * bounds on the log partition function", IEEE Trans. Inf. Theory 51(7), 2005), with one edge
 * appearance probability {@code rho} for every edge: a variable's belief multiplies its incoming
 * messages raised to {@code rho}, the cavity towards a neighbour divides the belief by that
 * neighbour's message, and a pair's potential enters its message raised to {@code 1 / rho}. With
 * {@code rho = 1} its messages are BP's wherever no message entry is zero.
 */
public final class TrwPairwise extends PairwiseMessages {
  /**
   * Half damping, as {@code bp-pairwise-max} has; {@code rho = 0.5}, a grid's edge appearance
   * probability under uniformly random spanning trees ((V - 1) / E tends to 1/2).
   */
  public TrwPairwise() {
    super(
        "trw-pairwise",
        "tree-reweighted BP on pairs of variables: approximate marginals",
        List.of(
            Options.damping(0.5),
            new Option(
                "rho",
                0.5,
                0,
                false,
                1,
                true,
                "every edge's appearance probability: the power of a message in a belief")));
  }

  /** Its pseudo-marginals are never exact: on a tree each edge appears with probability 1. */
  @Override
  public Capabilities capabilities() {
    return Capabilities.messagePassing(
        new Capabilities.Marginals("tree-reweighted BP", true), null);
  }

  /** The edge appearance probability, which makes the class a reweighted one. */
  @Override
  protected Lowered.Builder constants(PairwisePlan plan, AlgorithmSpec spec) {
    return super.constants(plan, spec).add("RHO", spec.option("rho"));
  }

  @Override
  public GeneratedAlgorithm reference(Model model, AlgorithmSpec spec) {
    return ReferencePairwiseBp.reweighted(model, spec.option("damping"), spec.option("rho"));
  }
}
