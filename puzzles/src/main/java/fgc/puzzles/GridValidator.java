package fgc.puzzles;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Checks a candidate solution against the Sudoku rules, written straight from the rules and sharing
 * nothing with any solver, so that a solver bug cannot hide behind its own check.
 */
public final class GridValidator {

  private GridValidator() {}

  /** The outcome of {@link #check}: valid, or invalid with a reason for a human. */
  public record Verdict(boolean valid, String reason) {

    static final Verdict VALID = new Verdict(true, null);

    public Verdict {
      if (valid != (reason == null)) {
        throw new IllegalArgumentException("a verdict has a reason exactly when it is invalid");
      }
    }

    static Verdict invalid(String reason) {
      return new Verdict(false, reason);
    }
  }

  /**
   * Whether {@code candidate} solves {@code puzzle}: same side, no blank, every given kept, and
   * each row, column and box holding every value exactly once.
   */
  public static Verdict check(Grid puzzle, Grid candidate) {
    if (puzzle == null || candidate == null) {
      return Verdict.invalid("puzzle and candidate must both be present");
    }
    int side = puzzle.side();
    if (candidate.side() != side) {
      return Verdict.invalid(
          "side differs: puzzle is "
              + side
              + "x"
              + side
              + ", candidate is "
              + candidate.side()
              + "x"
              + candidate.side());
    }
    int blanks = 0;
    int firstBlank = -1;
    for (int i = 0; i < candidate.cellCount(); i++) {
      if (candidate.get(i) == 0) {
        if (blanks++ == 0) {
          firstBlank = i;
        }
      }
    }
    if (blanks > 0) {
      return Verdict.invalid(
          "incomplete: "
              + blanks
              + " blank cell"
              + (blanks == 1 ? "" : "s")
              + ", first at "
              + Grid.cellName(side, firstBlank));
    }
    for (int i = 0; i < puzzle.cellCount(); i++) {
      int given = puzzle.get(i);
      if (given != 0 && candidate.get(i) != given) {
        return Verdict.invalid(
            "given changed at "
                + Grid.cellName(side, i)
                + ": puzzle has "
                + given
                + ", candidate has "
                + candidate.get(i));
      }
    }
    for (Unit unit : units(side)) {
      String problem = unitProblem(candidate, unit);
      if (problem != null) {
        return Verdict.invalid(problem);
      }
    }
    return Verdict.VALID;
  }

  /**
   * Descriptions of values given more than once in one row, column or box, e.g. "5 appears twice in
   * row 1 (r1c2, r1c7)"; empty when the givens agree.
   */
  public static List<String> conflicts(Grid puzzle) {
    if (!hasRepeatedGiven(puzzle)) {
      return List.of();
    }
    int side = puzzle.side();
    List<String> out = new ArrayList<>();
    for (Unit unit : units(side)) {
      int[] count = new int[side + 1];
      for (int index : unit.cells) {
        count[puzzle.get(index)]++;
      }
      for (int value = 1; value <= side; value++) {
        if (count[value] > 1) {
          List<String> where = new ArrayList<>();
          for (int index : unit.cells) {
            if (puzzle.get(index) == value) {
              where.add(Grid.cellName(side, index));
            }
          }
          out.add(
              value
                  + " appears "
                  + times(count[value])
                  + " in "
                  + unit.name
                  + " ("
                  + String.join(", ", where)
                  + ")");
        }
      }
    }
    return out;
  }

  /** One cheap pass with a bit per value and unit, so that readers of big corpora pay little. */
  private static boolean hasRepeatedGiven(Grid puzzle) {
    int side = puzzle.side();
    int box = puzzle.boxSize();
    int[] rows = new int[side];
    int[] cols = new int[side];
    int[] boxes = new int[side];
    for (int r = 0; r < side; r++) {
      for (int c = 0; c < side; c++) {
        int v = puzzle.get(r * side + c);
        if (v == 0) {
          continue;
        }
        int bit = 1 << v;
        int b = (r / box) * box + c / box;
        if ((rows[r] & bit) != 0 || (cols[c] & bit) != 0 || (boxes[b] & bit) != 0) {
          return true;
        }
        rows[r] |= bit;
        cols[c] |= bit;
        boxes[b] |= bit;
      }
    }
    return false;
  }

  /** Null if the unit holds each value once, else what is wrong with it. */
  private static String unitProblem(Grid candidate, Unit unit) {
    int side = candidate.side();
    // Side cells holding side different values of 1..side hold each exactly once.
    long seen = 0;
    for (int index : unit.cells) {
      seen |= 1L << candidate.get(index);
    }
    if (seen == ((1L << (side + 1)) - 2)) {
      return null;
    }
    int[] firstAt = new int[side + 1];
    Arrays.fill(firstAt, -1);
    for (int index : unit.cells) {
      int v = candidate.get(index);
      if (firstAt[v] >= 0) {
        return v
            + " appears twice in "
            + unit.name
            + " ("
            + Grid.cellName(side, firstAt[v])
            + ", "
            + Grid.cellName(side, index)
            + ")";
      }
      firstAt[v] = index;
    }
    for (int v = 1; v <= side; v++) {
      if (firstAt[v] < 0) {
        return unit.name + " lacks " + v;
      }
    }
    return null;
  }

  private static String times(int n) {
    return n == 2 ? "twice" : n + " times";
  }

  /** One row, column or box: a name for messages and its row-major cell indices. */
  private record Unit(String name, int[] cells) {}

  /** The units of each side a grid can have, made once: checking a grid allocates nothing. */
  private static final List<Unit> UNITS_4 = makeUnits(4);

  private static final List<Unit> UNITS_9 = makeUnits(9);
  private static final List<Unit> UNITS_16 = makeUnits(16);
  private static final List<Unit> UNITS_25 = makeUnits(25);

  /** All rows, then columns, then boxes (boxes numbered row-major from 1). */
  private static List<Unit> units(int side) {
    switch (side) {
      case 4:
        return UNITS_4;
      case 9:
        return UNITS_9;
      case 16:
        return UNITS_16;
      case 25:
        return UNITS_25;
      default:
        throw new IllegalArgumentException("side must be 4, 9, 16 or 25, not " + side);
    }
  }

  private static List<Unit> makeUnits(int side) {
    int box = (int) Math.round(Math.sqrt(side));
    List<Unit> units = new ArrayList<>(3 * side);
    for (int r = 0; r < side; r++) {
      int[] cells = new int[side];
      for (int c = 0; c < side; c++) {
        cells[c] = r * side + c;
      }
      units.add(new Unit("row " + (r + 1), cells));
    }
    for (int c = 0; c < side; c++) {
      int[] cells = new int[side];
      for (int r = 0; r < side; r++) {
        cells[r] = r * side + c;
      }
      units.add(new Unit("column " + (c + 1), cells));
    }
    for (int b = 0; b < side; b++) {
      int top = (b / box) * box;
      int left = (b % box) * box;
      int[] cells = new int[side];
      for (int k = 0; k < side; k++) {
        cells[k] = (top + k / box) * side + left + k % box;
      }
      units.add(new Unit("box " + (b + 1), cells));
    }
    return List.copyOf(units);
  }
}
