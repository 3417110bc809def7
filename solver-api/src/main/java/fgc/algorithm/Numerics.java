package fgc.algorithm;

/**
 * Products that keep the one distinction message passing relies on: a message entry is exactly zero
 * if and only if its value is logically ruled out. Messages are renormalised every update, but a
 * product of many small entries can still underflow to 0.0, and an underflowed zero would then be
 * taken, and kept by damping, as a proof that the value is impossible. {@link #times} returns
 * {@link #TINY} instead: far below any entry that matters, yet not a zero.
 */
public final class Numerics {
  /** What a product of two non-zero entries becomes when it underflows. */
  public static final double TINY = 1e-300;

  private Numerics() {}

  /** {@code a * b}, except that two non-zero factors never give exactly zero. */
  public static double times(double a, double b) {
    double x = a * b;
    return x == 0.0 && a != 0.0 && b != 0.0 ? TINY : x;
  }

  /** Below this maximum a product block is rescaled; far above where double precision thins out. */
  static final double RESCALE_BELOW = 0x1p-200;

  /**
   * Keeps a running product of messages away from underflow: when the largest of
   * {@code x[from .. from+width)} falls below 2^-200, multiplies the block by the power of two that
   * brings it near 1. Powers of two scale exactly (no rounding), and a common factor never changes a
   * normalised result; in the common case this is one pass of comparisons, with no division.
   */
  public static void rescale(double[] x, int from, int width) {
    double max = 0.0;
    for (int v = 0; v < width; v++) {
      if (x[from + v] > max) {
        max = x[from + v];
      }
    }
    if (max > 0.0 && max < RESCALE_BELOW) {
      int shift = -Math.getExponent(max);
      for (int v = 0; v < width; v++) {
        x[from + v] = Math.scalb(x[from + v], shift);
      }
    }
  }
}
