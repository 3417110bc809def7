package fgc.algorithm;

/**
 * What a compiled inference algorithm offers: set evidence, reset, run sweeps, read marginals.
 * Everything about the model (sizes, tables, schedule) is fixed in the implementing class; this
 * interface is all a driver or a user's test needs, and it stays small on purpose.
 *
 * <p>Variables are numbered by their flat model index; values are the model's own integers (for
 * {@code cell in 1..9} the values are 1 to 9). Semantics, stated as equivalences:
 * <ul>
 *   <li>{@code reset()} puts every message back to its starting point and {@link #sweepsDone()} to 0;
 *       observed values are kept.</li>
 *   <li>{@code setObserved}/{@code clearObserved} change the evidence only: messages are kept, so a
 *       driver can clamp a variable and continue (warm start); call {@code reset()} for a cold one.</li>
 *   <li>{@code update(n)} runs {@code n} sweeps of the schedule; {@code update(a); update(b)} equals
 *       {@code update(a + b)}.</li>
 * </ul>
 * An instance is not thread-safe; instances are cheap to create and independent of each other.
 */
public interface GeneratedAlgorithm {
  /** The cache key this class was compiled for (hex SHA-256 of model, algorithm, options, compiler). */
  String key();

  /**
   * The {@link PlanDigest} of the plan constants this class runs on (sizes, tables, schedule,
   * options), computed from the arrays it uses each time it is called. The cache compares it with
   * the digest of the model's own plan before it uses a class it read from disk, so a class made
   * for another model is refused. Null for an implementation with no plan, such as a reference
   * interpreter; the cache never loads one of those.
   */
  default String planDigest() {
    return null;
  }

  /** The algorithm's name, e.g. {@code bp}. */
  String algorithm();

  int variableCount();

  /** The smallest value of {@code variable}'s domain. */
  int lowestValue(int variable);

  /** How many values {@code variable} can take. */
  int domainSize(int variable);

  /** Clamps {@code variable} to {@code value}, which must lie in its domain. */
  void setObserved(int variable, int value);

  void clearObserved(int variable);

  void clearAllObserved();

  /** Messages back to their start, sweep count to zero. */
  void reset();

  /**
   * Like {@link #reset()}, but each starting message entry is multiplied by {@code exp(u)} with
   * {@code u} uniform in {@code [-scale, scale]}, drawn from a generator seeded with {@code seed}: a
   * restart that leaves the fixed point a deterministic schedule fell into.
   */
  void resetWithNoise(long seed, double scale);

  /** Runs {@code sweeps} sweeps; returns the largest change of any message entry in the last one. */
  double update(int sweeps);

  int sweepsDone();

  /**
   * Writes the belief of {@code variable} (one entry per value, lowest first, summing to 1, or all
   * zero when the evidence leaves it no value) into {@code out[0 .. domainSize)}.
   */
  void marginal(int variable, double[] out);

  /** Whether, after the last sweep, some variable's belief is all zero: the evidence is contradictory. */
  boolean contradiction();
}
