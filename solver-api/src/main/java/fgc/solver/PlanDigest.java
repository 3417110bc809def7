package fgc.solver;

/**
 * A 128-bit digest of a generated class's plan constants: its sizes, tables, schedule and options,
 * added in the order of their names, each with a tag for its type and, for a table, its length. A
 * generated class computes it in {@link GeneratedAlgorithm#planDigest()} from the arrays it runs
 * on, and the compiler computes it from the model's plan with this same code, so the two agree
 * exactly when the class was made for a plan with these constants. (Not the names: their order
 * stands for them, and a class's only string literal from the model stays its name.)
 *
 * <p>What it is for: telling a class from the class of another model (a copied or misfiled entry, a
 * class file damaged in a way the checksums could not see). It is not cryptographic: it does not
 * stand against someone who sets out to make two plans collide, and it need not, since whoever can
 * write a class into the user's cache can also write one that reports any digest. It is fast
 * instead: one multiply-rotate step per table entry (per two of an int table), which a class pays
 * on every load.
 */
public final class PlanDigest {
  private long h1 = 0x6a09e667f3bcc908L;
  private long h2 = 0xbb67ae8584caa73bL;
  private long words;

  /**
   * An int constant.
   *
   * @param value the constant
   * @return this digest, to chain calls
   */
  public PlanDigest add(int value) {
    word(1);
    word(value);
    return this;
  }

  /**
   * The exact bits of a double constant (every NaN alike).
   *
   * @param value the constant
   * @return this digest, to chain calls
   */
  public PlanDigest add(double value) {
    word(2);
    word(Double.doubleToLongBits(value));
    return this;
  }

  /**
   * The length and entries of an int table.
   *
   * @param table the table
   * @return this digest, to chain calls
   */
  public PlanDigest add(int[] table) {
    word(3);
    word(table.length);
    // Two entries a word: the tables of a million-variable model are hashed on every load.
    int pairs = table.length & ~1;
    for (int i = 0; i < pairs; i += 2) {
      word(((long) table[i] << 32) | (table[i + 1] & 0xffffffffL));
    }
    if (pairs < table.length) {
      word(table[pairs]);
    }
    return this;
  }

  /**
   * The length and entries of a long table.
   *
   * @param table the table
   * @return this digest, to chain calls
   */
  public PlanDigest add(long[] table) {
    word(6);
    word(table.length);
    for (long x : table) {
      word(x);
    }
    return this;
  }

  /**
   * The length and the exact bits of every entry of a double table.
   *
   * @param table the table
   * @return this digest, to chain calls
   */
  public PlanDigest add(double[] table) {
    word(4);
    word(table.length);
    for (double x : table) {
      word(Double.doubleToLongBits(x));
    }
    return this;
  }

  /**
   * A text constant, character by character.
   *
   * @param value the constant
   * @return this digest, to chain calls
   */
  public PlanDigest add(String value) {
    word(5);
    word(value.length());
    for (int i = 0; i < value.length(); i++) {
      word(value.charAt(i));
    }
    return this;
  }

  /**
   * 32 lowercase hex digits.
   *
   * @return the digest of everything added so far
   */
  public String hex() {
    long a = h1 ^ words;
    long b = h2 ^ (words * 0x9e3779b97f4a7c15L);
    a += b;
    b += a;
    a = mix(a);
    b = mix(b);
    a += b;
    b += a;
    char[] out = new char[32];
    for (int i = 0; i < 16; i++) {
      out[i] = HEX[(int) (a >>> (60 - 4 * i)) & 15];
      out[16 + i] = HEX[(int) (b >>> (60 - 4 * i)) & 15];
    }
    return new String(out);
  }

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  /**
   * One step per 64-bit word in each lane: a bijection of the lane for a given word, so no word is
   * lost.
   */
  private void word(long w) {
    h1 = Long.rotateLeft(h1 ^ (w * 0x9e3779b97f4a7c15L), 27) * 0xc2b2ae3d27d4eb4fL + 0x52dce729L;
    h2 = Long.rotateLeft(h2 + (w * 0x87c37b91114253d5L), 31) * 0x4cf5ad432745937fL ^ 0x38495ab5L;
    words++;
  }

  /** The final avalanche: every input bit reaches every output bit. */
  private static long mix(long k) {
    k ^= k >>> 33;
    k *= 0xff51afd7ed558ccdL;
    k ^= k >>> 33;
    k *= 0xc4ceb9fe1a85ec53L;
    k ^= k >>> 33;
    return k;
  }
}
