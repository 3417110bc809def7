package fgc.view;

import java.util.Arrays;

/**
 * What a marginals picture shows: a square grid of side {@code S = b*b}, its givens, and for every
 * blank cell the belief over its {@code S} values (lowest value first). Immutable.
 */
public final class MarginalGrid {
  private final int side;
  private final int box;
  private final int[] givens;
  private final double[][] beliefs;
  private final String title;

  private MarginalGrid(int side, int box, int[] givens, double[][] beliefs, String title) {
    this.side = side;
    this.box = box;
    this.givens = givens;
    this.beliefs = beliefs;
    this.title = title;
  }

  /**
   * {@code givens[k]} is the value of cell {@code k} (row-major) or 0 when blank; {@code
   * beliefs[k]} has {@code side} entries for each blank cell (it is ignored for givens).
   */
  public static MarginalGrid of(int side, int[] givens, double[][] beliefs, String title) {
    int box = (int) Math.round(Math.sqrt(side));
    if (box * box != side || givens.length != side * side || beliefs.length != givens.length) {
      throw new IllegalArgumentException(
          "a marginals grid needs a square side (4, 9, 16, ...) and one entry per cell; got side "
              + side
              + ", "
              + givens.length
              + " givens, "
              + beliefs.length
              + " beliefs");
    }
    double[][] copy = new double[beliefs.length][];
    for (int k = 0; k < beliefs.length; k++) {
      if (givens[k] == 0) {
        if (beliefs[k] == null || beliefs[k].length != side) {
          throw new IllegalArgumentException(
              "blank cell " + k + " needs a belief over " + side + " values");
        }
        copy[k] = beliefs[k].clone();
      }
    }
    return new MarginalGrid(side, box, givens.clone(), copy, title);
  }

  public int side() {
    return side;
  }

  public int box() {
    return box;
  }

  /** The given value of {@code cell}, or 0. */
  public int given(int cell) {
    return givens[cell];
  }

  /**
   * The belief that blank {@code cell} takes its {@code index}-th value (value {@code index + 1}).
   */
  public double belief(int cell, int index) {
    return beliefs[cell][index];
  }

  /** Whether a blank cell has no value left: the evidence contradicts itself there. */
  public boolean emptyBelief(int cell) {
    return givens[cell] == 0 && Arrays.stream(beliefs[cell]).allMatch(p -> p == 0);
  }

  public String title() {
    return title;
  }
}
