package fgc.compiler.reference;

import fgc.algorithm.GeneratedAlgorithm;
import fgc.compilation.AlgorithmSpec;
import fgc.model.Model;

/** The reference interpreter of each algorithm, for differential tests against generated code. */
public final class References {
  private References() {}

  public static GeneratedAlgorithm of(Model model, AlgorithmSpec spec) {
    switch (spec.name()) {
      case AlgorithmSpec.BP_PAIRWISE:
        return new ReferencePairwiseBp(model, spec.option("damping"));
      case AlgorithmSpec.EP_DIRICHLET:
        return new ReferencePairwiseBp(model, spec.option("damping"), spec.option("free"), spec.option("given"));
      case AlgorithmSpec.SUMPRODUCT:
        return new ReferenceFactorBp(model, spec.option("damping"), false);
      case AlgorithmSpec.MAXPRODUCT:
        return new ReferenceFactorBp(model, spec.option("damping"), true);
      case AlgorithmSpec.ELIMINATION:
        return new ReferenceEnumeration(model);
      default:
        throw new IllegalArgumentException("no reference interpreter for " + spec.name());
    }
  }
}
