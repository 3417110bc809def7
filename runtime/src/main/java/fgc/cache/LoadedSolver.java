package fgc.cache;

import fgc.solver.GeneratedAlgorithm;
import java.lang.reflect.Constructor;
import java.nio.charset.StandardCharsets;

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

  /**
   * How the first instance of the class is made: smoke-run; for a class from the cache, replaced by
   * a recompiled solver's when it fails.
   */
  interface FirstInstance {
    /**
     * The first instance of {@code loaded}'s class, made by {@code constructor} and checked; when
     * the check fails, an instance of the solver compiled instead, which {@code loaded} is told of
     * ({@link #replaceWith}).
     */
    GeneratedAlgorithm first(
        LoadedSolver loaded, Constructor<? extends GeneratedAlgorithm> constructor);
  }

  private final String key;
  private final Constructor<? extends GeneratedAlgorithm> constructor;
  private final Origin origin;
  private final long compileNanos;
  private final long loadNanos;

  /** The source as a String, or its UTF-8 bytes as checked on a hit until someone asks for it. */
  private Object source;

  private final LoadStage rejectedAt;

  /** The check of the first instance, until it has run. */
  private FirstInstance firstCheck;

  /** The solver compiled in place of this one when its first instance failed its check. */
  private volatile LoadedSolver replacement;

  /** A class compiled by this process; {@code firstCheck} makes and checks the first instance. */
  LoadedSolver(
      String key,
      Constructor<? extends GeneratedAlgorithm> constructor,
      Origin origin,
      long compileNanos,
      long loadNanos,
      String source,
      LoadStage rejectedAt,
      FirstInstance firstCheck) {
    this(key, constructor, origin, compileNanos, loadNanos, (Object) source, rejectedAt);
    this.firstCheck = firstCheck;
  }

  /**
   * A hit: {@code source} is the entry's checked source file, decoded when asked for (null when
   * there is none); {@code firstCheck} makes and checks the first instance.
   */
  LoadedSolver(
      String key,
      Constructor<? extends GeneratedAlgorithm> constructor,
      Origin origin,
      long compileNanos,
      long loadNanos,
      byte[] source,
      FirstInstance firstCheck) {
    this(key, constructor, origin, compileNanos, loadNanos, (Object) source, null);
    this.firstCheck = firstCheck;
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

  /** Takes the place of this solver by {@code recompiled}, for every later call. */
  void replaceWith(LoadedSolver recompiled) {
    replacement = recompiled;
  }

  /**
   * The check a cached entry for this key failed before this solver was compiled instead, or null.
   *
   * @return the failed stage, or null
   */
  public LoadStage rejectedAt() {
    LoadedSolver r = replacement;
    return r != null ? r.rejectedAt() : rejectedAt;
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
    LoadedSolver r = replacement;
    return r != null ? r.origin() : origin;
  }

  /**
   * Whether the solver came from the cache without compiling.
   *
   * @return true on a cache hit
   */
  public boolean hit() {
    return origin() == Origin.CACHE_HIT;
  }

  /**
   * Time spent compiling (zero on a hit).
   *
   * @return the nanoseconds spent compiling
   */
  public long compileNanos() {
    LoadedSolver r = replacement;
    return r != null ? r.compileNanos() : compileNanos;
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
    LoadedSolver r = replacement;
    if (r != null) {
      return r.source();
    }
    if (source instanceof byte[]) {
      source = new String((byte[]) source, StandardCharsets.UTF_8);
    }
    return (String) source;
  }

  /**
   * A new, independent instance of the solver class (one per thread). The first of a class from the
   * cache is smoke-run before it is given; should it fail, the entry is quarantined and the solver
   * recompiled, as a load does with an entry that fails its check, and this and every later
   * instance is the recompiled solver's.
   *
   * @return the instance
   */
  public GeneratedAlgorithm newInstance() {
    LoadedSolver r = replacement;
    if (r != null) {
      return r.newInstance();
    }
    synchronized (this) {
      if (firstCheck != null) {
        FirstInstance check = firstCheck;
        firstCheck = null;
        return check.first(this, constructor);
      }
    }
    try {
      return constructor.newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("solver " + key + " could not be instantiated", e);
    }
  }
}
