package fgc.algorithms;

import fgc.compilation.AlgorithmSpec;
import fgc.model.Model;
import fgc.plan.Lowered;
import fgc.plan.PairwisePlan;
import fgc.reference.ReferencePairwiseBp;
import fgc.solver.GeneratedAlgorithm;
import java.util.List;

/**
 * EP with a Dirichlet prior on each variable's value distribution: the messages of {@link
 * PairwiseBp}, each posterior projected onto a Dirichlet.
 */
public final class EpDirichlet extends PairwiseMessages {
  /**
   * Pseudo-counts: 1 per value of a free variable (uniform), 1e6 on an observed value (its prior
   * mean is then 0.999992 for a 9-value domain: near, not exactly, a point mass).
   */
  public EpDirichlet() {
    super(
        AlgorithmSpec.EP_DIRICHLET,
        "EP with Dirichlet priors on the pairwise graph: approximate marginals",
        List.of(
            Options.damping(0.5),
            Options.pseudoCount("free", 1.0, "the pseudo-count of each value of a free variable"),
            Options.pseudoCount("given", 1e6, "the pseudo-count of an observed value")));
  }

  /** The projection onto Dirichlets keeps it approximate on any graph. */
  @Override
  public Capabilities capabilities() {
    return Capabilities.messagePassing(
        new Capabilities.Marginals("Dirichlet posterior means", true), null);
  }

  /** The pseudo-counts, which make the class a Dirichlet one. */
  @Override
  protected Lowered.Builder constants(PairwisePlan plan, AlgorithmSpec spec) {
    return super.constants(plan, spec)
        .add("FREE_COUNT", spec.option("free"))
        .add("GIVEN_COUNT", spec.option("given"));
  }

  @Override
  public GeneratedAlgorithm reference(Model model, AlgorithmSpec spec) {
    return new ReferencePairwiseBp(
        model, spec.option("damping"), spec.option("free"), spec.option("given"));
  }
}
