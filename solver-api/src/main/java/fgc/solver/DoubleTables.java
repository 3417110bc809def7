package fgc.solver;

/**
 * Decodes the small weight tables of generated classes: comma-separated {@link Double#toString}
 * text in chunks (as {@link IntTables} does for ints), which parses back to exactly the same
 * doubles. Big ones are packed ({@link PackedTables}).
 */
public final class DoubleTables {
  private DoubleTables() {}

  /**
   * Parses the concatenation of {@code chunks}; the text is split into chunks because a Java string
   * constant holds at most 65535 bytes.
   *
   * @param length how many doubles the text holds
   * @param chunks the pieces of the comma-separated text, in order
   * @return the doubles, exactly as they were written
   */
  public static double[] decode(int length, String... chunks) {
    String all = String.join("", chunks);
    double[] out = new double[length];
    if (length == 0) {
      return out;
    }
    String[] parts = all.split(",", -1);
    if (parts.length != length) {
      throw new IllegalStateException(
          "table holds " + parts.length + " entries, expected " + length);
    }
    for (int k = 0; k < length; k++) {
      out[k] = Double.parseDouble(parts[k]);
    }
    return out;
  }
}
