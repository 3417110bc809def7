package fgc.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

class DecimalTextTest {
  @Test
  void theUsualWeightsAndOptionsReadAsDoubleToStringWritesThem() {
    for (double v :
        new double[] {
          0.0,
          0.5,
          0.9,
          0.1,
          0.25,
          1.0,
          2.0,
          12.25,
          100.0,
          0.001,
          0.015625,
          9999999.5,
          -0.5,
          -3.0,
          0.3,
          0.7,
          0.95,
          1e-3,
          123456.789
        }) {
      assertEquals(Double.toString(v), DecimalText.of(v), "for " + v);
    }
  }

  @Test
  void shortDecimalsInThePlainRangeMatchDoubleToString() {
    // Seeded: decimals with up to six places across the plain range, as a model file writes them.
    Random random = new Random(20261130L);
    for (int i = 0; i < 200_000; i++) {
      int places = random.nextInt(7);
      long digits = (long) (random.nextDouble() * Math.pow(10, 1 + random.nextInt(12)));
      double v =
          Double.parseDouble(
              digits / (long) Math.pow(10, places)
                  + "."
                  + pad(digits % (long) Math.pow(10, places), places));
      if (Math.abs(v) >= 1e-3 && Math.abs(v) < 1e7) {
        assertEquals(Double.toString(v), DecimalText.of(v), "for " + v);
      }
    }
  }

  @Test
  void everyTextReadsBackAsTheSameDoubleBitForBit() {
    Random random = new Random(7L);
    double[] special = {
      -0.0,
      Double.NaN,
      Double.POSITIVE_INFINITY,
      Double.NEGATIVE_INFINITY,
      Double.MIN_VALUE,
      Double.MAX_VALUE,
      1e-4,
      1e7,
      0.1 + 0.2,
      1.0 / 3.0,
      0.0009999999999999998
    };
    for (double v : special) {
      assertRoundTrip(v);
    }
    for (int i = 0; i < 200_000; i++) {
      assertRoundTrip(Double.longBitsToDouble(random.nextLong()));
      assertRoundTrip(random.nextDouble() * 20 - 10);
      assertRoundTrip(Math.round(random.nextDouble() * 1e8) / 1e6);
    }
  }

  /** Bit for bit, except that every NaN reads back as the one NaN (as from Double.toString). */
  private static void assertRoundTrip(double v) {
    String text = DecimalText.of(v);
    assertEquals(
        Double.doubleToLongBits(v), Double.doubleToRawLongBits(Double.parseDouble(text)), text);
  }

  private static String pad(long fraction, int places) {
    if (places == 0) {
      return "0";
    }
    String s = Long.toString(fraction);
    return "0".repeat(places - s.length()) + s;
  }
}
