package fgc.compiler;

import fgc.compilation.AlgorithmSpec;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** The algorithms the compiler emits, with their options' defaults and ranges. */
public final class Algorithms {
  private static final List<String> KNOWN = List.of(AlgorithmSpec.MAXPRODUCT, AlgorithmSpec.SUMPRODUCT,
      AlgorithmSpec.BP_PAIRWISE, AlgorithmSpec.EP_DIRICHLET, AlgorithmSpec.ELIMINATION);
  // Defaults measured on easy50 with decimation (BENCHMARKS.md): undamped sequential pairwise BP
  // solved the most; the exact alldiff messages do best with half damping.
  private static final Map<String, Map<String, Double>> DEFAULTS = Map.of(
      AlgorithmSpec.BP_PAIRWISE, Map.of("damping", 0.0),
      AlgorithmSpec.SUMPRODUCT, Map.of("damping", 0.5),
      // maxproduct: 0.9, measured with decimation over seeds 1-6 on hardest (64 of 66 solved, against
      // 60-63 for 0.5, 0.7, 0.8, 0.95) and 1-3 on top95 (88, 90, 87 of 95).
      AlgorithmSpec.MAXPRODUCT, Map.of("damping", 0.9),
      // Pseudo-counts: 1 per value of a free variable (uniform), 1e6 on an observed value (its
      // prior mean is then 0.999992 for a 9-value domain: near, not exactly, a point mass). With
      // 1000 (mean 0.99) single-shot EP solved 5 of easy50, with 1e6 18 (BENCHMARKS.md).
      AlgorithmSpec.EP_DIRICHLET, Map.of("damping", 0.5, "free", 1.0, "given", 1e6),
      AlgorithmSpec.ELIMINATION, Map.of());

  private Algorithms() {}

  /** Every algorithm's name, the default first. */
  public static List<String> names() {
    return KNOWN;
  }

  /** The algorithm {@code name} with {@code overrides} applied over its defaults; unknown ones are errors. */
  public static AlgorithmSpec spec(String name, Map<String, Double> overrides) {
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
    return AlgorithmSpec.of(key, options);
  }
}
