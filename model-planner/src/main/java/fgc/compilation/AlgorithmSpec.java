package fgc.compilation;

import fgc.algorithms.Algorithms;
import fgc.model.DecimalText;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An algorithm and its compile-time options, e.g. {@code bp damping=0.5}. Options are sorted by
 * name so that the canonical text, and so the cache key, never depends on the order they were
 * given.
 */
public final class AlgorithmSpec {
  /**
   * Loopy sum-product BP on pairs of variables: {@code neq}, {@code eq} and two-variable tables
   * combined per pair ({@code alldiff} expanded to every pair), unary weights in the prior.
   */
  public static final String BP_PAIRWISE = "bp-pairwise";

  /** Loopy sum-product BP with one node per factor and exact {@code alldiff} messages. */
  public static final String SUMPRODUCT = "sumproduct";

  /** The same graph in the max-product semiring: exact {@code alldiff} max-marginals. */
  public static final String MAXPRODUCT = "maxproduct";

  /**
   * EP with a Dirichlet prior on each variable's value distribution (the reference notebook's
   * "robust" model): the messages of {@link #BP_PAIRWISE}, posteriors projected onto Dirichlets.
   */
  public static final String EP_DIRICHLET = "ep-dirichlet";

  /**
   * Exact inference by variable elimination: exact marginals, log partition function and a most
   * probable assignment, for models whose elimination cliques fit the planner's limit. No options.
   */
  public static final String ELIMINATION = "elimination";

  /**
   * What {@code solve} and {@code compile} use unless told otherwise: the best with decimation
   * (BENCHMARKS.md).
   */
  public static final String DEFAULT = MAXPRODUCT;

  private final String name;
  private final Map<String, Double> options;

  private AlgorithmSpec(String name, Map<String, Double> options) {
    this.name = name;
    // A private copy, never handed out: an unmodifiable wrapper would load its entry class when the
    // key is computed, which a cache hit in a fresh JVM pays for.
    this.options = new TreeMap<>(options);
  }

  /**
   * The algorithm {@code name} with its default options.
   *
   * @param name the algorithm's name
   * @return the spec
   */
  public static AlgorithmSpec named(String name) {
    return named(name, Map.of());
  }

  /**
   * The algorithm {@code name} with {@code overrides} applied over its defaults, each checked by
   * the compiler's registry of algorithms (found on the class path); unknown ones are errors.
   *
   * @param name the algorithm's name
   * @param overrides option values replacing the defaults
   * @return the spec
   */
  public static AlgorithmSpec named(String name, Map<String, Double> overrides) {
    return Algorithms.spec(name, overrides);
  }

  /**
   * The algorithm {@code name} with exactly these options, unchecked: what the compiler's registry
   * returns once it has filled in the defaults and checked each value.
   *
   * @param name the algorithm's name
   * @param options every option's value
   * @return the spec
   */
  public static AlgorithmSpec of(String name, Map<String, Double> options) {
    return new AlgorithmSpec(name, options);
  }

  /**
   * The names of the algorithms the compiler on the class path can emit.
   *
   * @return the names, the default first
   */
  public static List<String> knownAlgorithms() {
    return Algorithms.names();
  }

  /**
   * The algorithm's name.
   *
   * @return the name
   */
  public String name() {
    return name;
  }

  /**
   * The value of option {@code option}; an error when the algorithm has none of that name.
   *
   * @param option the option's name
   * @return its value
   */
  public double option(String option) {
    Double v = options.get(option);
    if (v == null) {
      throw new IllegalArgumentException("algorithm " + name + " has no option '" + option + "'");
    }
    return v;
  }

  /**
   * The default algorithm with its default options.
   *
   * @return the default spec
   */
  public static AlgorithmSpec defaults() {
    return named(DEFAULT);
  }

  /**
   * {@code name opt=value ...}, options sorted, values in Java's shortest round-trip form.
   *
   * @return the canonical text, part of the cache key
   */
  public String canonicalText() {
    StringBuilder sb = new StringBuilder(name);
    for (Map.Entry<String, Double> e : options.entrySet()) {
      sb.append(' ').append(e.getKey()).append('=').append(DecimalText.of(e.getValue()));
    }
    return sb.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof AlgorithmSpec
        && ((AlgorithmSpec) o).canonicalText().equals(canonicalText());
  }

  @Override
  public int hashCode() {
    return canonicalText().hashCode();
  }

  @Override
  public String toString() {
    return canonicalText();
  }
}
