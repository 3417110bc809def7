package fgc.algorithm;

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
        assertEquals(Double.doubleToLongBits(1.0 / width), Double.doubleToLongBits(m), "width " + width);
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
      // Before normalising every factor lay in [exp(-scale), exp(scale)], so no ratio exceeds exp(2 scale).
      assertTrue(max / min <= Math.exp(2 * scale) + 1e-12, "ratio " + max / min);
    }
  }
}
