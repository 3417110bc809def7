package fgc.solver;

import java.util.Arrays;

/**
 * Restart noise for starting messages, log-uniform as in the reference notebook: each entry is
 * multiplied by {@code exp(u)} with {@code u} uniform in {@code [-scale, scale]}. Deterministic in
 * the seed on every JVM.
 *
 * <p>The draws come from SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
 * generators", OOPSLA 2014), whose seed is mixed before the first draw. Restarts pass consecutive
 * seeds, and {@code java.util.Random} does not mix its seed: for an even seed and the next one, its
 * two states differ by the same offsets, draw after draw, whatever the seed, so the noise of one
 * restart would be that of the one before, moved entry by entry by one fixed pattern.
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
    long state = mix(seed);
    for (int base = 0; base < messages.length; base += width) {
      double sum = 0;
      for (int v = 0; v < width; v++) {
        state += GOLDEN_GAMMA;
        double x = Math.exp(scale * (2.0 * unit(state) - 1.0));
        messages[base + v] = x;
        sum += x;
      }
      for (int v = 0; v < width; v++) {
        messages[base + v] = messages[base + v] / sum;
      }
    }
  }

  /**
   * The {@code index}-th draw (from 0) of the stream of {@code seed}, uniform in {@code [0, 1)}:
   * what {@link #fill} draws for its {@code index}-th entry.
   */
  static double uniform(long seed, long index) {
    return unit(mix(seed) + (index + 1) * GOLDEN_GAMMA);
  }

  private static double unit(long state) {
    return (mix(state) >>> 11) * 0x1.0p-53;
  }

  /** SplitMix64's increment: the odd integer nearest 2^64 over the golden ratio. */
  private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;

  /**
   * SplitMix64's finaliser (Stafford's variant 13): every bit of the result depends on every bit of
   * {@code z}.
   */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
