package fgc.algorithms;

import fgc.compilation.AlgorithmSpec;
import fgc.model.Model;
import fgc.reference.ReferencePairwiseBp;
import fgc.solver.GeneratedAlgorithm;
import java.util.List;

/**
 * Loopy sum-product BP on pairs of variables: {@code neq}, {@code eq} and two-variable tables
 * combined per pair, unary weights in the prior. Takes any number of values.
 */
public final class PairwiseBp extends PairwiseMessages {
  /** Undamped: sequential pairwise updates solved the most with decimation (BENCHMARKS.md). */
  public PairwiseBp() {
    super(
        AlgorithmSpec.BP_PAIRWISE,
        "loopy sum-product BP on pairs of variables: approximate marginals",
        List.of(Options.damping(0.0)));
  }

  /** Exact once converged where the pairwise graph (not the factor graph) has no cycle. */
  @Override
  public Capabilities capabilities() {
    return Capabilities.messagePassing(
        Capabilities.Marginals.BP_BELIEFS, Capabilities.TreeGraph.PAIRWISE_GRAPH);
  }

  @Override
  public GeneratedAlgorithm reference(Model model, AlgorithmSpec spec) {
    return new ReferencePairwiseBp(model, spec.option("damping"));
  }
}
