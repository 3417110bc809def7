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
import fgc.plan.Lowered;
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
    /**
     * Everything the class for {@code plan} will hold, added up before it is written: its constants
     * as {@code lowered} (the plan's lowering) writes them, and its state.
     */
    Footprint footprint(P plan, Lowered lowered, Model model);

    /**
     * The class for {@code plan}, its constants written from {@code lowered}: key, options text and
     * compiler id go into its identity.
     */
    JavaFile emit(P plan, Lowered lowered, String key, AlgorithmSpec spec, String compilerId);
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
              (plan, lowered, key, spec, id) ->
                  PairwiseBpEmitter.emit(
                      plan, lowered, key, spec.canonicalText(), id, spec.option("damping"), false)),
          "bp-pairwise-max",
          pairwise(
              "bp-pairwise-max",
              false,
              (plan, lowered, key, spec, id) ->
                  PairwiseBpEmitter.emit(
                      plan, lowered, key, spec.canonicalText(), id, spec.option("damping"), true)),
          AlgorithmSpec.EP_DIRICHLET,
          pairwise(
              AlgorithmSpec.EP_DIRICHLET,
              true,
              (plan, lowered, key, spec, id) ->
                  PairwiseBpEmitter.emitDirichlet(
                      plan,
                      lowered,
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
    JavaFile write(
        PairwisePlan plan, Lowered lowered, String key, AlgorithmSpec spec, String compilerId);
  }

  private static Emitter<FactorPlan> factors(boolean max) {
    return new Emitter<>() {
      @Override
      public Footprint footprint(FactorPlan plan, Lowered lowered, Model model) {
        return FactorBpEmitter.footprint(plan, lowered, model, max);
      }

      @Override
      public JavaFile emit(
          FactorPlan plan, Lowered lowered, String key, AlgorithmSpec spec, String compilerId) {
        return FactorBpEmitter.emit(
            plan, lowered, key, spec.canonicalText(), compilerId, spec.option("damping"), max);
      }
    };
  }

  private static Emitter<PairwisePlan> pairwise(
      String name, boolean dirichlet, PairwiseWriter writer) {
    return new Emitter<>() {
      @Override
      public Footprint footprint(PairwisePlan plan, Lowered lowered, Model model) {
        return PairwiseBpEmitter.footprint(plan, lowered, model, name, dirichlet);
      }

      @Override
      public JavaFile emit(
          PairwisePlan plan, Lowered lowered, String key, AlgorithmSpec spec, String compilerId) {
        return writer.write(plan, lowered, key, spec, compilerId);
      }
    };
  }

  private static final class EliminationEmitting implements Emitter<EliminationPlan> {
    @Override
    public Footprint footprint(EliminationPlan plan, Lowered lowered, Model model) {
      return EliminationEmitter.footprint(plan, lowered, model);
    }

    @Override
    public JavaFile emit(
        EliminationPlan plan, Lowered lowered, String key, AlgorithmSpec spec, String compilerId) {
      return EliminationEmitter.emit(plan, lowered, key, spec.canonicalText(), compilerId);
    }
  }
}
