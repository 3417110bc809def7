package fgc.solver;

/**
 * Products that keep the one distinction message passing relies on: a message entry is exactly zero
 * if and only if its value is logically ruled out. Messages are renormalised every update, but a
 * product of many small entries can still underflow to 0.0, and an underflowed zero would then be
 * taken, and kept by damping, as a proof that the value is impossible. {@link #times} returns
 * {@link #TINY} instead: far below any entry that matters, yet not a zero.
 *
 * <p>It returns {@code TINY} for every product that would land below it, too, and {@code TINY} is
 * 2^-500, so that the product of two entries at the floor, or of one with a normalised message
 * entry, is still a normal double. Without that floor, entries that converge geometrically towards
 * zero (ep-dirichlet does this for hundreds of sweeps) reach subnormal numbers, which carry nothing
 * that matters next to a normal entry and make every multiplication that produces one many times
 * slower: a 16x16 sweep took twice as long once they appeared. Entries are non-negative (weights
 * are checked when a model is built).
 */
public final class Numerics {
  /** What a product of two non-zero entries becomes when it would fall below it. */
  public static final double TINY = 0x1p-500;

  private Numerics() {}

  /**
   * {@code a * b} for non-negative entries, except that two non-zero factors never give less than
   * {@link #TINY}.
   *
   * @param a a non-negative entry
   * @param b a non-negative entry
   * @return their product, kept from underflowing to zero
   */
  public static double times(double a, double b) {
    double x = a * b;
    return x < TINY && a != 0.0 && b != 0.0 ? TINY : x;
  }

  /**
   * The larger of two entries, neither NaN: {@code Math.max} without its NaN and signed-zero cases,
   * which products of non-negative entries never have and which cost a max-product sweep a tenth.
   *
   * @param a an entry, not NaN
   * @param b an entry, not NaN
   * @return the larger one
   */
  public static double larger(double a, double b) {
    return a >= b ? a : b;
  }

  /**
   * Below this maximum a product block is rescaled; far above where double precision thins out.
   * Generated code that already knows a block's maximum tests it against this before calling {@link
   * #rescale}, which saves the second pass in the common case.
   */
  public static final double RESCALE_BELOW = 0x1p-200;

  /**
   * Keeps a running product of messages away from underflow: when the largest of {@code x[from ..
   * from+width)} falls below 2^-200, multiplies the block by the power of two that brings it near
   * 1. Powers of two scale exactly (no rounding), and a common factor never changes a normalised
   * result; in the common case this is one pass of comparisons, with no division.
   *
   * @param x the array holding the block
   * @param from where the block starts
   * @param width how long the block is
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
