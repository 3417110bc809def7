package fgc.solver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class NumericsTest {
  @Test
  void aProductOfTwoNonZeroEntriesIsNeverZero() {
    assertEquals(Numerics.TINY, Numerics.times(1e-200, 1e-200));
    assertEquals(
        Numerics.TINY,
        Numerics.times(1e-100, 1e-100),
        "below the floor is the floor, never subnormal");
    assertEquals(
        true,
        Numerics.TINY * Numerics.TINY >= Double.MIN_NORMAL,
        "two floored entries multiply to a normal double");
    assertEquals(1e-100, Numerics.times(1e-50, 1e-50), 1e-114);
    assertEquals(0.0, Numerics.times(0.0, 1e-200));
    assertEquals(6.0, Numerics.times(2.0, 3.0));
  }

  @Test
  void largerIsMathMaxOnEntries() {
    double[] entries = {0.0, Numerics.TINY, 1e-300, 0.25, 0.5, 1.0, Double.MAX_VALUE};
    for (double a : entries) {
      for (double b : entries) {
        assertEquals(
            Double.doubleToRawLongBits(Math.max(a, b)),
            Double.doubleToRawLongBits(Numerics.larger(a, b)),
            a + " and " + b);
      }
    }
  }

  @Test
  void rescalingLeavesOrdinaryBlocksAloneAndScalesTinyOnesExactly() {
    double[] ordinary = {0.0, 1e-30, 0.5, 1e-100};
    double[] copy = ordinary.clone();
    Numerics.rescale(ordinary, 0, 4);
    assertArrayEquals(copy, ordinary, 0.0);

    double[] tiny = {7.0, 3e-250, 0.0, 1e-260, 2.5e-251, 7.0};
    Numerics.rescale(tiny, 1, 4);
    assertEquals(7.0, tiny[0]);
    assertEquals(7.0, tiny[5]);
    assertEquals(0.0, tiny[3 - 1]);
    double max = Math.max(tiny[1], Math.max(tiny[3], tiny[4]));
    assertEquals(true, max >= 1.0 && max < 2.0, "brought near 1: " + max);
    // A power of two: every ratio is kept to the last bit.
    assertEquals(3e-250 / 2.5e-251, tiny[1] / tiny[4], 0.0);
    assertEquals(1e-260 / 3e-250, tiny[3] / tiny[1], 0.0);
  }
}
