package fgc.compiler;

import fgc.model.Model;
import java.nio.charset.StandardCharsets;

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

  /** SHA-256 in 64 lowercase hex digits ({@link Sha256}: no security-provider start-up in a fresh JVM). */
  public static String sha256Hex(byte[] bytes) {
    return Sha256.hex(bytes);
  }
}
