package fgc.compiler;

import com.squareup.javapoet.JavaFile;
import fgc.compilation.AlgorithmSpec;
import fgc.compiler.emit.EliminationEmitter;
import fgc.compiler.emit.FactorBpEmitter;
import fgc.compiler.emit.PairwiseBpEmitter;
import fgc.model.Model;
import fgc.plan.EliminationPlan;
import fgc.plan.FactorPlan;
import fgc.plan.Footprint;
import fgc.plan.PairwisePlan;
import fgc.planning.Algorithm;
import fgc.planning.Algorithms;
import java.util.Map;

/**
 * The compiler's half of each algorithm of the registry ({@link Algorithms}, in the planner): the
 * class it writes from a plan, and what that class will hold. By the algorithm's name; every
 * algorithm of the registry has one, checked when this class is loaded.
 */
public final class Emitters {
  /** What the compiler adds to an algorithm: its class, from the plan. */
  public interface Emitter<P> {
    /** Everything the class for {@code plan} will hold, added up before it is written. */
    Footprint footprint(P plan, Model model);

    /** The class for {@code plan}: key, options text and compiler id go into its constants. */
    JavaFile emit(P plan, String key, AlgorithmSpec spec, String compilerId);
  }

  private static final Map<String, Emitter<?>> BY_NAME =
      Map.of(
          AlgorithmSpec.MAXPRODUCT,
          factors(true),
          AlgorithmSpec.SUMPRODUCT,
          factors(false),
          AlgorithmSpec.BP_PAIRWISE,
          pairwise(
              AlgorithmSpec.BP_PAIRWISE,
              false,
              (plan, key, spec, id) ->
                  PairwiseBpEmitter.emit(
                      plan, key, spec.canonicalText(), id, spec.option("damping"))),
          "bp-pairwise-max",
          pairwise(
              "bp-pairwise-max",
              false,
              (plan, key, spec, id) ->
                  PairwiseBpEmitter.emitMax(
                      plan, key, spec.canonicalText(), id, spec.option("damping"))),
          AlgorithmSpec.EP_DIRICHLET,
          pairwise(
              AlgorithmSpec.EP_DIRICHLET,
              true,
              (plan, key, spec, id) ->
                  PairwiseBpEmitter.emitDirichlet(
                      plan,
                      key,
                      spec.canonicalText(),
                      id,
                      spec.option("damping"),
                      spec.option("free"),
                      spec.option("given"))),
          AlgorithmSpec.ELIMINATION,
          new EliminationEmitting());

  static {
    for (String name : Algorithms.names()) {
      if (!BY_NAME.containsKey(name)) {
        throw new IllegalStateException("algorithm " + name + " has no emitter in Emitters");
      }
    }
  }

  private Emitters() {}

  /**
   * The emitter of {@code algorithm}.
   *
   * @param algorithm an algorithm of the registry
   * @return its emitter, typed by its plan
   */
  @SuppressWarnings("unchecked") // BY_NAME pairs each name with the emitter of that plan type
  public static <P> Emitter<P> of(Algorithm<P> algorithm) {
    return (Emitter<P>) BY_NAME.get(algorithm.name());
  }

  /** How the class of one algorithm on pairs is written. */
  private interface PairwiseWriter {
    JavaFile write(PairwisePlan plan, String key, AlgorithmSpec spec, String compilerId);
  }

  private static Emitter<FactorPlan> factors(boolean max) {
    return new Emitter<>() {
      @Override
      public Footprint footprint(FactorPlan plan, Model model) {
        return FactorBpEmitter.footprint(plan, model, max);
      }

      @Override
      public JavaFile emit(FactorPlan plan, String key, AlgorithmSpec spec, String compilerId) {
        return FactorBpEmitter.emit(
            plan, key, spec.canonicalText(), compilerId, spec.option("damping"), max);
      }
    };
  }

  private static Emitter<PairwisePlan> pairwise(
      String name, boolean dirichlet, PairwiseWriter writer) {
    return new Emitter<>() {
      @Override
      public Footprint footprint(PairwisePlan plan, Model model) {
        return PairwiseBpEmitter.footprint(plan, model, name, dirichlet);
      }

      @Override
      public JavaFile emit(PairwisePlan plan, String key, AlgorithmSpec spec, String compilerId) {
        return writer.write(plan, key, spec, compilerId);
      }
    };
  }

  private static final class EliminationEmitting implements Emitter<EliminationPlan> {
    @Override
    public Footprint footprint(EliminationPlan plan, Model model) {
      return EliminationEmitter.footprint(plan, model);
    }

    @Override
    public JavaFile emit(EliminationPlan plan, String key, AlgorithmSpec spec, String compilerId) {
      return EliminationEmitter.emit(plan, key, spec.canonicalText(), compilerId);
    }
  }
}
