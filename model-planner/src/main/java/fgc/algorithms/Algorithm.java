package fgc.algorithms;

import fgc.compilation.AlgorithmSpec;
import fgc.compilation.PlannedModel;
import fgc.model.Model;
import fgc.plan.Lowered;
import fgc.plan.PlanException;
import fgc.plan.Semiring;
import fgc.plan.SweepCost;
import fgc.solver.GeneratedAlgorithm;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * One inference algorithm as the planner knows it: its name, its options with their defaults and
 * ranges, its {@link Capabilities}, how it plans a model ({@code P} is its plan), what the plan
 * costs, the plan digest its class must report, and its reference interpreter. {@link Algorithms}
 * holds one of each; the compiler (which adds, per algorithm, the class it writes from the plan),
 * the cache's plan check, {@code show} and the differential tests iterate it, so an algorithm added
 * there is planned, checked and tested like the others.
 *
 * <p>This module names neither JavaPoet nor Janino: a cache hit is checked with it alone.
 */
public abstract class Algorithm<P> {
  private final String name;
  private final String summary;
  private final List<Option> options;

  protected Algorithm(String name, String summary, List<Option> options) {
    this.name = name;
    this.summary = summary;
    this.options = List.copyOf(options);
  }

  /** The name users write ({@code --algorithm NAME}) and the cache key holds. */
  public final String name() {
    return name;
  }

  /** One line for users: what the algorithm computes. */
  public final String summary() {
    return summary;
  }

  /**
   * What its answers are (exact or not, what its marginals mean, where it is exact on a tree): what
   * the CLI, the bench and Spark ask instead of its name.
   */
  public abstract Capabilities capabilities();

  /** Its options, each with a default and a range. */
  public final List<Option> options() {
    return options;
  }

  /**
   * This algorithm with {@code overrides} applied over its defaults; an unknown option or a value
   * out of its range is an {@link IllegalArgumentException} that says which and why.
   */
  public final AlgorithmSpec spec(Map<String, Double> overrides) {
    Map<String, Double> values = new TreeMap<>();
    for (Option o : options) {
      values.put(o.name(), o.defaultValue());
    }
    for (Map.Entry<String, Double> e : overrides.entrySet()) {
      if (!values.containsKey(e.getKey())) {
        throw new IllegalArgumentException(
            "algorithm "
                + name
                + " has no option '"
                + e.getKey()
                + "'; options: "
                + values.keySet());
      }
      values.put(e.getKey(), e.getValue());
    }
    for (Option o : options) {
      o.check(values.get(o.name()));
    }
    return AlgorithmSpec.of(name, values);
  }

  /**
   * The type of its plan: the compiler writes its class with the emitter of that plan.
   *
   * @return the plan's class
   */
  public abstract Class<P> planType();

  /**
   * The semiring of its messages, which its plan's emitter and reference interpreter follow: sums
   * unless it says otherwise.
   *
   * @return the semiring
   */
  public Semiring semiring() {
    return Semiring.SUM;
  }

  /**
   * The plan of {@code model}: throws {@link PlanException} when the algorithm cannot take the
   * model or the model has no solution, before any array of the size of the model's messages is
   * made.
   */
  public abstract P plan(Model model);

  /**
   * Refuses {@code model} when it has a linear factor ({@code FactorKind.LINEAR}): no algorithm has
   * messages for one, and it exists only where its table would be too large to hold, so only the
   * exact search takes it. Each {@link #plan} calls this first.
   *
   * @param model the model to plan
   * @throws PlanException naming the factor, where the source made it, and what takes it
   */
  protected final void refuseLinear(Model model) {
    int index = 0;
    for (fgc.model.FactorFamily family : model.families()) {
      fgc.model.Factor f = family.first();
      if (f.kind() == fgc.model.FactorKind.LINEAR) {
        StringBuilder names = new StringBuilder();
        for (int s = 0; s < Math.min(f.arity(), 4); s++) {
          names.append(s == 0 ? "" : ", ").append(model.variableName(f.variable(s)));
        }
        throw new PlanException(
            model.atFactor(
                index,
                name
                    + " has no messages for linear factors (factor "
                    + index
                    + ", a linear relation over "
                    + (f.arity() > 4 ? f.arity() + " variables: " + names + ", ..." : names)
                    + ", too large for a table); no algorithm takes it, the exact search"
                    + " does: --driver exact"));
      }
      index += (int) Math.min(Integer.MAX_VALUE, family.size());
    }
  }

  /**
   * The estimated cost of one sweep on {@code model}, or null for an algorithm that does not sweep.
   */
  public abstract SweepCost sweepCost(Model model);

  /**
   * {@link #sweepCost(Model)} when the plan is at hand (an algorithm whose cost needs it reads it
   * here).
   */
  public SweepCost sweepCost(P plan, Model model) {
    return sweepCost(model);
  }

  /**
   * The plan lowered to its class's constants, once: what the footprint sums, the digest hashes and
   * the emitter writes.
   */
  public abstract Lowered lower(P plan, AlgorithmSpec spec);

  /** The digest the class for {@code plan} reports, from the plan alone (no code is emitted). */
  public final String planDigest(P plan, AlgorithmSpec spec) {
    return lower(plan, spec).digest();
  }

  /**
   * The digest the class for {@code model} reports: {@link #planDigest(Object, AlgorithmSpec)} of
   * its plan.
   */
  public final String planDigest(Model model, AlgorithmSpec spec) {
    return planDigest(plan(model), spec);
  }

  /**
   * The model planned, with the digest its class reports: what a compile of the same model takes
   * instead of planning again.
   */
  public final PlannedModel planned(Model model, AlgorithmSpec spec) {
    P plan = plan(model);
    return new PlannedModel(model, spec, planDigest(plan, spec), plan);
  }

  /** The reference interpreter: slow, plain code the generated class must agree with. */
  public abstract GeneratedAlgorithm reference(Model model, AlgorithmSpec spec);

  /** How many messages one sweep of {@code plan} computes, in words (for {@code show}). */
  public abstract String messagesPerSweep(P plan);

  /**
   * The name of the plan this algorithm's classes are built on: algorithms that share it fail the
   * limits together, so when one is refused the others are not tried as alternatives.
   */
  public String planFamily() {
    return name;
  }

  @Override
  public String toString() {
    return name;
  }

  /**
   * An option: its name, default, the range of its values ({@code low} and {@code high}, each bound
   * included or not), and what it means.
   */
  public record Option(
      String name,
      double defaultValue,
      double low,
      boolean lowIncluded,
      double high,
      boolean highIncluded,
      String description) {
    /**
     * Throws when {@code value} is outside the range, naming the option, the range and the value.
     */
    void check(double value) {
      boolean above = lowIncluded ? value >= low : value > low;
      boolean below = highIncluded ? value <= high : value < high;
      if (!(above && below)) {
        throw new IllegalArgumentException(
            name + " must be in " + range() + ", got " + plain(value));
      }
    }

    /** {@code [0, 1)} and the like. */
    public String range() {
      return (lowIncluded ? "[" : "(")
          + plain(low)
          + ", "
          + plain(high)
          + (highIncluded ? "]" : ")");
    }

    private static String plain(double v) {
      if (v == Math.rint(v) && Math.abs(v) < 1e6) {
        return Long.toString((long) v);
      }
      return String.format(Locale.ROOT, "%s", v);
    }
  }
}
