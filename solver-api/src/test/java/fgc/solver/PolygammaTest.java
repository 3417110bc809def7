package fgc.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.apache.commons.math3.special.Gamma;
import org.junit.jupiter.api.Test;

class PolygammaTest {
  private static void close(double expected, double actual, String what) {
    assertEquals(expected, actual, 1e-13 * Math.max(1.0, Math.abs(expected)), what);
  }

  /**
   * Commons Math's digamma is itself off by up to a few 1e-9 below 1 (its series stops early:
   * psi(0.2868...) = -3.67069066772046666 to 30 digits, Commons gives -3.67069067054), so the
   * comparison with it is loose and the recurrences below are tight.
   */
  @Test
  void agreesWithCommonsMathFromTinyToHugeArguments() {
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < 20_000; i++) {
      double x = Math.pow(10, random.nextDouble(-6, 8));
      assertEquals(
          Gamma.digamma(x),
          Polygamma.digamma(x),
          1e-8 * Math.max(1.0, Math.abs(Gamma.digamma(x))),
          "digamma(" + x + ")");
      assertEquals(
          Gamma.trigamma(x),
          Polygamma.trigamma(x),
          1e-8 * Math.max(1.0, Math.abs(Gamma.trigamma(x))),
          "trigamma(" + x + ")");
    }
  }

  @Test
  void satisfiesTheRecurrencesAcrossTheSeriesThreshold() {
    SplittableRandom random = new SplittableRandom(11);
    for (int i = 0; i < 20_000; i++) {
      double x = Math.pow(10, random.nextDouble(-3, 3));
      // A sum of terms of size 1/x (1/x^2 for psi') keeps only their rounding relative to that
      // size.
      assertEquals(
          Polygamma.digamma(x) + 1.0 / x,
          Polygamma.digamma(x + 1.0),
          1e-13 * Math.max(1.0, 1.0 / x),
          "psi(x + 1) at " + x);
      assertEquals(
          Polygamma.trigamma(x) - 1.0 / (x * x),
          Polygamma.trigamma(x + 1.0),
          1e-13 * Math.max(1.0, Polygamma.trigamma(x)),
          "psi'(x + 1) at " + x);
    }
    close(-3.6706906677204666575, Polygamma.digamma(0.28682465341571256), "psi to 20 digits");
  }

  @Test
  void knownValues() {
    double eulerGamma = 0.5772156649015329;
    close(-eulerGamma, Polygamma.digamma(1.0), "psi(1)");
    close(-eulerGamma - 2 * Math.log(2), Polygamma.digamma(0.5), "psi(1/2)");
    close(Math.PI * Math.PI / 6, Polygamma.trigamma(1.0), "psi'(1)");
    close(Math.PI * Math.PI / 2, Polygamma.trigamma(0.5), "psi'(1/2)");
  }

  @Test
  void outsideTheDomainIsNaN() {
    assertTrue(Double.isNaN(Polygamma.digamma(0.0)));
    assertTrue(Double.isNaN(Polygamma.digamma(-1.5)));
    assertTrue(Double.isNaN(Polygamma.trigamma(Double.NaN)));
  }
}
