package fgc.cache;

/**
 * The checks a cache entry passes on its way to becoming a solver, in the order they run. Every
 * check before {@link #DEFINE} looks at bytes only: a fault caught there never reached {@code
 * defineClass}.
 */
public enum LoadStage {
  /** The entry folder and its files belong to this user and nobody else can write them. */
  SAFETY,
  /** The manifest is readable, sealed and well formed. */
  MANIFEST,
  /** The manifest was written for this key by this compiler. */
  IDENTITY,
  /**
   * Every file has the size and SHA-256 the manifest gives, and the key material hashes to the key.
   */
  FILES,
  /** The class bytes carry this key in their constants (a resealed foreign class does not). */
  CLASS_BYTES,
  /** The class is defined in a fresh loader and reports this key. */
  DEFINE,
  /**
   * The class reports the plan digest of the model's own plan (its sizes, tables, schedule and
   * options, computed from the arrays it runs on): a class made for another model is refused here.
   */
  PLAN,
  /** A short smoke run on the model's variables and domains. */
  SMOKE;

  /**
   * Whether a fault caught at this stage was caught before any class was defined.
   *
   * @return true when no class was defined yet
   */
  public boolean beforeDefine() {
    return compareTo(DEFINE) < 0;
  }
}
