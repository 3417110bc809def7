package fgc.compiler;

import fgc.model.DecimalText;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * An algorithm and its compile-time options, e.g. {@code bp damping=0.5}. Options are sorted by
 * name so that the canonical text, and so the cache key, never depends on the order they were given.
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
  /** What {@code solve} and {@code compile} use unless told otherwise: the best with decimation (BENCHMARKS.md). */
  public static final String DEFAULT = MAXPRODUCT;

  private static final List<String> KNOWN = List.of(MAXPRODUCT, SUMPRODUCT, BP_PAIRWISE, EP_DIRICHLET, ELIMINATION);
  // Defaults measured on easy50 with decimation (BENCHMARKS.md): undamped sequential pairwise BP
  // solved the most; the exact alldiff messages do best with half damping.
  private static final Map<String, Map<String, Double>> DEFAULTS = Map.of(
      BP_PAIRWISE, Map.of("damping", 0.0),
      SUMPRODUCT, Map.of("damping", 0.5),
      // maxproduct: 0.9, measured with decimation over seeds 1-6 on hardest (64 of 66 solved, against
      // 60-63 for 0.5, 0.7, 0.8, 0.95) and 1-3 on top95 (88, 90, 87 of 95).
      MAXPRODUCT, Map.of("damping", 0.9),
      // Pseudo-counts: 1 per value of a free variable (uniform), 1e6 on an observed value (its
      // prior mean is then 0.999992 for a 9-value domain: near, not exactly, a point mass). With
      // 1000 (mean 0.99) single-shot EP solved 5 of easy50, with 1e6 18 (BENCHMARKS.md).
      EP_DIRICHLET, Map.of("damping", 0.5, "free", 1.0, "given", 1e6),
      ELIMINATION, Map.of());

  private final String name;
  private final Map<String, Double> options;

  private AlgorithmSpec(String name, Map<String, Double> options) {
    this.name = name;
    // A private copy, never handed out: an unmodifiable wrapper would load its entry class when the
    // key is computed, which a cache hit in a fresh JVM pays for.
    this.options = new TreeMap<>(options);
  }

  /** The algorithm {@code name} with its default options. */
  public static AlgorithmSpec named(String name) {
    return named(name, Map.of());
  }

  /** The algorithm {@code name} with {@code overrides} applied over its defaults; unknown ones are errors. */
  public static AlgorithmSpec named(String name, Map<String, Double> overrides) {
    String key = name == null ? "" : name.toLowerCase(Locale.ROOT);
    if (!KNOWN.contains(key)) {
      throw new IllegalArgumentException("unknown algorithm '" + name + "'; known: " + String.join(", ", KNOWN));
    }
    Map<String, Double> options = new TreeMap<>(DEFAULTS.get(key));
    for (Map.Entry<String, Double> e : overrides.entrySet()) {
      if (!options.containsKey(e.getKey())) {
        throw new IllegalArgumentException("algorithm " + key + " has no option '" + e.getKey() + "'; options: " + options.keySet());
      }
      options.put(e.getKey(), e.getValue());
    }
    Double damping = options.get("damping");
    if (damping != null && !(damping >= 0 && damping < 1)) {
      throw new IllegalArgumentException("damping must be in [0, 1), got " + damping);
    }
    for (String count : List.of("free", "given")) {
      if (options.containsKey(count) && !(options.get(count) > 0 && options.get(count) < 1e12)) {
        throw new IllegalArgumentException(count + " pseudo-count must be positive, got " + options.get(count));
      }
    }
    return new AlgorithmSpec(key, options);
  }

  public static List<String> knownAlgorithms() {
    return KNOWN;
  }

  public String name() {
    return name;
  }

  public double option(String option) {
    Double v = options.get(option);
    if (v == null) {
      throw new IllegalArgumentException("algorithm " + name + " has no option '" + option + "'");
    }
    return v;
  }

  /** The default algorithm with its default options. */
  public static AlgorithmSpec defaults() {
    return named(DEFAULT);
  }

  /** {@code name opt=value ...}, options sorted, values in Java's shortest round-trip form. */
  public String canonicalText() {
    StringBuilder sb = new StringBuilder(name);
    for (Map.Entry<String, Double> e : options.entrySet()) {
      sb.append(' ').append(e.getKey()).append('=').append(DecimalText.of(e.getValue()));
    }
    return sb.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof AlgorithmSpec && ((AlgorithmSpec) o).canonicalText().equals(canonicalText());
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
