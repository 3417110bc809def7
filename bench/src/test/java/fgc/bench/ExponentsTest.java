package fgc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ExponentsTest {
  private static final double[] SIZES = {10, 100, 1000, 10_000, 100_000};

  private static double[] of(java.util.function.DoubleUnaryOperator f) {
    double[] ys = new double[SIZES.length];
    for (int i = 0; i < SIZES.length; i++) {
      ys[i] = f.applyAsDouble(SIZES[i]);
    }
    return ys;
  }

  @Test
  void linearQuadraticAndConstantGrowthGiveOneTwoAndZero() {
    assertEquals(1.0, Exponents.fit(SIZES, of(n -> 3.5 * n)), 1e-9);
    assertEquals(2.0, Exponents.fit(SIZES, of(n -> 0.002 * n * n)), 1e-9);
    assertEquals(0.0, Exponents.fit(SIZES, of(n -> 42)), 1e-9);
    assertEquals(0.5, Exponents.fit(SIZES, of(Math::sqrt)), 1e-9);
  }

  @Test
  void itIsTheLeastSquaresSlopeWhenThePointsAreNotOnALine() {
    // log10 points (1, 1), (2, 3), (3, 4): slope of the least-squares line is 1.5.
    double[] xs = {10, 100, 1000};
    double[] ys = {10, 1000, 10_000};
    assertEquals(1.5, Exponents.fit(xs, ys), 1e-9);
  }

  @Test
  void missingOrNonPositiveFiguresAreLeftOutAndOneSizeGivesNoExponent() {
    double[] ys = of(n -> 7 * n);
    ys[1] = Double.NaN;
    ys[3] = 0;
    assertEquals(1.0, Exponents.fit(SIZES, ys), 1e-9);
    assertTrue(Double.isNaN(Exponents.fit(new double[] {100}, new double[] {5})));
    assertTrue(
        Double.isNaN(Exponents.fit(new double[] {100, 100, 100}, new double[] {5, 6, 7})),
        "one size three times");
    assertTrue(Double.isNaN(Exponents.fit(new double[] {10, 100}, new double[] {Double.NaN, 3})));
  }
}
