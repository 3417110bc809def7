package fgc.solver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class EliminationKernelsTest {
  @Test
  void normaliseScalesByAPowerOfTwoExactlyAndSaysWhich() {
    Random random = new Random(5);
    for (double scale :
        new double[] {
          1e-300, 3e-200, 1e-5, 1.0, 1.5, 7.0, 1e150, 1e300, Double.MIN_VALUE * 12345
        }) {
      double[] x = new double[7];
      for (int k = 1; k < 6; k++) {
        x[k] = scale * (0.1 + random.nextDouble());
      }
      double[] before = x.clone();
      int shift = EliminationKernels.normalise(x, 1, 5);
      double max = 0;
      for (int k = 1; k < 6; k++) {
        assertEquals(Math.scalb(before[k], shift), x[k], 0.0, "exact power of two");
        max = Math.max(max, x[k]);
      }
      assertTrue(max >= 1.0 && max < 2.0, "largest entry " + max + " for scale " + scale);
      assertEquals(0.0, x[0]);
      assertEquals(0.0, x[6], "nothing outside the block");
    }
    double[] zero = new double[3];
    assertEquals(0, EliminationKernels.normalise(zero, 0, 3));
    assertArrayEquals(new double[3], zero, 0.0);
  }

  @Test
  void tablesHoldTheProductOfTheirMembersOverMixedDomains() {
    // One table over digits (a: 2 values from aligned 0, b: 3 values from aligned 1, c: 2 values
    // from aligned 1),
    // holding a weight table over (c, a), an alldiff over (b, c), and a sum b + a = 2; a second
    // table over one digit holding an eq of it with itself twice (always 1) and a prior.
    double[] weights = {0.5, 2.0, 3.0, 4.0, 10.0, 20.0};
    int[] info = {
      2,
      0,
      3,
      2,
      3,
      2,
      0,
      1,
      1,
      3,
      EliminationKernels.TABLE,
      2,
      2,
      0,
      0,
      EliminationKernels.ALLDIFF,
      2,
      1,
      2,
      EliminationKernels.SUM,
      2,
      1,
      0,
      2,
      12,
      1,
      2,
      0,
      2,
      EliminationKernels.EQ,
      2,
      0,
      0,
      EliminationKernels.TABLE,
      1,
      0,
      4
    };
    EliminationKernels.Tables built = EliminationKernels.tables(14, info, weights);
    double[] expected = new double[14];
    for (int a = 0; a < 2; a++) {
      for (int b = 0; b < 3; b++) {
        for (int c = 0; c < 2; c++) {
          double w = weights[c * 2 + a];
          w *= (1 + b) != (1 + c) ? 1 : 0;
          w *= (1 + b) + a == 2 ? 1 : 0;
          expected[a * 6 + b * 2 + c] = w;
        }
      }
    }
    expected[12] = 10.0;
    expected[13] = 20.0;
    // Table one's largest entry is 4 (at a = 1, b = 0, c = 1: scaled by 2^-2), table two's 20 (by
    // 2^-4).
    assertEquals(4.0, expected[1 * 6 + 0 * 2 + 1]);
    assertEquals(-6, built.exponent());
    for (int e = 0; e < 12; e++) {
      assertEquals(expected[e] / 4, built.values()[e], 0.0, "entry " + e);
    }
    assertEquals(10.0 / 16, built.values()[12], 0.0);
    assertEquals(20.0 / 16, built.values()[13], 0.0);
  }

  @Test
  void combineMultipliesMessagesAndReportsItsRescaling() {
    // Three two-entry messages at 0, 2 and 4 whose products underflow a double.
    double[] from = {1e-200, 3e-200, 0.5, 1e-150, 1e-150, 2e-150};
    int[] params = {3, 0, 2, 4};
    double[] into = new double[4];
    int shift = EliminationKernels.combine(into, 1, 2, from, params, 0);
    assertEquals(0.0, 1e-200 * 0.5 * 1e-150, "the plain product underflows");
    assertEquals(
        Math.log(1e-200) + Math.log(0.5) + Math.log(1e-150),
        Math.log(into[1]) - shift * Math.log(2),
        1e-12);
    assertEquals(
        Math.log(3e-200) + Math.log(1e-150) + Math.log(2e-150),
        Math.log(into[2]) - shift * Math.log(2),
        1e-12);
    assertEquals(0.0, into[0]);
    assertEquals(0.0, into[3]);
  }

  @Test
  void theMessageBackToAChildIsZeroWhereTheChildsOwnMessageIs() {
    double[] up = {0, 0.5, 0.0, 0.25};
    double[] sum = {9, 3, 0.0, 1};
    double[] down = new double[4];
    EliminationKernels.divide(sum, 0, up, down, 0, 4);
    // 3 / 0.5 = 6 and 1 / 0.25 = 4, rescaled by 2^-2; the index where up is zero gives zero.
    assertArrayEquals(new double[] {0, 1.5, 0, 1.0}, down, 0.0);
  }

  @Test
  void oneStepSumsMaximisesAndDecodesItsClique() {
    // A step over the clique (u: 3 values, v: 2 values), eliminating v, with one table t(u, v) and
    // no children: its message to its parent is m(u) = sum over v of t(u, v) (or the max). The
    // prior holds u's block at 0 .. 2 (value 1 ruled out by evidence) and v's at 3 .. 4.
    double[] tables = {1, 2, 3, 0, 0.5, 0.5};
    double[] prior = {1, 0, 1, 1, 1};
    int[] steps = {
      0,
      3,
      1,
      2,
      1,
      1,
      0,
      3,
      2, // own message at 0, v's marginal at 3, variable 1, 2 levels, a parent, 1 table, no groups,
      // 3 entries, v has 2 values
      3,
      0,
      0,
      2,
      3,
      1, // levels: u (3 values, prior at 0, variable 0), v (2 values, prior at 3, variable 1)
      0,
      2,
      1, // the table at 0, strides 2 along u and 1 along v
      1,
      0
    }; // the message's strides: 1 along u, 0 along v
    EliminationKernels.Workspace w = new EliminationKernels.Workspace(2, 4);
    double[] m = new double[3];
    int shift = EliminationKernels.collect(steps, 0, prior, tables, new double[0], m, false, w);
    assertEquals(-1, shift, "3 brought into [1, 2)");
    assertArrayEquals(
        new double[] {1.5, 0, 0.5}, m, 0.0, "m(0) = 1 + 2, m(2) = 0.5 + 0.5, u = 1 skipped");
    EliminationKernels.collect(steps, 0, prior, tables, new double[0], m, true, w);
    assertArrayEquals(new double[] {1.0, 0, 0.25}, m, 0.0, "maxima 2 and 0.5, rescaled by 2^-1");
    int[] digit = {2, -1};
    EliminationKernels.decode(steps, 0, prior, tables, new double[0], m, digit, w);
    assertEquals(0, digit[1], "t(2, 0) = t(2, 1): the lower value");
    digit[0] = 0;
    EliminationKernels.decode(steps, 0, prior, tables, new double[0], m, digit, w);
    assertEquals(1, digit[1], "t(0, 1) = 2 beats t(0, 0) = 1");
  }

  @Test
  void aProductRoundedToZeroAtAnOuterLevelIsToldFromATableZero() {
    // One step over (u: 16 values, v: 8 values), eliminating v, with two tables on (u, v): 128
    // entries, walked as u's outer level around a block of v's 8. The second table is 0 at even v.
    int[] steps = {
      0,
      16,
      1,
      2,
      1,
      2,
      0,
      16,
      8, // own message at 0, v's prior at 16, 2 levels, 2 tables
      16,
      0,
      0,
      8,
      16,
      1, // levels: u (16 values, prior at 0), v (8 values, prior at 16)
      0,
      8,
      1,
      128,
      8,
      1, // the tables at 0 and 128, strides 8 along u and 1 along v
      1,
      0 // the message's strides
    };
    double[] prior = new double[24];
    Arrays.fill(prior, 1.0);
    // 1e-200 x 1 and 0.5 x 0.25: each product is a table's 0 or a normal double.
    for (double[] pair : new double[][] {{1e-200, 1.0}, {0.5, 0.25}}) {
      EliminationKernels.Workspace w = new EliminationKernels.Workspace(2, 4);
      double[] m = new double[16];
      EliminationKernels.collect(
          steps, 0, prior, twoTables(pair[0], pair[1]), new double[0], m, false, w);
      assertFalse(w.lost(), pair[0] + " x " + pair[1] + " and zeros of a table are exact");
      assertTrue(m[0] > 0.0);
      for (int u = 1; u < 16; u++) {
        assertEquals(m[0], m[u], 0.0);
      }
    }
    // 1e-200 x 1e-200 is 1e-400, which a double rounds to 0: lost, though no read is 0.
    EliminationKernels.Workspace w = new EliminationKernels.Workspace(2, 4);
    EliminationKernels.collect(
        steps, 0, prior, twoTables(1e-200, 1e-200), new double[0], new double[16], false, w);
    assertTrue(w.lost(), "a product of non-zero reads rounded to 0");
  }

  /**
   * Two tables on (u: 16, v: 8): the first {@code first}, the second 0 at even v, else {@code
   * other}.
   */
  private static double[] twoTables(double first, double other) {
    double[] t = new double[256];
    for (int e = 0; e < 128; e++) {
      t[e] = first;
      t[128 + e] = e % 2 == 0 ? 0.0 : other;
    }
    return t;
  }
}
