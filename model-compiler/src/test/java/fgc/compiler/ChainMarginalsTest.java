package fgc.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;

import fgc.compilation.AlgorithmSpec;
import fgc.lang.DataSet;
import fgc.lang.FgcLanguage;
import fgc.model.Evidence;
import fgc.model.Factor;
import fgc.model.Model;
import fgc.solver.GeneratedAlgorithm;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The bundled hidden Markov chain, where the marginals are the answer: sum-product BP on a chain is
 * exact, factor-level or pairwise (its tables are pairs, its prior unary weights), so the marginals
 * must equal those of enumerating every joint assignment (2^6 weathers).
 */
class ChainMarginalsTest {
  @ParameterizedTest
  @CsvSource({
    "generated, sumproduct",
    "reference, sumproduct",
    "generated, bp-pairwise",
    "reference, bp-pairwise"
  })
  void marginalsEqualExactEnumeration(String backend, String algorithm) throws Exception {
    DataSet data = DataSet.example("umbrella");
    Model model = FgcLanguage.bundled("chain", Map.of(), data);
    int[] seen = FgcLanguage.evidence(model, data).values();
    AlgorithmSpec spec = AlgorithmSpec.named(algorithm, Map.of("damping", 0.0));
    GeneratedAlgorithm bp =
        backend.equals("generated")
            ? DifferentialTest.instantiate(ModelCompiler.compile(model, spec))
            : fgc.algorithms.Algorithms.of(spec).reference(model, spec);
    for (int i = 0; i < seen.length; i++) {
      if (seen[i] != Evidence.NONE) {
        bp.setObserved(i, seen[i]);
      }
    }
    bp.update(20);
    double[][] exact = exactMarginals(model, seen);
    for (int t = 0; t < 6; t++) {
      double[] m = new double[2];
      bp.marginal(model.array("weather").at(t), m);
      assertEquals(exact[t][1], m[1], 1e-9, "P(rain on day " + t + ")");
    }
    // The sightings matter: rain is likelier on umbrella days than on the one dry-looking day.
    assertEquals(true, exact[1][1] > 0.5 && exact[2][1] < 0.5);
  }

  /**
   * P(weather[t] = v | seen) by summing the product of every factor over all assignments of the
   * free variables.
   */
  private static double[][] exactMarginals(Model model, int[] seen) {
    int n = model.variableCount();
    double[][] out = new double[6][2];
    double total = 0;
    int[] values = new int[n];
    int free = 0;
    for (int i = 0; i < n; i++) {
      free += seen[i] == Evidence.NONE ? 1 : 0;
    }
    for (long code = 0; code < (1L << free); code++) {
      long bits = code;
      for (int i = 0; i < n; i++) {
        if (seen[i] == Evidence.NONE) {
          values[i] = (int) (bits & 1);
          bits >>= 1;
        } else {
          values[i] = seen[i];
        }
      }
      double p = 1;
      for (Factor f : model.factors()) {
        int entry = 0;
        for (int s = 0; s < f.arity(); s++) {
          entry = entry * 2 + values[f.variable(s)];
        }
        p *= f.weight(entry);
      }
      total += p;
      for (int t = 0; t < 6; t++) {
        out[t][values[model.array("weather").at(t)]] += p;
      }
    }
    for (double[] row : out) {
      row[0] /= total;
      row[1] /= total;
    }
    return out;
  }
}
