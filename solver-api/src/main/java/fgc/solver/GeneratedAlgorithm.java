package fgc.solver;

/**
 * What a compiled inference algorithm offers: set evidence, reset, run sweeps, read marginals.
 * Everything about the model (sizes, tables, schedule) is fixed in the implementing class; this
 * interface is all a driver or a user's test needs, and it stays small on purpose.
 *
 * <p>Variables are numbered by their flat model index; values are the model's own integers (for
 * {@code cell in 1..9} the values are 1 to 9). Semantics, stated as equivalences:
 *
 * <ul>
 *   <li>{@code reset()} puts every message back to its starting point and {@link #sweepsDone()} to
 *       0; observed values are kept.
 *   <li>{@code setObserved}/{@code clearObserved} change the evidence only: messages are kept, so a
 *       driver can clamp a variable and continue (warm start); call {@code reset()} for a cold one.
 *   <li>{@code update(n)} runs {@code n} sweeps of the schedule; {@code update(a); update(b)}
 *       equals {@code update(a + b)}.
 * </ul>
 *
 * An instance is not thread-safe; instances are cheap to create and independent of each other.
 */
public interface GeneratedAlgorithm {
  /**
   * The cache key this class was compiled for (hex SHA-256 of model, algorithm, options, compiler).
   *
   * @return the key, 64 lowercase hex digits
   */
  String key();

  /**
   * The {@link PlanDigest} of the plan constants this class runs on (sizes, tables, schedule,
   * options), computed from the arrays it uses each time it is called. The cache compares it with
   * the digest of the model's own plan before it uses a class it read from disk, so a class made
   * for another model is refused. Null for an implementation with no plan, such as a reference
   * interpreter; the cache never loads one of those.
   *
   * @return the digest's hex text, or null when there is no plan
   */
  default String planDigest() {
    return null;
  }

  /**
   * The algorithm's name, e.g. {@code bp}.
   *
   * @return the name the registry knows the algorithm by
   */
  String algorithm();

  /**
   * How many variables the model has; they are numbered from 0.
   *
   * @return the number of variables
   */
  int variableCount();

  /**
   * The smallest value of {@code variable}'s domain.
   *
   * @param variable the variable's index
   * @return the value that index 0 of its marginal stands for
   */
  int lowestValue(int variable);

  /**
   * How many values {@code variable} can take.
   *
   * @param variable the variable's index
   * @return the size of its domain
   */
  int domainSize(int variable);

  /**
   * Clamps {@code variable} to {@code value}, which must lie in its domain.
   *
   * @param variable the variable's index
   * @param value the observed value
   */
  void setObserved(int variable, int value);

  /**
   * Removes the observation of {@code variable}, if any.
   *
   * @param variable the variable's index
   */
  void clearObserved(int variable);

  /** Removes every observation. */
  void clearAllObserved();

  /** Messages back to their start, sweep count to zero. */
  void reset();

  /**
   * Like {@link #reset()}, but each starting message entry is multiplied by {@code exp(u)} with
   * {@code u} uniform in {@code [-scale, scale]}, drawn from a generator seeded with {@code seed}:
   * a restart that leaves the fixed point a deterministic schedule fell into.
   *
   * @param seed the seed of the noise, so that a restart can be repeated
   * @param scale the largest magnitude of the noise's exponent; 0 gives the plain reset
   */
  void resetWithNoise(long seed, double scale);

  /**
   * Runs {@code sweeps} sweeps; returns the largest change of any message entry in the last one.
   *
   * @param sweeps how many sweeps to run
   * @return the largest change in the last sweep, the measure of convergence
   */
  double update(int sweeps);

  /**
   * How many sweeps have run since the last reset.
   *
   * @return the number of sweeps
   */
  int sweepsDone();

  /**
   * Writes the belief of {@code variable} (one entry per value, lowest first, summing to 1, or all
   * zero when the evidence leaves it no value) into {@code out[0 .. domainSize)}.
   *
   * @param variable the variable's index
   * @param out receives the belief, at least {@link #domainSize} entries
   */
  void marginal(int variable, double[] out);

  /**
   * Whether, after the last sweep, some variable's belief is all zero: the evidence is
   * contradictory.
   *
   * @return true when the evidence is contradictory
   */
  boolean contradiction();

  /**
   * Whether this algorithm is exact: {@link #marginal} is then {@code P(x_i = v | evidence)}
   * itself, not an approximation (sum-product BP on a graph with loops) nor a max-marginal
   * (max-product). For an exact algorithm every answer is that of the current evidence whatever was
   * called before: {@code update(n)} with {@code n > 0} does the whole computation and returns 0,
   * {@code reset} and {@code resetWithNoise} change nothing but {@link #sweepsDone()}, and the
   * readers compute what is stale on first use.
   *
   * @return true when {@link #marginal} gives exact posterior marginals
   */
  default boolean exact() {
    return false;
  }

  /**
   * The natural log of the partition function given the evidence: {@code ln Z}, where {@code Z}
   * sums the product of every factor over the assignments that agree with every observed value (so
   * {@code Z} with evidence over {@code Z} without it is the probability of the evidence). Negative
   * infinity when no assignment has weight (then {@link #contradiction()} holds); NaN when this
   * algorithm does not compute it (every message-passing one).
   *
   * @return {@code ln Z} given the evidence, negative infinity, or NaN
   */
  default double logPartition() {
    return Double.NaN;
  }

  /**
   * Writes a most probable assignment given the evidence into {@code out[0 .. variableCount)} (the
   * model's own values, observed variables at their values) and returns true; returns false and
   * leaves {@code out} as it was when the evidence has probability zero or when this algorithm does
   * not compute one (every message-passing one: read {@link #marginal} instead). How ties between
   * equally probable assignments are broken is the algorithm's to document; it is deterministic.
   *
   * @param out receives the assignment, at least {@link #variableCount} entries
   * @return true when {@code out} holds a most probable assignment
   */
  default boolean mostProbable(int[] out) {
    return false;
  }
}
