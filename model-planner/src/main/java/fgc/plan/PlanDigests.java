package fgc.plan;

import fgc.algorithm.EliminationKernels;
import fgc.algorithm.PlanDigest;
import java.util.Map;
import java.util.TreeMap;

/**
 * The plan digest a class compiled for a model must report ({@code
 * GeneratedAlgorithm.planDigest()}), computed from the model's plan without emitting anything (each
 * {@code Algorithm} calls the recipe of its emitter): the constants each emitter declares, by name,
 * with the values it gives them. The emitted {@code planDigest()} is made from the class's own
 * fields ({@code EmitSupport.planDigest} in the compiler), so a constant added to an emitter but
 * not here makes the two disagree, and {@code PlanDigestTest} fails on every algorithm that has it.
 */
public final class PlanDigests {
  private PlanDigests() {}

  /**
   * The digest of a pairwise class for {@code plan} ({@code dirichlet}: the {free, given}
   * pseudo-counts, or null).
   */
  public static String pairwise(
      PairwisePlan plan, double[] dirichlet, String algorithm, double damping) {
    Map<String, Object> constants = new TreeMap<>();
    pairwise(plan, dirichlet, algorithm, damping, constants);
    return digest(constants);
  }

  /** The digest of an elimination class for {@code plan}. */
  public static String elimination(EliminationPlan plan, String algorithm) {
    Map<String, Object> constants = new TreeMap<>();
    common(plan.layout(), algorithm, null, constants);
    EliminationProgram program = EliminationProgram.of(plan);
    constants.put("S", plan.stepCount());
    constants.put("INFO", program.info());
    constants.put("T_LENGTH", plan.tableLength());
    constants.put("WEIGHTS", plan.weights());
    constants.put(
        "T",
        EliminationKernels.tables(plan.tableLength(), program.info(), plan.weights()).values());
    constants.put("WEIGHT_SHIFT", plan.weightShift());
    constants.put("LN2", Math.log(2.0));
    constants.put("STEPS", program.steps());
    constants.put("STEP_AT", program.stepAt());
    constants.put("ROOTS", program.roots());
    return digest(constants);
  }

  /** The digest of a factor-node class for {@code plan}, max-product or not. */
  public static String factors(FactorPlan plan, String algorithm, double damping, boolean max) {
    Map<String, Object> constants = new TreeMap<>();
    factors(plan, algorithm, damping, max, constants);
    return digest(constants);
  }

  /**
   * The constants {@code EmitSupport.classWithCommonMembers} declares: the algorithm, the layout,
   * and with Dirichlet priors ({@code dirichlet} = {free, given} pseudo-counts, else null) their
   * counts. Here rather than in EmitSupport, so that a cache hit does not load the emitters' code
   * (and the JavaPoet classes its verification would load).
   */
  private static void common(
      VariableLayout layout, String algorithm, double[] dirichlet, Map<String, Object> out) {
    out.put("ALGORITHM", algorithm);
    out.put("V", layout.variableCount());
    out.put("W", layout.width());
    out.put("LO", layout.lo());
    if (!layout.uniformDomains()) {
      out.put("VAR_LO", layout.variableOffsets());
      out.put("VAR_SIZE", layout.variableSizes());
    }
    if (dirichlet != null) {
      out.put("FREE_COUNT", dirichlet[0]);
      out.put("GIVEN_COUNT", dirichlet[1]);
    }
  }

  /** {@code PairwiseBpEmitter}'s constants, with {@code PairwiseKindsEmitter}'s. */
  private static void pairwise(
      PairwisePlan plan,
      double[] dirichlet,
      String algorithm,
      double damping,
      Map<String, Object> out) {
    common(plan.layout(), algorithm, dirichlet, out);
    // The edge tables the class makes from the families are instance fields, not constants.
    out.put("PAIR_FAMILIES", plan.families());
    out.put("FAMILY_WEIGHTS", plan.weights());
    out.put("DAMPING", damping);
    out.put("KEEP", 1.0 - damping);
  }

  /** {@code FactorBpEmitter}'s constants, with {@code FactorKindsEmitter}'s. */
  private static void factors(
      FactorPlan plan, String algorithm, double damping, boolean max, Map<String, Object> out) {
    common(plan.layout(), algorithm, null, out);
    int width = plan.layout().width();
    out.put("F", plan.factorCount());
    out.put("E", plan.edgeCount());
    out.put("SUBSETS", 1 << (max ? Math.min(width, FactorPlan.MAX_PRODUCT_SPARSE_WIDTH) : width));
    out.put("DAMPING", damping);
    out.put("KEEP", 1.0 - damping);
    // The families and the distinct tables: the flat tables are derived from them on load.
    out.put("FAMILIES", plan.families());
    FactorData data = plan.data();
    if (data.needed()) {
      out.put("WEIGHTS", data.weights());
    }
  }

  /**
   * The constants' values in the order of their names, as the emitted {@code planDigest()} adds
   * them.
   */
  static String digest(Map<String, Object> constants) {
    PlanDigest d = new PlanDigest();
    for (Map.Entry<String, Object> c : new TreeMap<>(constants).entrySet()) {
      Object v = c.getValue();
      if (v instanceof Integer) {
        d.add((int) (Integer) v);
      } else if (v instanceof Double) {
        d.add((double) (Double) v);
      } else if (v instanceof int[]) {
        d.add((int[]) v);
      } else if (v instanceof double[]) {
        d.add((double[]) v);
      } else {
        d.add((String) v);
      }
    }
    return d.hex();
  }
}
