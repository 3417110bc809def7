package fgc.compiler;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The compiler's identity in every cache key: a release name plus a fingerprint of the bytecode of
 * the classes that decide what is emitted. A change to the planner or an emitter changes the
 * fingerprint, so no cache entry made by an older compiler is ever mistaken for a current one, even
 * when nobody remembered to bump a version number.
 *
 * <p>The fingerprint is computed once, at build time ({@link CompilerFingerprint}), and read here
 * as a resource: a cache hit in a fresh JVM must not pay for reading and hashing the compiler's
 * classes, nor for loading the compiler (JavaPoet, Janino) it is about to skip.
 */
public final class CompilerVersion {
  /** The release; bumped by hand for changes outside the fingerprinted classes. */
  public static final String RELEASE = "0.1.0";

  /** Janino's version, also in the identity: another Janino may emit other bytes for the same source. */
  private static final String JANINO = "3.1.12";

  private static final String ID = RELEASE + "+" + builtFingerprint().substring(0, 16) + "/janino-" + JANINO;

  private CompilerVersion() {}

  /** E.g. {@code 0.1.0+3f2a9c0b1d4e5f60/janino-3.1.12}. */
  public static String id() {
    return ID;
  }

  /** The fingerprint the build wrote beside the classes (64 hex digits). */
  static String builtFingerprint() {
    try (InputStream in = CompilerVersion.class.getResourceAsStream("/" + CompilerFingerprint.RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("the compiler's fingerprint (" + CompilerFingerprint.RESOURCE
            + ") is missing from the class path; build model-compiler with Maven, which writes it");
      }
      String text = new String(in.readAllBytes(), StandardCharsets.US_ASCII).trim();
      if (!Sha256.isHex(text)) {
        throw new IllegalStateException("the compiler's fingerprint (" + CompilerFingerprint.RESOURCE + ") is not 64 hex digits");
      }
      return text;
    } catch (IOException e) {
      throw new IllegalStateException("cannot read the compiler's fingerprint (" + CompilerFingerprint.RESOURCE + ")", e);
    }
  }
}
