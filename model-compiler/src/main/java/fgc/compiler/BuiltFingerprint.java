package fgc.compiler;

/**
 * Holds the compiler's fingerprint, stamped into this class file by the build: javac compiles the
 * placeholder below, then {@link CompilerFingerprint} (phase {@code process-classes}) overwrites
 * its 64 characters in the class file's constant pool with the fingerprint's 64 hex digits, same
 * length, so the class file stays valid. A constant in a class costs a fresh JVM nothing to read,
 * where a resource on the class path is opened through URL and jar-connection machinery, which a
 * cache hit in a fresh JVM would pay for (most when it is the first resource read). A method, not a
 * constant field: javac would copy a constant into every class that reads it, out of the stamp's
 * reach.
 */
final class BuiltFingerprint {
  /** What precedes the 64 stamped characters; found exactly once in this class file. */
  static final String MARKER = "fgc-compiler-fingerprint:";

  private BuiltFingerprint() {}

  /**
   * {@link #MARKER} and 64 characters: hex digits once stamped, the placeholder's dashes before.
   */
  static String stamped() {
    return MARKER + "----------------------------------------------------------------";
  }
}
