package fgc.cache;

import fgc.compilation.SolverKey;
import fgc.compilation.AlgorithmSpec;
import fgc.model.Domain;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.ModelException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An entry's key material read back as the model and algorithm it was made for, so that
 * {@code cache verify} checks each class against its model as a load does. The text is
 * {@code SolverKey.material}: the compiler line, the algorithm line, then the model's canonical text
 * ({@code Model.canonicalText}), which has no model name: the model read back takes the name its
 * manifest records (the model that first compiled the entry). Read back through {@link ModelBuilder},
 * so every rule of a model holds again; a caller checks that the result keys to the entry's key.
 */
final class KeyMaterial {
  final AlgorithmSpec spec;
  final Model model;

  private KeyMaterial(AlgorithmSpec spec, Model model) {
    this.spec = spec;
    this.model = model;
  }

  /**
   * The material's model, named {@code modelName}, and algorithm; an {@link IllegalArgumentException}
   * says which line is not as written.
   */
  static KeyMaterial parse(String text, String modelName) {
    String[] lines = text.split("\n", -1);
    int at = 0;
    try {
      expect(lines, at++, "compiler ");
      String[] algorithm = field(lines, at++, "algorithm ").split(" ");
      Map<String, Double> options = new TreeMap<>();
      for (int k = 1; k < algorithm.length; k++) {
        int eq = algorithm[k].indexOf('=');
        options.put(algorithm[k].substring(0, eq), Double.parseDouble(algorithm[k].substring(eq + 1)));
      }
      // A propagator entry's pseudo-algorithm is no algorithm of the registry, and has no options.
      AlgorithmSpec spec = algorithm[0].equals(SolverCache.PROPAGATOR) && options.isEmpty() ? SolverCache.PROPAGATOR_SPEC
          : AlgorithmSpec.named(algorithm[0], options);
      if (!lines[at++].equals("fgc-model " + Model.CANONICAL_FORMAT)) {
        throw new IllegalArgumentException("not model format " + Model.CANONICAL_FORMAT);
      }
      ModelBuilder b = Model.builder(modelName);
      List<String> observed = new ArrayList<>();
      for (; at < lines.length && lines[at].startsWith("var "); at++) {
        // var NAME [DIM...] in LO..HI observed|latent
        String[] w = lines[at].split(" ");
        int in = indexOf(w, "in");
        int[] dims = new int[in - 2];
        for (int d = 0; d < dims.length; d++) {
          dims[d] = Integer.parseInt(w[2 + d]);
        }
        String[] range = w[in + 1].split("\\.\\.", -1);
        b.variables(w[1], Domain.range(Integer.parseInt(range[0]), Integer.parseInt(range[1])), dims);
        if (w[in + 2].equals("observed")) {
          observed.add(w[1]);
        } else if (!w[in + 2].equals("latent") || w.length != in + 3) {
          throw new IllegalArgumentException("a variable line ends neither 'observed' nor 'latent'");
        }
      }
      for (String name : observed) {
        b.observe(name);
      }
      for (; at < lines.length && !lines[at].equals("end"); at++) {
        factor(b, lines[at]);
      }
      if (at != lines.length - 2 || !lines[at + 1].isEmpty()) {
        throw new IllegalArgumentException("the model does not end with 'end'");
      }
      return new KeyMaterial(spec, b.build());
    } catch (RuntimeException e) {
      String why = e instanceof ModelException || e instanceof IllegalArgumentException ? e.getMessage() : e.toString();
      throw new IllegalArgumentException("line " + Math.min(at + 1, lines.length) + ": " + why, e);
    }
  }

  /** {@code KIND V1 V2 ... [= TOTAL] [: W1 W2 ...]}. */
  private static void factor(ModelBuilder b, String line) {
    String[] w = line.split(" ");
    int colon = indexOf(w, ":");
    int equals = indexOf(w, "=");
    int end = equals >= 0 ? equals : colon >= 0 ? colon : w.length;
    int[] scope = new int[end - 1];
    for (int k = 0; k < scope.length; k++) {
      scope[k] = Integer.parseInt(w[1 + k]);
    }
    double[] weights = new double[colon >= 0 ? w.length - colon - 1 : 0];
    for (int k = 0; k < weights.length; k++) {
      weights[k] = Double.parseDouble(w[colon + 1 + k]);
    }
    switch (w[0]) {
      case "alldiff":
        b.alldiff(scope);
        break;
      case "neq":
        b.neq(scope[0], scope[1]);
        break;
      case "eq":
        b.eq(scope[0], scope[1]);
        break;
      case "sum":
        b.sum(Long.parseLong(w[equals + 1]), scope);
        break;
      case "table":
        b.table(scope, weights);
        break;
      case "prior":
        b.prior(scope[0], weights);
        break;
      default:
        throw new IllegalArgumentException("no factor kind '" + w[0] + "'");
    }
  }

  private static int indexOf(String[] words, String word) {
    for (int i = 0; i < words.length; i++) {
      if (words[i].equals(word)) {
        return i;
      }
    }
    return -1;
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
