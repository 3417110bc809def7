package fgc.bench;

/** Fitted growth: the slope of log y on log x by least squares, the exponent k of y = c x^k. */
final class Exponents {
  private Exponents() {}

  /**
   * The exponent of {@code ys} in {@code xs}, over the pairs where both are positive and finite;
   * NaN when fewer than two distinct sizes are left (no slope can be fitted through one point).
   */
  static double fit(double[] xs, double[] ys) {
    if (xs.length != ys.length) {
      throw new IllegalArgumentException(xs.length + " sizes but " + ys.length + " values");
    }
    int n = 0;
    double sx = 0;
    double sy = 0;
    double sxx = 0;
    double sxy = 0;
    for (int i = 0; i < xs.length; i++) {
      if (!(xs[i] > 0 && ys[i] > 0) || Double.isInfinite(xs[i]) || Double.isInfinite(ys[i])) {
        continue;
      }
      double lx = Math.log(xs[i]);
      double ly = Math.log(ys[i]);
      n++;
      sx += lx;
      sy += ly;
      sxx += lx * lx;
      sxy += lx * ly;
    }
    double spread = n * sxx - sx * sx;
    // Relative to the sizes' own scale: equal sizes give a spread of rounding noise, not a slope.
    if (n < 2 || spread <= 1e-12 * Math.max(1, n * sxx)) {
      return Double.NaN;
    }
    return (n * sxy - sx * sy) / spread;
  }
}
