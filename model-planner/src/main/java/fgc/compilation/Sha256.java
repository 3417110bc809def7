package fgc.compilation;

/**
 * SHA-256 as specified in FIPS 180-4, in plain int arithmetic. Every cache key and every checksum
 * of a cache entry is one of these. Why not {@code MessageDigest}: in a fresh JVM its first call
 * initialises the security providers and the VarHandles its byte access uses before it hashes the
 * first byte, a start-up cost larger than the rest of a cache hit in a fresh JVM. This version
 * hashes the same bytes to the same digest (tests compare it with {@code MessageDigest} on the FIPS
 * examples and on thousands of random inputs of every length around the block boundaries), so
 * nothing about what is checked changes, only the start-up cost.
 */
public final class Sha256 {
  /** The first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
  private static final int[] K = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
  };

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  /** Messages of at least this many bytes are hashed by the JDK's {@code MessageDigest}. */
  static final int JDK_FROM = 1 << 20;

  private Sha256() {}

  /**
   * Whether {@code text} is a digest as {@link #hex} writes it: 64 lowercase hex digits.
   *
   * @param text the text
   * @return true for 64 lowercase hex digits
   */
  public static boolean isHex(String text) {
    if (text.length() != 64) {
      return false;
    }
    for (int i = 0; i < 64; i++) {
      char c = text.charAt(i);
      if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
        return false;
      }
    }
    return true;
  }

  /**
   * The 32-byte digest of {@code message}.
   *
   * @param message the bytes to hash
   * @return the digest
   */
  public static byte[] digest(byte[] message) {
    if (message.length >= JDK_FROM) {
      // Past a megabyte the JDK's start-up cost is paid back: its SHA-256 runs on the CPU's own
      // instructions, about 8 times this code's speed (200 MB: 130 against 1,120 ms), which a large
      // model's key material and class, hashed on every load, need.
      try {
        return java.security.MessageDigest.getInstance("SHA-256").digest(message);
      } catch (java.security.NoSuchAlgorithmException e) {
        // every Java platform has SHA-256; fall through to this code if one does not
      }
    }
    int[] state = {
      0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
    };
    int[] schedule = new int[64];
    int whole = message.length / 64;
    for (int b = 0; b < whole; b++) {
      compress(message, b * 64, schedule, state);
    }
    // The tail: the last partial block, the 0x80 marker, zeros, and the length in bits
    // (big-endian),
    // in one block, or two when fewer than 9 bytes are left after the partial block.
    int rest = message.length - whole * 64;
    byte[] tail = new byte[rest + 9 <= 64 ? 64 : 128];
    System.arraycopy(message, whole * 64, tail, 0, rest);
    tail[rest] = (byte) 0x80;
    long bits = (long) message.length * 8;
    for (int i = 0; i < 8; i++) {
      tail[tail.length - 1 - i] = (byte) (bits >>> (8 * i));
    }
    for (int off = 0; off < tail.length; off += 64) {
      compress(tail, off, schedule, state);
    }
    byte[] out = new byte[32];
    for (int i = 0; i < 8; i++) {
      out[4 * i] = (byte) (state[i] >>> 24);
      out[4 * i + 1] = (byte) (state[i] >>> 16);
      out[4 * i + 2] = (byte) (state[i] >>> 8);
      out[4 * i + 3] = (byte) state[i];
    }
    return out;
  }

  /**
   * The digest of {@code message} in 64 lowercase hex digits.
   *
   * @param message the bytes to hash
   * @return the digest's hex text
   */
  public static String hex(byte[] message) {
    return hexOf(digest(message));
  }

  private static String hexOf(byte[] digest) {
    char[] out = new char[64];
    for (int i = 0; i < 32; i++) {
      out[2 * i] = HEX[(digest[i] >> 4) & 0xF];
      out[2 * i + 1] = HEX[digest[i] & 0xF];
    }
    return new String(out);
  }

  /**
   * A SHA-256 of bytes as they are written, for a message too large to hold at once (a large
   * model's key material): the first {@link #JDK_FROM} bytes are kept, and hashed by {@link #hex}
   * when that is all there is; past them the JDK's digest takes over and is fed as bytes come.
   */
  public static final class Sink extends java.io.OutputStream {
    private byte[] kept = new byte[256];
    private int length;
    private java.security.MessageDigest jdk;

    @Override
    public void write(int b) {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int off, int count) {
      if (jdk == null && length + count >= JDK_FROM) {
        try {
          jdk = java.security.MessageDigest.getInstance("SHA-256");
          jdk.update(kept, 0, length);
          kept = null;
        } catch (java.security.NoSuchAlgorithmException e) {
          // every Java platform has SHA-256; keep the bytes for this code if one does not
        }
      }
      if (jdk != null) {
        jdk.update(bytes, off, count);
        return;
      }
      if (length + count > kept.length) {
        kept = java.util.Arrays.copyOf(kept, Math.max(length + count, 2 * kept.length));
      }
      System.arraycopy(bytes, off, kept, length, count);
      length += count;
    }

    /**
     * The digest of everything written, in 64 lowercase hex digits; the sink is spent.
     *
     * @return the digest's hex text
     */
    public String hex() {
      return hexOf(jdk != null ? jdk.digest() : digest(java.util.Arrays.copyOf(kept, length)));
    }
  }

  /**
   * One 64-byte block at {@code off} folded into {@code state}; {@code w} is scratch space. A fresh
   * JVM runs this in the interpreter until the JIT compiles it, and the JIT compiles a method after
   * about a hundred calls: a 10 KB cache entry would be mostly hashed before this method, called
   * once per block, were compiled. So each of the 64 rounds and 48 schedule words is a call of its
   * own small method, compiled after three blocks, with the rotations written out and choice and
   * majority in their shortest forms, so that a fresh JVM hashes most of an entry in compiled code.
   */
  private static void compress(byte[] m, int off, int[] w, int[] state) {
    for (int t = 0; t < 16; t++) {
      int i = off + 4 * t;
      w[t] =
          (m[i] << 24) | ((m[i + 1] & 0xff) << 16) | ((m[i + 2] & 0xff) << 8) | (m[i + 3] & 0xff);
    }
    for (int t = 16; t < 64; t++) {
      w[t] = scheduled(w, t);
    }
    int[] s = {state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7]};
    for (int t = 0; t < 64; t++) {
      round(s, K[t] + w[t]);
    }
    for (int i = 0; i < 8; i++) {
      state[i] += s[i];
    }
  }

  /** Message schedule word {@code t} (16 to 63) from the words before it. */
  private static int scheduled(int[] w, int t) {
    int x = w[t - 15];
    int y = w[t - 2];
    int s0 = (x >>> 7 | x << 25) ^ (x >>> 18 | x << 14) ^ (x >>> 3);
    int s1 = (y >>> 17 | y << 15) ^ (y >>> 19 | y << 13) ^ (y >>> 10);
    return w[t - 16] + s0 + w[t - 7] + s1;
  }

  /** One round on the working variables {@code s} = a..h, with {@code kw} = K[t] + W[t]. */
  private static void round(int[] s, int kw) {
    int a = s[0];
    int e = s[4];
    int sum1 = (e >>> 6 | e << 26) ^ (e >>> 11 | e << 21) ^ (e >>> 25 | e << 7);
    int t1 = s[7] + sum1 + (s[6] ^ (e & (s[5] ^ s[6]))) + kw;
    int sum0 = (a >>> 2 | a << 30) ^ (a >>> 13 | a << 19) ^ (a >>> 22 | a << 10);
    int t2 = sum0 + ((a & s[1]) | (s[2] & (a | s[1])));
    s[7] = s[6];
    s[6] = s[5];
    s[5] = e;
    s[4] = s[3] + t1;
    s[3] = s[2];
    s[2] = s[1];
    s[1] = a;
    s[0] = t1 + t2;
  }
}
