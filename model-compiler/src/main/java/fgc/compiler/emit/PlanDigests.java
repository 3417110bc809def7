package fgc.compiler.emit;

import fgc.algorithm.PlanDigest;
import fgc.algorithm.EliminationKernels;
import fgc.compilation.AlgorithmSpec;
import fgc.compiler.plan.EliminationPlan;
import fgc.compiler.plan.EliminationPlanner;
import fgc.compiler.plan.EliminationProgram;
import fgc.compiler.plan.FactorData;
import fgc.compiler.plan.FactorPlan;
import fgc.compiler.plan.PairPotentials;
import fgc.compiler.plan.PairwisePlan;
import fgc.compiler.plan.Planner;
import fgc.compiler.plan.VariableLayout;
import fgc.model.Model;
import java.util.Map;
import java.util.TreeMap;

/**
 * The plan digest a class compiled for a model must report ({@code GeneratedAlgorithm.planDigest()}),
 * computed from the model's plan without emitting anything: the constants each emitter declares,
 * by name, with the values it gives them. The emitted {@code planDigest()} is made from the class's
 * own fields ({@link EmitSupport#planDigest}), so a constant added to an emitter but not here makes
 * the two disagree, and {@code PlanDigestTest} fails on every algorithm that has it.
 */
public final class PlanDigests {
  private PlanDigests() {}

  /** The digest of the class {@code ModelCompiler.compile(model, spec)} makes; plans the model as the compiler does. */
  public static String of(Model model, AlgorithmSpec spec) {
    Map<String, Object> constants = new TreeMap<>();
    switch (spec.name()) {
      case AlgorithmSpec.BP_PAIRWISE:
        pairwise(Planner.pairwise(model), null, spec.name(), spec.option("damping"), constants);
        break;
      case AlgorithmSpec.EP_DIRICHLET:
        pairwise(Planner.pairwise(model), new double[] {spec.option("free"), spec.option("given")}, spec.name(), spec.option("damping"),
            constants);
        break;
      case AlgorithmSpec.SUMPRODUCT:
      case AlgorithmSpec.MAXPRODUCT: {
        boolean max = spec.name().equals(AlgorithmSpec.MAXPRODUCT);
        FactorPlan plan = Planner.factors(model, max ? FactorBpEmitter.MAX_PRODUCT_WIDTH : FactorBpEmitter.MAX_WIDTH, spec.name());
        factors(plan, spec.name(), spec.option("damping"), max, constants);
        break;
      }
      case AlgorithmSpec.ELIMINATION:
        elimination(EliminationPlanner.plan(model), constants);
        break;
      default:
        throw new IllegalArgumentException("no emitter for algorithm " + spec.name());
    }
    return digest(constants);
  }

  /**
   * The constants {@link EmitSupport#classWithCommonMembers} declares: the algorithm, the layout, and
   * with Dirichlet priors ({@code dirichlet} = {free, given} pseudo-counts, else null) their counts.
   * Here rather than in EmitSupport, so that a cache hit does not load the emitters' code (and the
   * JavaPoet classes its verification would load).
   */
  private static void common(VariableLayout layout, String algorithm, double[] dirichlet, Map<String, Object> out) {
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

  /** {@link PairwiseBpEmitter}'s constants, with {@link PairwiseKindsEmitter}'s. */
  private static void pairwise(PairwisePlan plan, double[] dirichlet, String algorithm, double damping, Map<String, Object> out) {
    common(plan.layout(), algorithm, dirichlet, out);
    PairPotentials potentials = plan.potentials();
    if (potentials.anyEdgeKernel()) {
      out.put("EDGE_KIND", potentials.edgeKinds());
      out.put("EDGE_INFO", potentials.edgeInfos());
      out.put("PAIR_INFO", potentials.info());
      out.put("PAIR_WEIGHTS", potentials.weights());
    }
    if (potentials.anyUnary()) {
      out.put("UNARY_AT", potentials.unaryAt());
      out.put("UNARY", potentials.unary());
    }
    out.put("E", plan.edgeCount());
    out.put("MAX_DEGREE", plan.maxDegree());
    out.put("DAMPING", damping);
    out.put("KEEP", 1.0 - damping);
    out.put("REVERSE", plan.reverses());
    if (plan.regularDegree() < 0) {
      out.put("OFFSET", plan.offsets());
    }
  }

  /** {@link FactorBpEmitter}'s constants, with {@link FactorKindsEmitter}'s. */
  private static void factors(FactorPlan plan, String algorithm, double damping, boolean max, Map<String, Object> out) {
    common(plan.layout(), algorithm, null, out);
    int width = plan.layout().width();
    out.put("F", plan.factorCount());
    out.put("E", plan.edgeCount());
    out.put("SUBSETS", 1 << (max ? Math.min(width, FactorBpEmitter.MAX_PRODUCT_SPARSE_WIDTH) : width));
    out.put("DAMPING", damping);
    out.put("KEEP", 1.0 - damping);
    if (plan.uniformArity() < 0) {
      out.put("FACTOR_START", plan.factorStarts());
    }
    out.put("EDGE_VAR", plan.edgeVariables());
    out.put("VAR_START", plan.variableStarts());
    out.put("VAR_EDGES", plan.variableEdges());
    FactorData data = plan.data();
    if (data.needed()) {
      out.put("KIND", data.kinds());
      out.put("INFO_START", data.infoStarts());
      out.put("INFO", data.info());
      out.put("WEIGHTS", data.weights());
    }
  }

  /** {@link EliminationEmitter}'s constants: the program and the factor tables it builds when it loads. */
  private static void elimination(EliminationPlan plan, Map<String, Object> out) {
    common(plan.layout(), AlgorithmSpec.ELIMINATION, null, out);
    EliminationProgram program = EliminationProgram.of(plan);
    out.put("S", plan.stepCount());
    out.put("INFO", program.info());
    out.put("T", EliminationKernels.tables(plan.tableLength(), program.info(), plan.weights()).values());
    out.put("WEIGHT_SHIFT", plan.weightShift());
    out.put("LN2", Math.log(2.0));
    out.put("STEPS", program.steps());
    out.put("STEP_AT", program.stepAt());
    out.put("ROOTS", program.roots());
  }

  /** The constants' values in the order of their names, as the emitted {@code planDigest()} adds them. */
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
