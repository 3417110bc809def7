package fgc.plan;

/**
 * Holds the planner's fingerprint, stamped into this class file by the build ({@link
 * PlannerFingerprint}, phase {@code process-classes}) over the placeholder's 64 dashes, same
 * length, so the class file stays valid: a constant costs a fresh JVM nothing to read. A method,
 * not a constant field: javac would copy a constant into every class that reads it, out of the
 * stamp's reach.
 */
final class BuiltFingerprint {
  /** What precedes the 64 stamped characters; found exactly once in this class file. */
  static final String MARKER = "fgc-planner-fingerprint:";

  private BuiltFingerprint() {}

  /**
   * {@link #MARKER} and 64 characters: hex digits once stamped, the placeholder's dashes before.
   */
  static String stamped() {
    return MARKER + "----------------------------------------------------------------";
  }
}
