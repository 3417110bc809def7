package fgc.cache;

import fgc.algorithm.GeneratedAlgorithm;
import java.lang.reflect.Constructor;

/**
 * A solver class that passed every check, with how it was obtained. {@link #newInstance()} gives
 * independent instances (one per thread).
 */
public final class LoadedSolver {
  /** Where the class came from. */
  public enum Origin {
    /** Read from a sound cache entry, without compiling. */
    CACHE_HIT,
    /** Compiled on a miss and stored. */
    COMPILED,
    /** Compiled and stored in place of an entry that failed its check. */
    RECOVERED,
    /**
     * Compiled and kept in memory only: its plan cannot be checked, or the cache could not be
     * written.
     */
    IN_MEMORY
  }

  private final String key;
  private final Constructor<? extends GeneratedAlgorithm> constructor;
  private final Origin origin;
  private final long compileNanos;
  private final long loadNanos;

  /** The source as a String, or its UTF-8 bytes as checked on a hit until someone asks for it. */
  private Object source;

  private final LoadStage rejectedAt;

  LoadedSolver(
      String key,
      Constructor<? extends GeneratedAlgorithm> constructor,
      Origin origin,
      long compileNanos,
      long loadNanos,
      String source,
      LoadStage rejectedAt) {
    this(key, constructor, origin, compileNanos, loadNanos, (Object) source, rejectedAt);
  }

  /**
   * A hit: {@code source} is the entry's checked source file, decoded when asked for (null when
   * there is none).
   */
  LoadedSolver(
      String key,
      Constructor<? extends GeneratedAlgorithm> constructor,
      Origin origin,
      long compileNanos,
      long loadNanos,
      byte[] source,
      LoadStage rejectedAt) {
    this(key, constructor, origin, compileNanos, loadNanos, (Object) source, rejectedAt);
  }

  private LoadedSolver(
      String key,
      Constructor<? extends GeneratedAlgorithm> constructor,
      Origin origin,
      long compileNanos,
      long loadNanos,
      Object source,
      LoadStage rejectedAt) {
    this.key = key;
    this.constructor = constructor;
    this.origin = origin;
    this.compileNanos = compileNanos;
    this.loadNanos = loadNanos;
    this.source = source;
    this.rejectedAt = rejectedAt;
  }

  /**
   * The check a cached entry for this key failed before this solver was compiled instead, or null.
   *
   * @return the failed stage, or null
   */
  public LoadStage rejectedAt() {
    return rejectedAt;
  }

  /**
   * The cache key of the solver.
   *
   * @return the key
   */
  public String key() {
    return key;
  }

  /**
   * Where the class came from.
   *
   * @return the origin
   */
  public Origin origin() {
    return origin;
  }

  /**
   * Whether the solver came from the cache without compiling.
   *
   * @return true on a cache hit
   */
  public boolean hit() {
    return origin == Origin.CACHE_HIT;
  }

  /**
   * Time spent compiling (zero on a hit).
   *
   * @return the nanoseconds spent compiling
   */
  public long compileNanos() {
    return compileNanos;
  }

  /**
   * Time spent reading, verifying, defining and smoke-testing the class.
   *
   * @return the nanoseconds spent loading
   */
  public long loadNanos() {
    return loadNanos;
  }

  /**
   * The generated Java source, when it was at hand (always after a compile; on a hit, if cached).
   *
   * @return the source, or null
   */
  public synchronized String source() {
    if (source instanceof byte[]) {
      source = new String((byte[]) source, java.nio.charset.StandardCharsets.UTF_8);
    }
    return (String) source;
  }

  /**
   * A new, independent instance of the solver class (one per thread).
   *
   * @return the instance
   */
  public GeneratedAlgorithm newInstance() {
    try {
      return constructor.newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("solver " + key + " could not be instantiated", e);
    }
  }
}
