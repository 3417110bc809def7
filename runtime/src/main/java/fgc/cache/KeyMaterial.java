package fgc.cache;

import fgc.compilation.AlgorithmSpec;
import fgc.compilation.Artifact;
import fgc.model.CanonicalText;
import fgc.model.Model;
import java.util.Map;
import java.util.TreeMap;

/**
 * An entry's key material read back as the kind, model and algorithm it was made for, so that
 * {@code cache verify} checks each class against its model as a load does. The text is {@code
 * SolverKey.material}: the planner line, the kind line, the algorithm line for a kind that has one
 * (a solver), then the model's canonical text, read back by {@link CanonicalText#read}; it has no
 * model name: the model read back takes the name its manifest records (the model that first
 * compiled the entry). A caller checks that the result keys to the entry's key.
 */
final class KeyMaterial {
  final Artifact kind;

  /** The algorithm and its options; null for a kind without one. */
  final AlgorithmSpec spec;

  final Model model;

  private KeyMaterial(Artifact kind, AlgorithmSpec spec, Model model) {
    this.kind = kind;
    this.spec = spec;
    this.model = model;
  }

  /**
   * The material's kind, algorithm (for a kind that has one) and model, named {@code modelName}; an
   * {@link IllegalArgumentException} says which line is not as written.
   */
  static KeyMaterial parse(String text, String modelName) {
    String[] lines = text.split("\n", -1);
    int at = 0;
    Artifact kind;
    AlgorithmSpec spec;
    try {
      // Each line is counted once read, so that an error names the line it is about.
      expect(lines, at, "planner ");
      String word = field(lines, ++at, "kind ");
      kind = Artifact.named(word);
      if (kind == null) {
        throw new IllegalArgumentException("no kind of entry '" + word + "'");
      }
      spec = kind.hasAlgorithm() ? spec(field(lines, ++at, "algorithm ")) : null;
    } catch (RuntimeException e) {
      String why = e instanceof IllegalArgumentException ? e.getMessage() : e.toString();
      throw new IllegalArgumentException("line " + Math.min(at + 1, lines.length) + ": " + why, e);
    }
    return new KeyMaterial(kind, spec, CanonicalText.read(lines, at + 1, modelName));
  }

  /** An algorithm line's {@code NAME OPT=VALUE ...}, checked by the registry. */
  private static AlgorithmSpec spec(String text) {
    String[] algorithm = text.split(" ");
    Map<String, Double> options = new TreeMap<>();
    for (int k = 1; k < algorithm.length; k++) {
      int eq = algorithm[k].indexOf('=');
      options.put(
          algorithm[k].substring(0, eq), Double.parseDouble(algorithm[k].substring(eq + 1)));
    }
    return AlgorithmSpec.named(algorithm[0], options);
  }

  private static void expect(String[] lines, int at, String prefix) {
    field(lines, at, prefix);
  }

  private static String field(String[] lines, int at, String prefix) {
    if (at >= lines.length || !lines[at].startsWith(prefix)) {
      throw new IllegalArgumentException("expected a line starting '" + prefix.trim() + "'");
    }
    return lines[at].substring(prefix.length());
  }
}
