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
}
