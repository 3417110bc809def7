package fgc.driver.search.arithmetic;

import fgc.driver.search.Constraint;
import fgc.driver.search.Domains;

/**
 * Two variables take the same value: each keeps only the values the other still has (arc
 * consistency).
 */
public final class Equal extends Constraint {
  /**
   * {@code a} and {@code b} take the same value.
   *
   * @param a one variable
   * @param b the other
   */
  public Equal(int a, int b) {
    super(new int[] {a, b});
  }

  @Override
  protected boolean propagate(Domains d) {
    return keepShared(d, vars[0], vars[1]) && keepShared(d, vars[1], vars[0]);
  }

  private static boolean keepShared(Domains d, int v, int other) {
    for (int i = d.min(v); i >= 0; i = d.next(v, i + 1)) {
      if (!d.hasValue(other, d.value(v, i)) && !d.remove(v, i)) {
        return false;
      }
    }
    return true;
  }
}
