package fgc.model;

/**
 * A double as canonical text: the shortest decimal that reads back as exactly the same double, as
 * {@link Double#toString} writes it. The weights and options of models are mostly short decimals
 * ({@code 0.5}, {@code 0.9}, {@code 12.25}); those are written here by integer arithmetic, because
 * {@code Double.toString}'s first call in a fresh JVM initialises and interprets its conversion
 * tables, about half a millisecond of every cache key. Every other double goes to {@code
 * Double.toString}.
 */
public final class DecimalText {
  private static final long MICROS = 1_000_000L;

  private DecimalText() {}

  /**
   * The text of {@code v}. A value in Double.toString's plain range ({@code 0.001 <= |v| < 10^7},
   * or {@code 0.0}) that is exactly the double nearest some decimal with at most six places is
   * written as that decimal (at least one digit after the point); every other value, -0.0 and NaN
   * among them, as {@code Double.toString} writes it. Either way the text reads back as {@code v}
   * bit for bit, so two different doubles never get the same text.
   *
   * @param v any double
   * @return its text
   */
  public static String of(double v) {
    double magnitude = Math.abs(v);
    if ((magnitude >= 1e-3 && magnitude < 1e7) || Double.doubleToRawLongBits(v) == 0L) {
      long micros = Math.round(v * 1e6);
      // The quotient of two exact integers is correctly rounded: it is v exactly when v is the
      // double nearest to micros / 10^6, which is then the decimal to write.
      if (Double.doubleToRawLongBits(micros / 1e6) == Double.doubleToRawLongBits(v)) {
        return decimal(micros);
      }
    }
    return Double.toString(v);
  }

  private static String decimal(long micros) {
    StringBuilder text = new StringBuilder(24);
    long rest = micros;
    if (rest < 0) {
      text.append('-');
      rest = -rest;
    }
    text.append(rest / MICROS).append('.');
    long fraction = rest % MICROS;
    if (fraction == 0) {
      return text.append('0').toString();
    }
    String six =
        Long.toString(fraction + MICROS).substring(1); // the six places, leading zeros kept
    int end = six.length();
    while (six.charAt(end - 1) == '0') {
      end--;
    }
    return text.append(six, 0, end).toString();
  }
}
