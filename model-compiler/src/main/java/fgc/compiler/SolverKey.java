package fgc.compiler;

import fgc.model.Model;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The content address of a compiled solver: SHA-256 over the canonical model text, the algorithm
 * with its options, and the compiler's version. Evidence is not part of it: new observed values
 * never need a new compilation.
 */
public final class SolverKey {
  private SolverKey() {}

  /** The text that is hashed; kept readable so that a cache entry can show what it was built from. */
  public static String material(Model model, AlgorithmSpec spec) {
    return "compiler " + CompilerVersion.id() + "\nalgorithm " + spec.canonicalText() + "\n" + model.canonicalText();
  }

  /** 64 lowercase hex digits. */
  public static String of(Model model, AlgorithmSpec spec) {
    return sha256Hex(material(model, spec).getBytes(StandardCharsets.UTF_8));
  }

  public static String sha256Hex(byte[] bytes) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(bytes);
      StringBuilder sb = new StringBuilder(64);
      for (byte b : digest) {
        sb.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
      }
      return sb.toString();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every Java platform", e);
    }
  }
}
