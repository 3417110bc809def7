package fgc.algorithm;

import java.util.Arrays;
import java.util.Random;

/**
 * Restart noise for starting messages, log-uniform as in the reference notebook: each entry is
 * multiplied by {@code exp(u)} with {@code u} uniform in {@code [-scale, scale]}. Deterministic in
 * the seed on every JVM.
 */
public final class Noise {
  private Noise() {}

  /**
   * Fills {@code messages} (blocks of {@code width} entries) with log-uniform factors, each block
   * normalised to sum 1. A scale of 0 gives uniform messages.
   *
   * @param messages the messages to fill
   * @param width the length of one message
   * @param seed the seed of the generator, so that a run can be repeated
   * @param scale the largest magnitude of the exponents drawn
   */
  public static void fill(double[] messages, int width, long seed, double scale) {
    if (scale == 0) {
      // The same values as below (each block's sum is exactly width), without the interpreted loops
      // every solver's constructor would run in a fresh JVM.
      Arrays.fill(messages, 1.0 / width);
      return;
    }
    Random random = new Random(seed);
    for (int base = 0; base < messages.length; base += width) {
      double sum = 0;
      for (int v = 0; v < width; v++) {
        double x = scale == 0 ? 1.0 : Math.exp(scale * (2.0 * random.nextDouble() - 1.0));
        messages[base + v] = x;
        sum += x;
      }
      for (int v = 0; v < width; v++) {
        messages[base + v] = messages[base + v] / sum;
      }
    }
  }
}
