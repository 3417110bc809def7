package fgc.puzzles;

/**
 * The characters that stand for cell values in text.
 *
 * <p>Sides up to 9 use the digits '1'..'9'. Larger sides continue with letters after '9': side 16
 * uses 'A'..'G' for 10..16 and side 25 uses 'A'..'P' for 10..25, so a digit always means its own
 * value whatever the side. Input is case-insensitive. Blanks may be written as '.', '0', '-', 'X',
 * 'x' or '_' (the corpora in the wild use all of these).
 */
public final class Symbols {

  private Symbols() {}

  /** The character for {@code value} (1..side) of a grid of the given side. */
  public static char symbolOf(int side, int value) {
    checkSide(side);
    if (value < 1 || value > side) {
      throw new IllegalArgumentException(
          "value "
              + value
              + " is out of range 1.."
              + side
              + " for a "
              + side
              + "x"
              + side
              + " grid");
    }
    return symbolOfValue(value);
  }

  /** {@link #symbolOf} for a value already known to be in range (1..25): an ASCII character. */
  static char symbolOfValue(int value) {
    return value <= 9 ? (char) ('0' + value) : (char) ('A' + value - 10);
  }

  /**
   * The value of character {@code c} in a grid of the given side: 0 for a blank, 1..side for a
   * symbol, -1 if it is neither.
   */
  public static int valueOf(int side, char c) {
    checkSide(side);
    if (isBlank(c)) {
      return 0;
    }
    int value;
    if (c >= '1' && c <= '9') {
      value = c - '0';
    } else if (c >= 'A' && c <= 'Z') {
      value = c - 'A' + 10;
    } else if (c >= 'a' && c <= 'z') {
      value = c - 'a' + 10;
    } else {
      return -1;
    }
    return value <= side ? value : -1;
  }

  /** Whether {@code c} is one of the accepted blank characters. */
  public static boolean isBlank(char c) {
    return c == '.' || c == '0' || c == '-' || c == 'X' || c == 'x' || c == '_';
  }

  static void checkSide(int side) {
    if (side != 4 && side != 9 && side != 16 && side != 25) {
      throw new IllegalArgumentException("side must be 4, 9, 16 or 25, not " + side);
    }
  }
}
