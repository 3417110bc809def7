package fgc.solver;

import java.util.Arrays;

/**
 * Decodes the index tables of generated classes. Large {@code int[]} literals overflow a class
 * initialiser (64 KB of bytecode), so the compiler writes small tables as comma-separated decimal
 * text in chunks that each fit a constant-pool string, and the class decodes them once when it
 * loads; big ones it packs ({@link PackedTables}).
 */
public final class IntTables {
  private IntTables() {}

  /**
   * Parses the concatenation of {@code chunks} as comma-separated non-negative decimal ints.
   *
   * @param length how many ints the text holds
   * @param chunks the pieces of the text, in order (a string constant holds at most 65535 bytes)
   * @return the ints
   */
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

  /**
   * Per edge, for a variable in three factors: the offsets ({@code edge * width}) of the variable's
   * two other edges, which its cavity row multiplies; {@code edgeCount * width} (past the messages)
   * for an edge of any other variable. {@code starts} and {@code edges} list each variable's edges
   * (variable {@code i}'s are {@code edges[starts[i] .. starts[i + 1])}).
   *
   * @param starts where each variable's edges start in {@code edges}, one more entry than variables
   * @param edges the edges of each variable, in order
   * @param edgeCount how many edges there are
   * @param width the length of one message
   * @return two offsets per edge
   */
  public static int[] otherEdgesOfThree(int[] starts, int[] edges, int edgeCount, int width) {
    int[] other = new int[2 * edgeCount];
    Arrays.fill(other, edgeCount * width);
    for (int i = 0; i + 1 < starts.length; i++) {
      if (starts[i + 1] - starts[i] == 3) {
        for (int k = 0; k < 3; k++) {
          int e = edges[starts[i] + k];
          other[2 * e] = edges[starts[i] + (k == 0 ? 1 : 0)] * width;
          other[2 * e + 1] = edges[starts[i] + (k == 2 ? 1 : 2)] * width;
        }
      }
    }
    return other;
  }
}
