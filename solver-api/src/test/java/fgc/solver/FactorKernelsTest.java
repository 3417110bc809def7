package fgc.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The sum and table kernels against enumerating every assignment, on seeded random messages with
 * zeros.
 */
class FactorKernelsTest {
  private static final int W = 4;

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void sumMessagesEqualEnumeration(boolean max) {
    Random random = new Random(11);
    for (int arity = 1; arity <= 4; arity++) {
      double[] rows = rows(random, arity);
      for (int target = 0; target <= arity * (W - 1); target++) {
        double[] out = new double[arity * W];
        FactorKernels.messages(
            FactorKernels.SUM,
            max,
            rows,
            W,
            W,
            arity,
            new int[] {target},
            0,
            new double[0],
            new double[FactorKernels.sumScratch(arity, W)],
            new int[arity],
            out);
        final int t = target;
        assertMatches(max, rows, arity, values -> sum(values) == t ? 1.0 : 0.0, out);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void tableMessagesEqualEnumeration(boolean max) {
    Random random = new Random(12);
    int arity = 3;
    // Slots over value ranges 1..2, 0..3 and 2..3 of the aligned 0..3: offsets 1, 0, 2 and sizes 2,
    // 4, 2.
    int[] info = {0, 1, 2, 0, 4, 2, 2};
    double[] weights = new double[16];
    for (int k = 0; k < weights.length; k++) {
      weights[k] = k % 5 == 0 ? 0.0 : random.nextDouble();
    }
    double[] rows = rows(random, arity);
    double[] out = new double[arity * W];
    FactorKernels.messages(
        FactorKernels.TABLE,
        max,
        rows,
        W,
        W,
        arity,
        info,
        0,
        weights,
        new double[0],
        new int[arity],
        out);
    assertMatches(
        max,
        rows,
        arity,
        v ->
            v[0] < 1 || v[0] > 2 || v[2] < 2
                ? 0.0
                : weights[((v[0] - 1) * 4 + v[1]) * 2 + (v[2] - 2)],
        out);
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void twoSlotTableMessagesEqualEnumeration(boolean max) {
    Random random = new Random(13);
    int arity = 2;
    // Slots over 1..3 and 0..2 of the aligned 0..3: offsets 1 and 0, sizes 3 and 3; the weights
    // read
    // at a start past 0, as in a model's shared weight array.
    int[] info = {4, 1, 3, 0, 3};
    double[] weights = new double[4 + 9];
    for (int k = 4; k < weights.length; k++) {
      weights[k] = k % 4 == 0 ? 0.0 : random.nextDouble();
    }
    double[] rows = rows(random, arity);
    double[] out = new double[arity * W];
    FactorKernels.messages(
        FactorKernels.TABLE,
        max,
        rows,
        W,
        W,
        arity,
        info,
        0,
        weights,
        new double[0],
        new int[arity],
        out);
    assertMatches(
        max,
        rows,
        arity,
        v -> v[0] < 1 || v[1] > 2 ? 0.0 : weights[4 + (v[0] - 1) * 3 + v[1]],
        out);
  }

  private interface Potential {
    double at(int[] values);
  }

  private static void assertMatches(
      boolean max, double[] rows, int arity, Potential potential, double[] out) {
    int[] values = new int[arity];
    double[] expected = new double[arity * W];
    for (int code = 0; code < Math.pow(W, arity); code++) {
      int c = code;
      for (int s = 0; s < arity; s++) {
        values[s] = c % W;
        c /= W;
      }
      for (int s = 0; s < arity; s++) {
        double p = potential.at(values);
        for (int t = 0; t < arity; t++) {
          p *= t == s ? 1.0 : rows[t * W + values[t]];
        }
        int o = s * W + values[s];
        expected[o] = max ? Math.max(expected[o], p) : expected[o] + p;
      }
    }
    for (int k = 0; k < expected.length; k++) {
      assertEquals(expected[k], out[k], 1e-12, "entry " + k);
    }
  }

  private static double[] rows(Random random, int arity) {
    double[] rows = new double[arity * W];
    for (int k = 0; k < rows.length; k++) {
      rows[k] = random.nextInt(5) == 0 ? 0.0 : random.nextDouble();
    }
    return rows;
  }

  private static int sum(int[] values) {
    int s = 0;
    for (int v : values) {
      s += v;
    }
    return s;
  }
}
