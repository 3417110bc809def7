package fgc.algorithm;

import java.util.Random;

/** Restart noise for starting messages; deterministic in the seed on every JVM. */
public final class Noise {
  private Noise() {}

  /**
   * Fills {@code messages} (blocks of {@code width} entries) with {@code exp(scale * g)} factors,
   * each block normalised to sum 1. A scale of 0 gives uniform messages.
   */
  public static void fill(double[] messages, int width, long seed, double scale) {
    Random random = new Random(seed);
    for (int base = 0; base < messages.length; base += width) {
      double sum = 0;
      for (int v = 0; v < width; v++) {
        double x = scale == 0 ? 1.0 : Math.exp(scale * random.nextGaussian());
        messages[base + v] = x;
        sum += x;
      }
      for (int v = 0; v < width; v++) {
        messages[base + v] = messages[base + v] / sum;
      }
    }
  }
}
