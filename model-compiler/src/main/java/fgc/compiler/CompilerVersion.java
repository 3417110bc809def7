package fgc.compiler;

import fgc.plan.Fingerprint;

/**
 * The compiler's identity, named in every cache entry it makes: a release name plus a fingerprint
 * of the bytecode of the classes that write a generated class, and the Janino version. The key
 * holds the planner's identity instead ({@code fgc.plan.PlannerVersion}), which a runtime without
 * the compiler computes; with this compiler on the class path, an entry another compiler made is
 * stale, so a change to an emitter still makes every entry again, even when nobody remembered to
 * bump a version number.
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
    return Fingerprint.read(
        BuiltFingerprint.stamped(),
        BuiltFingerprint.MARKER,
        "model-compiler",
        BuiltFingerprint.class.getName());
  }
}
