package fgc.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The pairwise edge kernels against the definition, {@code out(v) = sum_u psi(u, v) pre(u) suf(u)},
 * on seeded random inputs.
 */
class PairwiseKernelsTest {
  private static final int W = 5;

  @Test
  void matrixMessageSumsThePotentialOverTheCavityWithinBothRanges() {
    Random random = new Random(21);
    // Sender on aligned values 1..3, receiver on 0..3; weights row-major, the sender's value the
    // row.
    int[] info = {2, 1, 3, 0, 4};
    double[] weights = new double[2 + 12];
    for (int k = 2; k < weights.length; k++) {
      weights[k] = k % 4 == 0 ? 0.0 : random.nextDouble() * 3;
    }
    for (int round = 0; round < 20; round++) {
      double[] pre = randomRow(random, 2 * W);
      double[] suf = randomRow(random, 3 * W);
      double[] out = new double[W];
      PairwiseKernels.message(PairwiseKernels.MATRIX, pre, W, suf, 2 * W, W, info, 0, weights, out);
      for (int v = 0; v < W; v++) {
        double expected = 0;
        for (int u = 0; u < W; u++) {
          boolean inside = u >= 1 && u <= 3 && v <= 3;
          double psi = inside ? weights[2 + (u - 1) * 4 + v] : 0.0;
          expected += psi * pre[W + u] * suf[2 * W + u];
        }
        assertEquals(expected, out[v], 1e-14 * Math.max(1, expected), "entry " + v);
      }
      assertEquals(0.0, out[4], "nothing outside the receiver's range");
    }
  }

  @Test
  void eqMessageIsTheCavity() {
    Random random = new Random(22);
    double[] pre = randomRow(random, W);
    double[] suf = randomRow(random, W);
    double[] out = new double[W];
    PairwiseKernels.message(
        PairwiseKernels.EQ, pre, 0, suf, 0, W, new int[0], 0, new double[0], out);
    for (int v = 0; v < W; v++) {
      assertEquals(pre[v] * suf[v], out[v], 0.0);
    }
  }

  @Test
  void aZeroCavityGivesAZeroMessageAndTheNeqKindIsNotAKernel() {
    double[] zeros = new double[W];
    double[] out = new double[W];
    java.util.Arrays.fill(out, 9.0);
    PairwiseKernels.message(
        PairwiseKernels.MATRIX,
        zeros,
        0,
        zeros,
        0,
        W,
        new int[] {0, 0, 1, 0, 1},
        0,
        new double[] {1.0},
        out);
    assertEquals(0.0, out[0] + out[1] + out[4]);
    assertThrows(
        IllegalArgumentException.class,
        () ->
            PairwiseKernels.message(
                PairwiseKernels.NEQ, zeros, 0, zeros, 0, W, new int[0], 0, new double[0], out));
  }

  /** Non-negative entries, about one in four exactly zero. */
  private static double[] randomRow(Random random, int n) {
    double[] row = new double[n];
    for (int k = 0; k < n; k++) {
      row[k] = random.nextInt(4) == 0 ? 0.0 : random.nextDouble();
    }
    return row;
  }
}
