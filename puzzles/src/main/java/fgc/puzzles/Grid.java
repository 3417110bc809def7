package fgc.puzzles;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * An immutable square Sudoku grid of side 4, 9, 16 or 25, stored row-major; 0 is a blank.
 *
 * <p>A grid only checks that its values are in range: conflicting givens are allowed, so that a
 * wrong candidate solution can still be represented and rejected by {@link GridValidator}.
 */
public final class Grid {

  private final int side;
  private final int boxSize;
  private final int[] cells;

  private Grid(int side, int boxSize, int[] cells) {
    this.side = side;
    this.boxSize = boxSize;
    this.cells = cells;
  }

  /**
   * A grid of the given side from row-major cells (0 = blank, 1..side = value); the array is
   * copied.
   */
  public static Grid of(int side, int[] cells) {
    Symbols.checkSide(side);
    if (cells == null) {
      throw new IllegalArgumentException("cells must not be null");
    }
    if (cells.length != side * side) {
      throw new IllegalArgumentException(
          "a " + side + "x" + side + " grid needs " + side * side + " cells, got " + cells.length);
    }
    int[] copy = cells.clone();
    for (int i = 0; i < copy.length; i++) {
      if (copy[i] < 0 || copy[i] > side) {
        throw new IllegalArgumentException(
            "cell "
                + cellName(side, i)
                + " holds "
                + copy[i]
                + ", outside 0.."
                + side
                + " for a "
                + side
                + "x"
                + side
                + " grid");
      }
    }
    return new Grid(side, (int) Math.round(Math.sqrt(side)), copy);
  }

  public int side() {
    return side;
  }

  /** The side of one box: 2, 3, 4 or 5. */
  public int boxSize() {
    return boxSize;
  }

  public int cellCount() {
    return cells.length;
  }

  /** The value at 0-based {@code row} and {@code col}; 0 if blank. */
  public int get(int row, int col) {
    if (row < 0 || row >= side || col < 0 || col >= side) {
      throw new IndexOutOfBoundsException(
          "row " + row + ", col " + col + " outside a " + side + "x" + side + " grid");
    }
    return cells[row * side + col];
  }

  /** The value at 0-based row-major {@code index}; 0 if blank. */
  public int get(int index) {
    return cells[index];
  }

  /** A copy of the row-major cells. */
  public int[] cells() {
    return cells.clone();
  }

  /** The number of non-blank cells. */
  public int givenCount() {
    int n = 0;
    for (int v : cells) {
      if (v != 0) {
        n++;
      }
    }
    return n;
  }

  /** Whether no cell is blank (says nothing about validity). */
  public boolean isComplete() {
    for (int v : cells) {
      if (v == 0) {
        return false;
      }
    }
    return true;
  }

  /** A grid equal to this one except that cell {@code index} holds {@code value} (0 = blank). */
  public Grid with(int index, int value) {
    if (index < 0 || index >= cells.length) {
      throw new IndexOutOfBoundsException("index " + index + " outside 0.." + (cells.length - 1));
    }
    if (value < 0 || value > side) {
      throw new IllegalArgumentException("value " + value + " outside 0.." + side);
    }
    int[] copy = cells.clone();
    copy[index] = value;
    return new Grid(side, boxSize, copy);
  }

  /** One line of {@code side * side} characters, blanks as '.'. */
  public String toLine() {
    // One byte per cell, every symbol being ASCII: the solve command writes one line per puzzle.
    byte[] line = new byte[cells.length];
    for (int i = 0; i < cells.length; i++) {
      line[i] = (byte) (cells[i] == 0 ? '.' : Symbols.symbolOfValue(cells[i]));
    }
    return new String(line, StandardCharsets.US_ASCII);
  }

  /**
   * A multi-line picture with '|' between boxes and "-+-" lines between bands. It reads back with
   * {@link PuzzleReader}, except that a 16x16 grid whose first row holds only symbols up to 4 is
   * taken for a one-line 4x4 puzzle (the format itself is ambiguous there).
   */
  public String toPrettyString() {
    StringBuilder sb = new StringBuilder();
    StringBuilder rule = new StringBuilder();
    for (int b = 0; b < boxSize; b++) {
      if (b > 0) {
        rule.append('+');
      }
      rule.append("-".repeat(boxSize * 2 + (b == 0 || b == boxSize - 1 ? 0 : 1)));
    }
    for (int r = 0; r < side; r++) {
      if (r > 0 && r % boxSize == 0) {
        sb.append(rule).append('\n');
      }
      for (int c = 0; c < side; c++) {
        if (c > 0) {
          sb.append(c % boxSize == 0 ? " | " : " ");
        }
        int v = cells[r * side + c];
        sb.append(v == 0 ? '.' : Symbols.symbolOf(side, v));
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  /** "rRcC", 1-based, the name the error messages use for a cell. */
  static String cellName(int side, int index) {
    return "r" + (index / side + 1) + "c" + (index % side + 1);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Grid g && g.side == side && Arrays.equals(g.cells, cells);
  }

  @Override
  public int hashCode() {
    return 31 * side + Arrays.hashCode(cells);
  }

  @Override
  public String toString() {
    return "Grid[" + side + "x" + side + ", " + givenCount() + " givens: " + toLine() + "]";
  }
}
