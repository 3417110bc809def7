package fgc.compilation;

import fgc.model.Model;

/**
 * A model planned for one algorithm by the planner ({@code fgc.algorithms.Algorithm.planned}): the
 * plan digest its class must report, and the plan itself, which a compile of the very same model
 * and spec takes instead of planning it again ({@link SolverCompiler#compile(Model, AlgorithmSpec,
 * PlannedModel)}). A cache miss plans the model for the check of the class it is about to compile;
 * for a million-variable model the second plan cost a quarter of the compile. The plan is the
 * planner's own object: the runtime only hands it back.
 */
public final class PlannedModel {
  private final Model model;
  private final AlgorithmSpec spec;
  private final String digest;
  private final Object plan;

  /**
   * A planned model.
   *
   * @param model the model planned
   * @param spec the algorithm and options it was planned for
   * @param digest the plan digest its class reports
   * @param plan the compiler's plan, or null when it is not kept
   */
  public PlannedModel(Model model, AlgorithmSpec spec, String digest, Object plan) {
    this.model = model;
    this.spec = spec;
    this.digest = digest;
    this.plan = plan;
  }

  /**
   * The plan digest a class compiled for the model reports.
   *
   * @return the digest's hex text
   */
  public String digest() {
    return digest;
  }

  /**
   * The plan, when it was made for this very model object (models are immutable) and an equal spec;
   * else null, and the compile plans afresh.
   *
   * @param model the model about to be compiled
   * @param spec its algorithm and options
   * @return the plan, or null
   */
  public Object planFor(Model model, AlgorithmSpec spec) {
    return model == this.model && spec.equals(this.spec) ? plan : null;
  }
}
