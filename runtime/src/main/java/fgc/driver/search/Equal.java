package fgc.driver.search;

/**
 * Two variables take the same value: each keeps only the values the other still has (arc
 * consistency).
 */
final class Equal extends Constraint {
  Equal(int a, int b) {
    super(new int[] {a, b});
  }

  @Override
  boolean propagate(Domains d) {
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
