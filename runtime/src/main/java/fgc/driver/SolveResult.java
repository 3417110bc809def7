package fgc.driver;

import java.util.Locale;

/** What a driver did for one problem: the outcome, the assignment when solved, and the effort. */
public final class SolveResult {
  /** How a run ended. */
  public enum Status {
    /** Every variable has a value and every factor holds (checked on the model). */
    SOLVED,
    /** The budget ran out without a consistent assignment. */
    UNSOLVED,
    /**
     * A complete search, or propagation from the evidence alone, proved that no assignment
     * satisfies every factor.
     */
    NO_SOLUTION,
    /** The evidence itself breaks a factor, so no assignment can hold. */
    INCONSISTENT_EVIDENCE;

    /**
     * The outcome in words, as a message to a user says it (never the constant's name).
     *
     * @return the words
     */
    public String words() {
      switch (this) {
        case SOLVED:
          return "solved";
        case UNSOLVED:
          return "not solved";
        case NO_SOLUTION:
          return "no solution";
        default:
          return "no solution: the evidence contradicts the model";
      }
    }
  }

  private final Status status;
  private final int[] values;
  private final int sweeps;
  private final int decisions;
  private final int restarts;
  private final long backtracks;
  private final long nanos;
  private final int conflicts;

  /**
   * A result with no backtracks (message-passing drivers).
   *
   * @param status how the run ended
   * @param values the assignment when solved, else null
   * @param sweeps how many sweeps ran
   * @param decisions how many variables were fixed by decision
   * @param restarts how many restarts there were
   * @param nanos the time the run took
   */
  public SolveResult(
      Status status, int[] values, int sweeps, int decisions, int restarts, long nanos) {
    this(status, values, sweeps, decisions, restarts, 0, nanos);
  }

  /**
   * A result of a search, with its backtracks.
   *
   * @param status how the run ended
   * @param values the assignment when solved, else null
   * @param sweeps how many sweeps ran
   * @param decisions how many variables were fixed by decision
   * @param restarts how many restarts there were
   * @param backtracks how many decisions were undone
   * @param nanos the time the run took
   */
  public SolveResult(
      Status status,
      int[] values,
      int sweeps,
      int decisions,
      int restarts,
      long backtracks,
      long nanos) {
    this(status, values, sweeps, decisions, restarts, backtracks, nanos, 0);
  }

  /**
   * A result that also counts {@code conflicts}: the factors the driver's final readout broke (for
   * drivers that read out a full assignment without repairing it, such as {@code single}).
   *
   * @param status how the run ended
   * @param values the assignment when solved, else null
   * @param sweeps how many sweeps ran
   * @param decisions how many variables were fixed by decision
   * @param restarts how many restarts there were
   * @param backtracks how many decisions were undone
   * @param nanos the time the run took
   * @param conflicts how many factors the final readout broke
   */
  public SolveResult(
      Status status,
      int[] values,
      int sweeps,
      int decisions,
      int restarts,
      long backtracks,
      long nanos,
      int conflicts) {
    this.status = status;
    this.values = values == null ? null : values.clone();
    this.sweeps = sweeps;
    this.decisions = decisions;
    this.restarts = restarts;
    this.backtracks = backtracks;
    this.nanos = nanos;
    this.conflicts = conflicts;
  }

  /**
   * How the run ended.
   *
   * @return the status
   */
  public Status status() {
    return status;
  }

  /**
   * Whether the run found a solution.
   *
   * @return true for {@link Status#SOLVED}
   */
  public boolean solved() {
    return status == Status.SOLVED;
  }

  /**
   * The value of every variable when solved, else null.
   *
   * @return the values, or null
   */
  public int[] values() {
    return values == null ? null : values.clone();
  }

  /**
   * How many sweeps ran in all.
   *
   * @return the number of sweeps
   */
  public int sweeps() {
    return sweeps;
  }

  /**
   * How many variables were fixed by decision.
   *
   * @return the number of decisions
   */
  public int decisions() {
    return decisions;
  }

  /**
   * How many restarts there were.
   *
   * @return the number of restarts
   */
  public int restarts() {
    return restarts;
  }

  /**
   * Decisions undone by a search (0 for drivers that do not search).
   *
   * @return the number of backtracks
   */
  public long backtracks() {
    return backtracks;
  }

  /**
   * Factors broken by the final readout when it was not a solution (0 otherwise).
   *
   * @return the number of conflicts
   */
  public int conflicts() {
    return conflicts;
  }

  /**
   * How long the run took.
   *
   * @return the time in nanoseconds
   */
  public long nanos() {
    return nanos;
  }

  /**
   * The status and the effort, for messages and logs: {@code solved (12 decisions, 3 restarts, 40
   * sweeps, 2 backtracks, 0 conflicts, 1.5 ms)}; not the values.
   *
   * @return the words
   */
  @Override
  public String toString() {
    return String.format(
        Locale.ROOT,
        "%s (%d decisions, %d restarts, %d sweeps, %d backtracks, %d conflicts, %.1f ms)",
        status.words(),
        decisions,
        restarts,
        sweeps,
        backtracks,
        conflicts,
        nanos / 1e6);
  }
}
