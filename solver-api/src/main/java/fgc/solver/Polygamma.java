package fgc.solver;

/**
 * The digamma and trigamma functions for positive arguments, as the Dirichlet projection needs
 * them: solver-api depends on the JDK alone, so a generated class runs with nothing but the
 * runtime. Small arguments are shifted up by the recurrences psi(x) = psi(x + 1) - 1/x and psi'(x)
 * = psi'(x + 1) + 1/x^2 until x >= 10, where the asymptotic series (Abramowitz and Stegun 6.3.18
 * and 6.4.12) are accurate to about 1e-16 relative; tests compare with Apache Commons Math.
 */
public final class Polygamma {
  private static final double SHIFT_UNTIL = 10.0;

  private Polygamma() {}

  /**
   * psi(x) = d/dx ln Gamma(x), for {@code x > 0}; NaN otherwise.
   *
   * @param x the argument
   * @return the digamma function at {@code x}
   */
  public static double digamma(double x) {
    if (!(x > 0) || Double.isInfinite(x)) {
      return x == Double.POSITIVE_INFINITY ? x : Double.NaN;
    }
    double shift = 0.0;
    while (x < SHIFT_UNTIL) {
      shift -= 1.0 / x;
      x += 1.0;
    }
    double inv = 1.0 / x;
    double inv2 = inv * inv;
    // ln x - 1/(2x) - sum B_2k / (2k x^2k), k = 1..6.
    double series =
        inv2
            * (1.0 / 12
                - inv2
                    * (1.0 / 120
                        - inv2
                            * (1.0 / 252
                                - inv2
                                    * (1.0 / 240 - inv2 * (1.0 / 132 - inv2 * (691.0 / 32760))))));
    return shift + Math.log(x) - 0.5 * inv - series;
  }

  /**
   * psi'(x), for {@code x > 0}; NaN otherwise.
   *
   * @param x the argument
   * @return the trigamma function at {@code x}
   */
  public static double trigamma(double x) {
    if (!(x > 0) || Double.isInfinite(x)) {
      return x == Double.POSITIVE_INFINITY ? 0.0 : Double.NaN;
    }
    double shift = 0.0;
    while (x < SHIFT_UNTIL) {
      shift += 1.0 / (x * x);
      x += 1.0;
    }
    double inv = 1.0 / x;
    double inv2 = inv * inv;
    // 1/x + 1/(2x^2) + sum B_2k / x^(2k+1), k = 1..6.
    double series =
        inv
            * inv2
            * (1.0 / 6
                - inv2
                    * (1.0 / 30
                        - inv2
                            * (1.0 / 42
                                - inv2 * (1.0 / 30 - inv2 * (5.0 / 66 - inv2 * (691.0 / 2730))))));
    return shift + inv + 0.5 * inv2 + series;
  }
}
