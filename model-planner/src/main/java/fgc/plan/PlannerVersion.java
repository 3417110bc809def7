package fgc.plan;

/**
 * The planner's identity, the one in every cache key: a release name plus a fingerprint of the
 * planner's bytecode, stamped at build time ({@link PlannerFingerprint}). A runtime computes it
 * without the compiler, so a cached class is found and checked with the runtime and the planner
 * alone. What emitted the class is the compiler's own identity, kept in the entry's manifest: with
 * a compiler on the class path, an entry another compiler made is stale and is made again.
 */
public final class PlannerVersion {
  /** The release; bumped by hand for changes outside the fingerprinted classes. */
  public static final String RELEASE = "0.1.0";

  private static final String ID = RELEASE + "+" + builtFingerprint().substring(0, 16);

  private PlannerVersion() {}

  /**
   * E.g. {@code 0.1.0+3f2a9c0b1d4e5f60}.
   *
   * @return the planner's identity
   */
  public static String id() {
    return ID;
  }

  /** The fingerprint the build stamped into {@link BuiltFingerprint} (64 hex digits). */
  static String builtFingerprint() {
    return Fingerprint.read(
        BuiltFingerprint.stamped(),
        BuiltFingerprint.MARKER,
        "model-planner",
        BuiltFingerprint.class.getName());
  }
}
