package fgc.solver;

/**
 * The EP step of a Discrete variable under a Dirichlet prior: the tilted distribution {@code Dir(p;
 * a) * sum_v m(v) p_v} is the mixture {@code sum_v w_v Dir(p; a + e_v)} with {@code w_v}
 * proportional to {@code a_v m(v)}, and it is projected back onto one Dirichlet by matching the
 * expected sufficient statistics {@code E[ln p_k]} (Minka, "Estimating a Dirichlet distribution",
 * 2000, solved by Newton's method with its structured Jacobian). Entries with {@code a_k = 0} are
 * outside the variable's domain and stay zero.
 */
public final class Dirichlets {
  private static final int ITERATIONS = 100;

  private Dirichlets() {}

  /**
   * Writes the projected posterior's parameters into {@code out[o .. o+width)}, from the prior
   * {@code alpha[a ..]} and the mixture weights {@code weights[w ..]} (non-negative, any scale).
   *
   * @param alpha holds the prior's parameters
   * @param a where the prior's parameters start in {@code alpha}
   * @param weights holds the mixture weights
   * @param w where the weights start in {@code weights}
   * @param width how many values the variable has
   * @param out receives the projected parameters
   * @param o where the result starts in {@code out}
   */
  public static void project(
      double[] alpha, int a, double[] weights, int w, int width, double[] out, int o) {
    double total = 0.0;
    double weightSum = 0.0;
    for (int k = 0; k < width; k++) {
      total += alpha[a + k];
      weightSum += alpha[a + k] > 0.0 ? weights[w + k] : 0.0;
    }
    if (!(weightSum > 0.0) || !(total > 0.0)) {
      System.arraycopy(alpha, a, out, o, width);
      return;
    }
    // Targets: E[ln p_k] = digamma(a_k) + w_k / a_k - digamma(A + 1), with w normalised.
    double shift = Polygamma.digamma(total + 1.0);
    double sum = 0.0;
    for (int k = 0; k < width; k++) {
      double ak = alpha[a + k];
      out[o + k] = ak > 0.0 ? ak + weights[w + k] / weightSum : 0.0; // start from the matched mean
      sum += out[o + k];
    }
    // Newton on g_k(b) = digamma(b_k) - digamma(sum b) - target_k. The Jacobian is
    // diag(trigamma(b_k)) - trigamma(sum b) * 1 1^T, inverted in O(width) by Sherman-Morrison
    // (Minka 2000, section 3); steps are halved while they would leave b positive-definite.
    double[] g = new double[width];
    double[] q = new double[width];
    for (int it = 0; it < ITERATIONS; it++) {
      double psiSum = Polygamma.digamma(sum);
      double z = -Polygamma.trigamma(sum);
      double gOverQ = 0.0;
      double oneOverQ = 0.0;
      double worst = 0.0;
      for (int k = 0; k < width; k++) {
        double ak = alpha[a + k];
        if (ak > 0.0) {
          double target = Polygamma.digamma(ak) + (weights[w + k] / weightSum) / ak - shift;
          g[k] = Polygamma.digamma(out[o + k]) - psiSum - target;
          q[k] = Polygamma.trigamma(out[o + k]);
          gOverQ += g[k] / q[k];
          oneOverQ += 1.0 / q[k];
          worst = Math.max(worst, Math.abs(g[k]));
        }
      }
      if (worst < 1e-13) {
        break;
      }
      double bShift = gOverQ / (1.0 / z + oneOverQ);
      double step = 1.0;
      while (!positiveAfter(alpha, a, out, o, g, q, bShift, step, width)) {
        step /= 2;
      }
      sum = 0.0;
      for (int k = 0; k < width; k++) {
        if (alpha[a + k] > 0.0) {
          out[o + k] -= step * (g[k] - bShift) / q[k];
          sum += out[o + k];
        }
      }
    }
  }

  private static boolean positiveAfter(
      double[] alpha,
      int a,
      double[] b,
      int o,
      double[] g,
      double[] q,
      double shift,
      double step,
      int width) {
    for (int k = 0; k < width; k++) {
      if (alpha[a + k] > 0.0 && !(b[o + k] - step * (g[k] - shift) / q[k] > 0.0)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The mean of a Dirichlet, {@code b / sum b}, into {@code out[o ..]}.
   *
   * @param b holds the Dirichlet's parameters
   * @param from where the parameters start in {@code b}
   * @param width how many parameters there are
   * @param out receives the mean
   * @param o where the mean starts in {@code out}
   */
  public static void mean(double[] b, int from, int width, double[] out, int o) {
    double sum = 0.0;
    for (int k = 0; k < width; k++) {
      sum += b[from + k];
    }
    for (int k = 0; k < width; k++) {
      out[o + k] = sum > 0.0 ? b[from + k] / sum : 0.0;
    }
  }
}
