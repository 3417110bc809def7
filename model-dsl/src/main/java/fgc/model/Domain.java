package fgc.model;

/**
 * An integer range {@code lo..hi}, both ends included; a variable's value index is {@code value -
 * lo}.
 */
public final class Domain {
  private final int lo;
  private final int hi;

  private Domain(int lo, int hi) {
    this.lo = lo;
    this.hi = hi;
  }

  /**
   * The range {@code lo..hi}; it must hold at least one and at most {@link Limits#MAX_DOMAIN}
   * values.
   *
   * @param lo the lowest value
   * @param hi the highest value
   * @return the domain
   */
  public static Domain range(int lo, int hi) {
    long size = (long) hi - lo + 1;
    if (size < 1) {
      throw new ModelException("empty domain " + lo + ".." + hi);
    }
    if (size > Limits.MAX_DOMAIN) {
      throw new ModelException(
          "domain "
              + lo
              + ".."
              + hi
              + " has "
              + size
              + " values; the limit is "
              + Limits.MAX_DOMAIN);
    }
    return new Domain(lo, hi);
  }

  /**
   * The lowest value.
   *
   * @return the lowest value
   */
  public int lo() {
    return lo;
  }

  /**
   * The highest value.
   *
   * @return the highest value
   */
  public int hi() {
    return hi;
  }

  /**
   * How many values the domain holds.
   *
   * @return {@code hi - lo + 1}
   */
  public int size() {
    return hi - lo + 1;
  }

  /**
   * Whether {@code value} lies in the domain.
   *
   * @param value a value
   * @return true for {@code lo <= value <= hi}
   */
  public boolean contains(long value) {
    return value >= lo && value <= hi;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Domain && ((Domain) o).lo == lo && ((Domain) o).hi == hi;
  }

  @Override
  public int hashCode() {
    return 31 * lo + hi;
  }

  @Override
  public String toString() {
    return lo + ".." + hi;
  }
}
