package fgc.compiler;

import com.squareup.javapoet.JavaFile;
import fgc.algorithms.Algorithm;
import fgc.algorithms.Algorithms;
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
import fgc.plan.Semiring;
import java.util.Map;
import java.util.function.Function;

/**
 * The compiler's half of the algorithms of the registry ({@link Algorithms}, in the planner): the
 * class written from a plan, and what that class will hold. One emitter per type of plan, not per
 * algorithm: an algorithm on an existing plan needs nothing here. Every algorithm's plan has one,
 * checked when this class is loaded.
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

  /**
   * The emitter of each type of plan, given the semiring of the algorithm's messages: an algorithm
   * finds its emitter by its plan, never by its name, and the emitter writes what the algorithm's
   * lowered constants hold.
   */
  private static final Map<Class<?>, Function<Semiring, Emitter<?>>> BY_PLAN =
      Map.of(
          FactorPlan.class, Emitters::factors,
          PairwisePlan.class, Emitters::pairwise,
          EliminationPlan.class, semiring -> new EliminationEmitting());

  static {
    for (Algorithm<?> a : Algorithms.all()) {
      if (!BY_PLAN.containsKey(a.planType())) {
        throw new IllegalStateException(
            "algorithm " + a + " has a plan with no emitter: " + a.planType().getName());
      }
    }
  }

  private Emitters() {}

  /**
   * The emitter of {@code algorithm}: its plan's, in its semiring.
   *
   * @param algorithm an algorithm of the registry
   * @return its emitter, typed by its plan
   */
  @SuppressWarnings("unchecked") // BY_PLAN pairs each plan type with the emitter of that type
  public static <P> Emitter<P> of(Algorithm<P> algorithm) {
    return (Emitter<P>) BY_PLAN.get(algorithm.planType()).apply(algorithm.semiring());
  }

  private static Emitter<?> factors(Semiring semiring) {
    return new Emitter<FactorPlan>() {
      @Override
      public Footprint footprint(FactorPlan plan, Lowered lowered, Model model) {
        return FactorBpEmitter.footprint(plan, lowered, model, semiring);
      }

      @Override
      public JavaFile emit(
          FactorPlan plan, Lowered lowered, String key, AlgorithmSpec spec, String compilerId) {
        return FactorBpEmitter.emit(
            plan, lowered, key, spec.canonicalText(), compilerId, spec.option("damping"), semiring);
      }
    };
  }

  private static Emitter<?> pairwise(Semiring semiring) {
    return new Emitter<PairwisePlan>() {
      @Override
      public Footprint footprint(PairwisePlan plan, Lowered lowered, Model model) {
        return PairwiseBpEmitter.footprint(plan, lowered, model);
      }

      @Override
      public JavaFile emit(
          PairwisePlan plan, Lowered lowered, String key, AlgorithmSpec spec, String compilerId) {
        return PairwiseBpEmitter.emit(
            plan, lowered, key, spec.canonicalText(), compilerId, spec.option("damping"), semiring);
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
