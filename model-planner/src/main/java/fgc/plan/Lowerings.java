package fgc.plan;

import fgc.solver.EliminationKernels;

/**
 * Each algorithm's plan lowered to the constants of its class ({@link Lowered}): the constants each
 * emitter declares, by name, with the values it gives them. The plan digest a class must report is
 * their hash, computed from the plan without emitting anything; the emitter writes the same value,
 * and the emitted {@code PLAN_DIGEST} is made from the class's own fields, so an emitter that adds
 * a constant not lowered here fails to emit (and {@code PlanDigestTest} checks both agree).
 */
public final class Lowerings {
  private Lowerings() {}

  /**
   * A pairwise class's constants for {@code plan}, to which an algorithm adds its own (Dirichlet
   * priors their pseudo-counts, {@code FREE_COUNT} and {@code GIVEN_COUNT}) before it builds them.
   *
   * @param plan the plan
   * @param algorithm the algorithm's name
   * @param damping the damping
   * @return the constants so far
   */
  public static Lowered.Builder pairwise(PairwisePlan plan, String algorithm, double damping) {
    Lowered.Builder out = Lowered.builder();
    common(plan.layout(), algorithm, out);
    // The edge tables the class makes from the families are instance fields, not constants.
    out.add("PAIR_FAMILIES", plan.families());
    out.add("FAMILY_WEIGHTS", plan.weights());
    out.add("DAMPING", damping);
    out.add("KEEP", 1.0 - damping);
    return out;
  }

  /**
   * An elimination class's constants for {@code plan}.
   *
   * @param plan the plan
   * @param algorithm the algorithm's name
   * @return the lowered plan
   */
  public static Lowered elimination(EliminationPlan plan, String algorithm) {
    Lowered.Builder out = Lowered.builder();
    common(plan.layout(), algorithm, out);
    EliminationProgram program = EliminationProgram.of(plan);
    out.add("S", plan.stepCount());
    out.add("INFO", program.info());
    out.add("T_LENGTH", plan.tableLength());
    out.add("WEIGHTS", plan.weights());
    out.derived("T", new FactorTables(plan.tableLength(), program.info(), plan.weights()));
    out.add("WEIGHT_SHIFT", plan.weightShift());
    out.add("LN2", Math.log(2.0));
    out.add("STEPS", program.steps());
    out.add("STEP_AT", program.stepAt());
    out.add("ROOTS", program.roots());
    return out.build();
  }

  /** An elimination class's factor tables, made from its program as the class makes them. */
  private static final class FactorTables implements Lowered.Derivation {
    private final int length;
    private final int[] info;
    private final double[] weights;

    FactorTables(int length, int[] info, double[] weights) {
      this.length = length;
      this.info = info;
      this.weights = weights;
    }

    @Override
    public Object value() {
      return EliminationKernels.tables(length, info, weights).values();
    }
  }

  /**
   * A factor-node class's constants for {@code plan}, max-product or not.
   *
   * @param plan the plan
   * @param algorithm the algorithm's name
   * @param damping the damping
   * @param semiring the messages' semiring
   * @return the lowered plan
   */
  public static Lowered factors(
      FactorPlan plan, String algorithm, double damping, Semiring semiring) {
    boolean max = semiring == Semiring.MAX;
    Lowered.Builder out = Lowered.builder();
    common(plan.layout(), algorithm, out);
    int width = plan.layout().width();
    out.add("F", plan.factorCount());
    out.add("E", plan.edgeCount());
    out.add("SUBSETS", 1 << (max ? Math.min(width, FactorPlan.MAX_PRODUCT_SPARSE_WIDTH) : width));
    out.add("DAMPING", damping);
    out.add("KEEP", 1.0 - damping);
    // The families and the distinct tables: the flat tables are derived from them on load.
    out.add("FAMILIES", plan.families());
    FactorData data = plan.data();
    if (data.needed()) {
      out.add("WEIGHTS", data.weights());
    }
    return out.build();
  }

  /** The constants every class declares: the algorithm and the layout. */
  private static void common(VariableLayout layout, String algorithm, Lowered.Builder out) {
    out.add("ALGORITHM", algorithm);
    out.add("V", layout.variableCount());
    out.add("W", layout.width());
    out.add("LO", layout.lo());
    if (!layout.uniformDomains()) {
      out.add("VAR_LO", layout.variableOffsets());
      out.add("VAR_SIZE", layout.variableSizes());
    }
  }
}
