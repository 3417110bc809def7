package fgc.algorithms;

import fgc.compilation.AlgorithmSpec;
import fgc.model.Model;
import fgc.plan.Semiring;
import fgc.reference.ReferencePairwiseBp;
import fgc.solver.GeneratedAlgorithm;
import java.util.List;

/**
 * Loopy max-product BP on pairs of variables: the plan of {@link PairwiseBp}, each message entry
 * the largest term instead of the sum, as {@link MaxProduct} is to {@link SumProduct}.
 */
public final class PairwiseMaxBp extends PairwiseMessages {
  /** Half damping, as sumproduct has: not tuned yet (BENCHMARKS.md has no run of it). */
  public PairwiseMaxBp() {
    super(
        "bp-pairwise-max",
        "loopy max-product BP on pairs of variables: max-marginals (not probabilities)",
        List.of(Options.damping(0.5)));
  }

  /**
   * Max-marginals, exact once converged where the pairwise graph has no cycle, but never
   * probabilities.
   */
  @Override
  public Capabilities capabilities() {
    return Capabilities.messagePassing(
        Capabilities.Marginals.MAX_MARGINALS, Capabilities.TreeGraph.PAIRWISE_GRAPH);
  }

  @Override
  public Semiring semiring() {
    return Semiring.MAX;
  }

  @Override
  public GeneratedAlgorithm reference(Model model, AlgorithmSpec spec) {
    return new ReferencePairwiseBp(model, spec.option("damping"), semiring());
  }
}
