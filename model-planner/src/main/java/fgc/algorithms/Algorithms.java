package fgc.algorithms;

import fgc.compilation.AlgorithmSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The registry: every algorithm the compiler emits, one {@link Algorithm} each, the default first.
 * Everything that needs to know the algorithms (the compiler, the cache's plan check, {@code show},
 * the CLI's help, the differential tests) asks here.
 */
public final class Algorithms {
  private static final List<Algorithm<?>> ALL =
      List.of(
          new MaxProduct(),
          new SumProduct(),
          new PairwiseBp(),
          new EpDirichlet(),
          new PairwiseMaxBp(),
          new TrwPairwise(),
          new Elimination());
  private static final List<String> NAMES;

  static {
    List<String> names = new ArrayList<>();
    for (Algorithm<?> a : ALL) {
      names.add(a.name());
    }
    NAMES = List.copyOf(names);
    if (!NAMES.get(0).equals(AlgorithmSpec.DEFAULT)) {
      throw new IllegalStateException("the registry must list the default algorithm first");
    }
  }

  private Algorithms() {}

  /** Every algorithm, the default first. */
  public static List<Algorithm<?>> all() {
    return ALL;
  }

  /** Every algorithm's name, the default first. */
  public static List<String> names() {
    return NAMES;
  }

  /**
   * The algorithm named {@code name} (any case); unknown names are an error that lists the known
   * ones.
   */
  public static Algorithm<?> named(String name) {
    String key = name == null ? "" : name.toLowerCase(Locale.ROOT);
    for (Algorithm<?> a : ALL) {
      if (a.name().equals(key)) {
        return a;
      }
    }
    throw new IllegalArgumentException(
        "unknown algorithm '" + name + "'; known: " + String.join(", ", NAMES));
  }

  /**
   * The first exact algorithm ({@link Capabilities#exact()}): what answers exactly (UAI tasks,
   * {@code run --marginals} when it fits) and what the others are measured against.
   */
  public static Algorithm<?> exact() {
    for (Algorithm<?> a : ALL) {
      if (a.capabilities().exact()) {
        return a;
      }
    }
    throw new IllegalStateException("the registry holds no exact algorithm");
  }

  /**
   * The first algorithm whose marginals are probabilities without being exact (sum-product BP):
   * what marginals fall back to when exact inference does not fit, and what options given without
   * an algorithm set.
   */
  public static Algorithm<?> approximateMarginals() {
    for (Algorithm<?> a : ALL) {
      Capabilities c = a.capabilities();
      if (!c.exact() && c.marginals().probabilities()) {
        return a;
      }
    }
    throw new IllegalStateException("the registry holds no approximate marginals");
  }

  /**
   * The capabilities of the algorithm named {@code name} (any case); unknown names are an error as
   * for {@link #named}.
   */
  public static Capabilities capabilities(String name) {
    return named(name).capabilities();
  }

  /**
   * The names of the algorithms whose {@link Algorithm#planFamily()} is {@code family}, in registry
   * order.
   */
  public static List<String> sharingPlan(String family) {
    List<String> names = new ArrayList<>();
    for (Algorithm<?> a : ALL) {
      if (a.planFamily().equals(family)) {
        names.add(a.name());
      }
    }
    return names;
  }

  /** The algorithm {@code spec} names. */
  public static Algorithm<?> of(AlgorithmSpec spec) {
    return named(spec.name());
  }

  /**
   * The algorithm {@code name} with {@code overrides} applied over its defaults; unknown ones are
   * errors.
   */
  public static AlgorithmSpec spec(String name, Map<String, Double> overrides) {
    return named(name).spec(overrides);
  }
}
