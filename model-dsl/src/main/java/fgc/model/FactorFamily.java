package fgc.model;

import java.util.Arrays;

/**
 * A family of factors that differ only in their scopes: one first factor (its kind, domains,
 * weights, formula or total are every member's) and a box of loop indices, {@code counts[0] x
 * counts[1] x ...}, the last fastest, as a {@code for} over ranges runs them. Member {@code (i0,
 * i1, ...)}'s scope is the first factor's scope plus {@code i0 * steps[0] + i1 * steps[1] + ...},
 * one step per scope position and dimension: the index map from loop indices to variables is
 * affine, and it is stored as those few numbers whatever the family's size. A family of no
 * dimensions is one factor.
 *
 * <p>So a grid's two million couplings are one family of a few numbers: reading a model, its
 * canonical text and its plans cost time in the model's text, not in its unrolled factors. A model
 * read from a file that lists its factors one by one (UAI, BIF, a data file's edges) has a family
 * per factor, which is the size of its input anyway. Immutable.
 */
public final class FactorFamily {
  private static final int[] NONE = new int[0];

  private final Factor first;
  private final int[] counts;
  private final int[][] steps;
  private final long size;

  /**
   * A family; its arrays are kept as they are (the callers in this package made them and never
   * change them again).
   */
  FactorFamily(Factor first, int[] counts, int[][] steps) {
    this.first = first;
    this.counts = counts.length == 0 ? NONE : counts;
    this.steps = steps;
    long n = 1;
    for (int c : counts) {
      n *= c;
    }
    this.size = n;
  }

  /** A family of one factor. */
  static FactorFamily single(Factor factor) {
    return new FactorFamily(factor, NONE, new int[0][]);
  }

  /**
   * The first member, whose kind, domains and data every member shares.
   *
   * @return the first factor
   */
  public Factor first() {
    return first;
  }

  /**
   * How many loop dimensions the family has (0 for a single factor).
   *
   * @return the number of dimensions
   */
  public int dimensions() {
    return counts.length;
  }

  /**
   * How many members dimension {@code d} has.
   *
   * @param d a dimension, 0 the outermost
   * @return its count
   */
  public int count(int d) {
    return counts[d];
  }

  /**
   * The step of scope position {@code position} along dimension {@code d}: how far its variable's
   * flat index moves when that loop index grows by one.
   *
   * @param d a dimension, 0 the outermost
   * @param position a position in the scope
   * @return the step
   */
  public int step(int d, int position) {
    return steps[d][position];
  }

  /**
   * How many factors the family has.
   *
   * @return the product of its counts
   */
  public long size() {
    return size;
  }

  /**
   * The arity every member has.
   *
   * @return the first factor's arity
   */
  public int arity() {
    return first.arity();
  }

  /**
   * The flat index of the {@code position}-th variable of member {@code member} (members numbered
   * in loop order, the last dimension fastest), without making the member.
   *
   * @param member a member, 0 to {@link #size()} - 1
   * @param position a position in the scope
   * @return the variable's flat index
   */
  public int variable(long member, int position) {
    long v = first.variable(position);
    long rest = member;
    for (int d = counts.length - 1; d >= 0; d--) {
      v += (rest % counts[d]) * steps[d][position];
      rest /= counts[d];
    }
    return (int) v;
  }

  /**
   * Member {@code member} as a factor of its own.
   *
   * @param member a member, 0 to {@link #size()} - 1
   * @return the factor
   */
  public Factor member(long member) {
    if (member == 0) {
      return first;
    }
    int[] scope = new int[first.arity()];
    for (int p = 0; p < scope.length; p++) {
      scope[p] = variable(member, p);
    }
    return first.withScope(scope);
  }

  /** The counts, for this package's writers (not copied). */
  int[] counts() {
    return counts;
  }

  /** The steps per dimension, for this package's writers (not copied). */
  int[][] steps() {
    return steps;
  }

  /**
   * Whether the two have the same shape (counts and steps) and data; their first scopes may differ.
   */
  boolean sameShape(FactorFamily other) {
    return Arrays.equals(counts, other.counts)
        && Arrays.deepEquals(steps, other.steps)
        && first.sameButScope(other.first);
  }

  @Override
  public String toString() {
    return first
        + (counts.length == 0
            ? ""
            : " x " + Arrays.toString(counts) + " steps " + Arrays.deepToString(steps));
  }
}
