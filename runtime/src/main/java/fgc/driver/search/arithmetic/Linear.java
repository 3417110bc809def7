package fgc.driver.search.arithmetic;

import fgc.driver.search.Constraint;
import fgc.driver.search.Domains;

/**
 * A linear relation {@code sum of c_i * x_i <=, == or != rhs} with integer coefficients, kept
 * bounds consistent: from the least (or greatest) the other terms can add up to, each variable's
 * smallest and largest value are cut to what can still reach the right-hand side. {@code !=} waits
 * until one variable is open and then removes the one value that would make the sum equal. The
 * other comparisons are written as these when the problem is built.
 */
public final class Linear extends Constraint {
  /** How a linear relation compares its sum with the right-hand side. */
  public enum Kind {
    /** {@code sum <= rhs}. */
    AT_MOST,
    /** {@code sum == rhs}. */
    EQUAL,
    /** {@code sum != rhs}. */
    NOT_EQUAL
  }

  /** Bound on the magnitude of any partial sum, so that no sum of terms overflows a long. */
  public static final long MAX_MAGNITUDE = 1L << 60;

  private final long[] coef;
  private final Kind kind;
  private final long rhs;

  /**
   * {@code sum of coef[i] * vars[i]} compared with {@code rhs} as {@code kind} says.
   *
   * @param vars the variables, distinct
   * @param coef their coefficients, none zero, every partial sum within {@link #MAX_MAGNITUDE}
   * @param kind the comparison
   * @param rhs the right-hand side
   */
  public Linear(int[] vars, long[] coef, Kind kind, long rhs) {
    super(vars);
    this.coef = coef.clone();
    this.kind = kind;
    this.rhs = rhs;
  }

  @Override
  protected boolean propagate(Domains d) {
    switch (kind) {
      case AT_MOST:
        return atMost(
            d, 1,
            rhs); // one pass is a fixpoint: cutting maxima of c > 0 leaves the least sum as it was
      case EQUAL:
        while (true) {
          int before = d.mark();
          if (!atMost(d, 1, rhs) || !atMost(d, -1, -rhs)) {
            return false;
          }
          if (d.mark() == before) {
            return true;
          }
        }
      default:
        return notEqual(d);
    }
  }

  /** Bounds for {@code sum of sign * c_i * x_i <= bound}. */
  private boolean atMost(Domains d, long sign, long bound) {
    long least = 0;
    for (int k = 0; k < vars.length; k++) {
      least += smallestTerm(d, vars[k], sign * coef[k]);
    }
    if (least > bound) {
      return false;
    }
    long slack = bound - least;
    for (int k = 0; k < vars.length; k++) {
      long c = sign * coef[k];
      int v = vars[k];
      long reach = slack + smallestTerm(d, v, c); // c * x may be at most this
      if (c > 0) {
        if (!d.keepAtMost(v, Math.floorDiv(reach, c))) {
          return false;
        }
      } else if (!d.keepAtLeast(v, -Math.floorDiv(-reach, c))) { // c < 0: x >= ceil(reach / c)
        return false;
      }
    }
    return true;
  }

  private static long smallestTerm(Domains d, int v, long c) {
    return c > 0 ? c * d.value(v, d.min(v)) : c * d.value(v, d.max(v));
  }

  private boolean notEqual(Domains d) {
    int open = -1;
    long fixedSum = 0;
    for (int k = 0; k < vars.length; k++) {
      int v = vars[k];
      if (d.fixed(v)) {
        fixedSum += coef[k] * d.value(v, d.min(v));
      } else if (open >= 0) {
        return true; // two open variables: any value of either can still be mended by the other
      } else {
        open = k;
      }
    }
    long rest = rhs - fixedSum;
    if (open < 0) {
      return rest != 0;
    }
    return rest % coef[open] != 0 || d.removeValue(vars[open], rest / coef[open]);
  }
}
