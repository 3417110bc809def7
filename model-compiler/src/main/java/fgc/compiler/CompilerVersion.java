package fgc.compiler;

import fgc.cache.Sha256;

/**
 * The compiler's identity in every cache key: a release name plus a fingerprint of the bytecode of
 * the classes that decide what is emitted. A change to the planner or an emitter changes the
 * fingerprint, so no cache entry made by an older compiler is ever mistaken for a current one, even
 * when nobody remembered to bump a version number.
 *
 * <p>The fingerprint is computed once, at build time ({@link CompilerFingerprint}), and stamped
 * into {@link BuiltFingerprint}: a cache hit in a fresh JVM must not pay for reading and hashing
 * the compiler's classes, nor for loading the compiler (JavaPoet, Janino) it is about to skip.
 */
public final class CompilerVersion {
  /** The release; bumped by hand for changes outside the fingerprinted classes. */
  public static final String RELEASE = "0.1.0";

  /**
   * Janino's version, also in the identity: another Janino may emit other bytes for the same
   * source.
   */
  private static final String JANINO = "3.1.12";

  private static final String ID =
      RELEASE + "+" + builtFingerprint().substring(0, 16) + "/janino-" + JANINO;

  private CompilerVersion() {}

  /** E.g. {@code 0.1.0+3f2a9c0b1d4e5f60/janino-3.1.12}. */
  public static String id() {
    return ID;
  }

  /** The fingerprint the build stamped into {@link BuiltFingerprint} (64 hex digits). */
  static String builtFingerprint() {
    String text = BuiltFingerprint.stamped().substring(BuiltFingerprint.MARKER.length());
    if (!Sha256.isHex(text)) {
      throw new IllegalStateException(
          "the compiler's fingerprint was never stamped into "
              + BuiltFingerprint.class.getName()
              + "; build model-compiler with Maven, whose process-classes step stamps it");
    }
    return text;
  }
}
