package fgc.algorithms;

import fgc.compilation.AlgorithmSpec;

/** Loopy sum-product BP with one node per factor and exact {@code alldiff} messages. */
public final class SumProduct extends FactorNodeBp {
  /** Half damping: the exact alldiff messages oscillate undamped on Sudoku (BENCHMARKS.md). */
  public SumProduct() {
    super(
        AlgorithmSpec.SUMPRODUCT,
        "loopy sum-product BP, one node per factor: approximate marginals",
        false,
        0.5);
  }
}
