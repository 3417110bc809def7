package fgc.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import fgc.solver.AlldiffKernels;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The baselines of the message-pass benchmark compute the same messages as the kernels. */
class NaiveMessagesTest {
  @Test
  void ryserAndHungarianAgreeWithTheSubsetKernels() {
    Random random = new Random(7);
    for (int n = 2; n <= 7; n++) {
      double[] rows = new double[n * n];
      for (int k = 0; k < rows.length; k++) {
        rows[k] = random.nextInt(4) == 0 ? 0.0 : 0.05 + random.nextDouble();
      }
      double[] f = new double[1 << n];
      double[] b = new double[1 << n];
      double[] kernel = new double[n * n];
      double[] naive = new double[n * n];
      AlldiffKernels.sumProduct(rows, n, n, n, f, b, new int[2 * f.length], kernel);
      NaiveMessages.sumProduct(rows, n, naive);
      for (int k = 0; k < kernel.length; k++) {
        assertEquals(
            kernel[k],
            naive[k],
            1e-9 * Math.max(1, Math.abs(kernel[k])),
            "sum, n=" + n + " at " + k);
      }
      AlldiffKernels.maxProduct(rows, n, n, n, f, b, new int[2 * f.length], kernel);
      NaiveMessages.maxProduct(rows, n, naive);
      for (int k = 0; k < kernel.length; k++) {
        assertEquals(
            kernel[k],
            naive[k],
            1e-9 * Math.max(1, Math.abs(kernel[k])),
            "max, n=" + n + " at " + k);
      }
    }
  }
}
