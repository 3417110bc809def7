package fgc.algorithm;

/**
 * Decodes the index tables of generated classes. Large {@code int[]} literals overflow a class
 * initialiser (64 KB of bytecode), so the compiler writes tables as comma-separated decimal text in
 * chunks that each fit a constant-pool string, and the class decodes them once when it loads.
 */
public final class IntTables {
  private IntTables() {}

  /** Parses the concatenation of {@code chunks} as comma-separated non-negative decimal ints. */
  public static int[] decode(int length, String... chunks) {
    int[] out = new int[length];
    int n = 0;
    int value = 0;
    boolean inNumber = false;
    for (String chunk : chunks) {
      for (int k = 0; k < chunk.length(); k++) {
        char c = chunk.charAt(k);
        if (c == ',') {
          out[n++] = value;
          value = 0;
          inNumber = false;
        } else if (c >= '0' && c <= '9') {
          value = value * 10 + (c - '0');
          inNumber = true;
        } else {
          throw new IllegalStateException("table text holds '" + c + "'");
        }
      }
    }
    if (inNumber) {
      out[n++] = value;
    }
    if (n != length) {
      throw new IllegalStateException("table holds " + n + " entries, expected " + length);
    }
    return out;
  }
}
