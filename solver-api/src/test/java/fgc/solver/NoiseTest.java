package fgc.solver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class NoiseTest {
  @Test
  void scaleZeroGivesUniformBlocksOfExactlyOneOverWidth() {
    for (int width : new int[] {1, 3, 4, 9, 16, 25}) {
      double[] messages = new double[width * 7];
      Arrays.fill(messages, 42.0);
      Noise.fill(messages, width, 5L, 0.0);
      for (double m : messages) {
        assertEquals(
            Double.doubleToLongBits(1.0 / width), Double.doubleToLongBits(m), "width " + width);
      }
    }
  }

  @Test
  void noiseIsLogUniformWithinTheScaleNormalisedAndDeterministicInTheSeed() {
    double scale = 0.5;
    double[] a = new double[9 * 50];
    double[] b = new double[9 * 50];
    double[] c = new double[9 * 50];
    Noise.fill(a, 9, 11L, scale);
    Noise.fill(b, 9, 11L, scale);
    Noise.fill(c, 9, 12L, scale);
    assertArrayEquals(a, b);
    assertNotEquals(Arrays.toString(a), Arrays.toString(c));
    for (int base = 0; base < a.length; base += 9) {
      double sum = 0;
      double min = Double.MAX_VALUE;
      double max = 0;
      for (int v = 0; v < 9; v++) {
        sum += a[base + v];
        min = Math.min(min, a[base + v]);
        max = Math.max(max, a[base + v]);
      }
      assertEquals(1.0, sum, 1e-12);
      // Before normalising every factor lay in [exp(-scale), exp(scale)], so no ratio exceeds exp(2
      // scale).
      assertTrue(max / min <= Math.exp(2 * scale) + 1e-12, "ratio " + max / min);
    }
  }

  @Test
  void fillDrawsTheStreamOfItsSeedInOrder() {
    double scale = 0.5;
    double[] messages = new double[3];
    Noise.fill(messages, 3, 77L, scale);
    double[] expected = new double[3];
    double sum = 0;
    for (int i = 0; i < 3; i++) {
      expected[i] = Math.exp(scale * (2.0 * Noise.uniform(77L, i) - 1.0));
      sum += expected[i];
    }
    for (int i = 0; i < 3; i++) {
      assertEquals(expected[i] / sum, messages[i], 1e-15);
    }
  }

  /**
   * Restarts seed their noise with consecutive numbers. How the draws of seed s + 1 differ from
   * those of seed s must not repeat for s + 2 and s + 3 (with java.util.Random it does, to within
   * rounding for every even s: the correlation below is then 1).
   */
  @Test
  void consecutiveSeedsDrawUnrelatedNoise() {
    int n = 4000;
    for (long s = 0; s < 40; s += 2) {
      double[] first = new double[n];
      double[] second = new double[n];
      for (int i = 0; i < n; i++) {
        first[i] = frac(Noise.uniform(s + 1, i) - Noise.uniform(s, i));
        second[i] = frac(Noise.uniform(s + 3, i) - Noise.uniform(s + 2, i));
      }
      // Independent uniform sequences of 4,000: |correlation| about 0.016, below 0.08 but for 1e-6
      // of cases.
      assertTrue(
          Math.abs(correlation(first, second)) < 0.08,
          "seed " + s + ": " + correlation(first, second));
    }
  }

  private static double frac(double x) {
    return x - Math.floor(x);
  }

  private static double correlation(double[] x, double[] y) {
    double mx = Arrays.stream(x).average().orElseThrow();
    double my = Arrays.stream(y).average().orElseThrow();
    double sxy = 0;
    double sxx = 0;
    double syy = 0;
    for (int i = 0; i < x.length; i++) {
      sxy += (x[i] - mx) * (y[i] - my);
      sxx += (x[i] - mx) * (x[i] - mx);
      syy += (y[i] - my) * (y[i] - my);
    }
    return sxy / Math.sqrt(sxx * syy);
  }
}
