package fgc.lang;

import java.util.OptionalLong;

/**
 * The one rule for integer literals, in models, data files and {@code --observe} alike: decimal
 * digits whose value, with the minus sign written before them if any, is a 64-bit integer,
 * -9223372036854775808..9223372036854775807. In a model the minus is the unary operator, so, as in
 * Java, 9223372036854775808 is valid only right after one. The {@link Scanner} only cuts the digits
 * out; whoever reads a NUMBER token knows whether a sign precedes it and applies this rule.
 */
final class IntegerLiteral {
  private IntegerLiteral() {}

  /**
   * The value of {@code digits} (ASCII digits only), negated if {@code negative}; empty when out of
   * range.
   */
  static OptionalLong value(String digits, boolean negative) {
    // Accumulate the negative value: its range is one larger, so -9223372036854775808 fits.
    long value = 0;
    for (int i = 0; i < digits.length(); i++) {
      int digit = digits.charAt(i) - '0';
      if (value < (Long.MIN_VALUE + digit) / 10) {
        return OptionalLong.empty();
      }
      value = value * 10 - digit;
    }
    if (!negative && value == Long.MIN_VALUE) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(negative ? value : -value);
  }

  /**
   * Why {@code digits}, negated if {@code negative}, is not a valid literal (when {@link #value} is
   * empty).
   */
  static String outOfRange(String digits, boolean negative) {
    return negative
        ? "number -" + Token.shorten(digits) + " is too small; the smallest is " + Long.MIN_VALUE
        : "number " + Token.shorten(digits) + " is too big; the largest is " + Long.MAX_VALUE;
  }
}
