package fgc.algorithms;

import fgc.compilation.AlgorithmSpec;

/**
 * The factor graph of {@link SumProduct} in the max-product semiring: exact {@code alldiff}
 * max-marginals.
 */
public final class MaxProduct extends FactorNodeBp {
  /** Damping 0.9: the best with decimation on puzzles of several corpora (BENCHMARKS.md). */
  public MaxProduct() {
    super(
        AlgorithmSpec.MAXPRODUCT,
        "loopy max-product BP, one node per factor: max-marginals (not probabilities)",
        true,
        0.9);
  }
}
