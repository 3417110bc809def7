package fgc.lang;

/**
 * The value of a number as the scanner spells it (digits, an optional fraction, an optional
 * exponent), as a double: exactly what {@link Double#parseDouble} gives, without a string per
 * number. The usual weight (a few significant digits, a small exponent) is an integer of at most 53
 * bits times or divided by a power of ten up to 10^22, both exact as doubles, so the one
 * multiplication or division is correctly rounded, as parseDouble is; anything else is left to it.
 */
final class DecimalLiteral {
  private DecimalLiteral() {}

  /** The powers of ten a double holds exactly. */
  private static final double[] POWERS = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22
  };

  /** Below 10^18, a digit more cannot overflow a long. */
  private static final long DIGITS_FIT = 1_000_000_000_000_000_000L / 10;

  /**
   * The number spelled by {@code text} from {@code start} to {@code end}, which the scanner has
   * read as a number.
   */
  static double value(String text, int start, int end) {
    long mantissa = 0;
    int scale = 0; // how many of mantissa's digits are after the point
    int at = start;
    for (; at < end && isDigit(text.charAt(at)); at++) {
      if (mantissa >= DIGITS_FIT) {
        return slow(text, start, end);
      }
      mantissa = mantissa * 10 + (text.charAt(at) - '0');
    }
    if (at < end && text.charAt(at) == '.') {
      for (at++; at < end && isDigit(text.charAt(at)); at++) {
        if (mantissa >= DIGITS_FIT) {
          return slow(text, start, end);
        }
        mantissa = mantissa * 10 + (text.charAt(at) - '0');
        scale++;
      }
    }
    int exponent = 0;
    if (at < end && (text.charAt(at) == 'e' || text.charAt(at) == 'E')) {
      at++;
      if (at == end) {
        return slow(text, start, end);
      }
      boolean negative = text.charAt(at) == '-';
      if (text.charAt(at) == '-' || text.charAt(at) == '+') {
        at++;
      }
      for (; at < end; at++) {
        if (exponent > 10_000) {
          return slow(text, start, end);
        }
        exponent = exponent * 10 + (text.charAt(at) - '0');
      }
      exponent = negative ? -exponent : exponent;
    }
    if (at != end) {
      return slow(text, start, end); // not a lexeme of the scanner's: let parseDouble judge it
    }
    if (mantissa == 0) {
      return 0.0;
    }
    if (mantissa > 1L << 53) {
      return slow(text, start, end);
    }
    int power = exponent - scale;
    if (power == 0) {
      return mantissa;
    }
    if (power > 0 && power < POWERS.length) {
      return mantissa * POWERS[power];
    }
    if (power < 0 && -power < POWERS.length) {
      return mantissa / POWERS[-power];
    }
    return slow(text, start, end);
  }

  private static double slow(String text, int start, int end) {
    return Double.parseDouble(text.substring(start, end));
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
