package fgc.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;

import fgc.algorithm.GeneratedAlgorithm;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Models at the edges of what weights and constraints can say: finite weights of any size give the
 * marginals their ratios say, under every algorithm.
 */
class DegenerateModelsTest {
  private static Model parse(String text) {
    return FgcLanguage.parse("t.fg", text, Map.of());
  }

  private static double[] marginal(Model model, String algorithm, int variable, int sweeps) throws Exception {
    GeneratedAlgorithm solver = DifferentialTest.instantiate(ModelCompiler.compile(model, AlgorithmSpec.named(algorithm)));
    solver.update(sweeps);
    double[] p = new double[solver.domainSize(variable)];
    solver.marginal(variable, p);
    return p;
  }

  @Test
  void weightsNearTheLargestDoubleGiveTheMarginalsTheirRatiosSay() throws Exception {
    // Three priors of 1e308 on one variable: the product is infinite unless it is kept in scale.
    Model huge = parse("model w; var w[2] in 0..1;\n"
        + "prior(w[0]) = [1e308, 1e308]; prior(w[0]) = [1e308, 1e308]; prior(w[0]) = [1e308, 1e308];\n"
        + "prior(w[1]) = [1e308, 3e307]; table(w[0], w[1]) = [1.7e308, 1e308, 1e308, 1.7e308];\n");
    Model plain = parse("model w; var w[2] in 0..1;\n"
        + "prior(w[0]) = [1, 1]; prior(w[0]) = [1, 1]; prior(w[0]) = [1, 1];\n"
        + "prior(w[1]) = [10, 3]; table(w[0], w[1]) = [1.7, 1, 1, 1.7];\n");
    // Exact: P(w0, w1) ~ prior(w1) * table: w0=0: 10*1.7 + 3*1 = 20, w0=1: 10*1 + 3*1.7 = 15.1.
    double expected = 20 / 35.1;
    for (String algorithm : AlgorithmSpec.knownAlgorithms()) {
      double[] p = marginal(huge, algorithm, 0, 30);
      double[] q = marginal(plain, algorithm, 0, 30);
      assertEquals(q[0], p[0], 1e-12, algorithm + ": the same marginals as the model in scale");
      if (!algorithm.equals("maxproduct") && !algorithm.equals("ep-dirichlet")) { // max-marginals, Dirichlet means
        assertEquals(expected, p[0], 1e-6, algorithm); // the damped sweeps are still converging
      }
    }
  }

  @Test
  void tinyWeightsKeepTheirRatios() throws Exception {
    // 1e-300 cubed underflows: the combined prior must be formed in scale. Exact marginal 1 : 27.
    Model tiny = parse("model w; var w[2] in 0..1;\n"
        + "prior(w[0]) = [1e-300, 3e-300]; prior(w[0]) = [1e-300, 3e-300]; prior(w[0]) = [1e-300, 3e-300];\n");
    for (String algorithm : new String[] {"sumproduct", "bp-pairwise"}) {
      assertEquals(1.0 / 28, marginal(tiny, algorithm, 0, 60)[0], 1e-9, algorithm);
    }
  }
}
