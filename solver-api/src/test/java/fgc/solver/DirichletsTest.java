package fgc.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.apache.commons.math3.special.Gamma;
import org.junit.jupiter.api.Test;

class DirichletsTest {
  @Test
  void projectionMatchesTheMixturesExpectedLogs() {
    Random random = new Random(3L);
    for (int trial = 0; trial < 200; trial++) {
      int width = 2 + random.nextInt(8);
      double[] alpha = new double[width];
      double[] weights = new double[width];
      for (int k = 0; k < width; k++) {
        alpha[k] =
            k == 0 && trial % 3 == 0
                ? 0.0
                : 0.2 + 5 * random.nextDouble(); // some values outside the domain
        weights[k] = random.nextDouble();
      }
      double[] b = new double[width];
      Dirichlets.project(alpha, 0, weights, 0, width, b, 0);
      double total = 0;
      double weightSum = 0;
      double bSum = 0;
      for (int k = 0; k < width; k++) {
        total += alpha[k];
        weightSum += alpha[k] > 0 ? weights[k] : 0;
        bSum += b[k];
      }
      for (int k = 0; k < width; k++) {
        if (alpha[k] == 0) {
          assertEquals(0.0, b[k]);
          continue;
        }
        // E[ln p_k] under the mixture, straight from its definition, term by term.
        double expected = 0;
        for (int v = 0; v < width; v++) {
          if (alpha[v] > 0) {
            double component =
                Gamma.digamma(alpha[k] + (v == k ? 1 : 0)) - Gamma.digamma(total + 1);
            expected += weights[v] / weightSum * component;
          }
        }
        assertEquals(
            expected,
            Gamma.digamma(b[k]) - Gamma.digamma(bSum),
            1e-9,
            "trial " + trial + " k " + k);
      }
    }
  }
}
