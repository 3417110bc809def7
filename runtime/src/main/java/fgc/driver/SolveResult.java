package fgc.driver;

/** What a driver did for one problem: the outcome, the assignment when solved, and the effort. */
public final class SolveResult {
  /** How a run ended. */
  public enum Status {
    /** Every variable has a value and every factor holds (checked on the model). */
    SOLVED,
    /** The budget ran out without a consistent assignment. */
    UNSOLVED,
    /** A complete search proved that no assignment satisfies every factor. */
    NO_SOLUTION,
    /** The evidence itself breaks a factor, so no assignment can hold. */
    INCONSISTENT_EVIDENCE;

    /** The outcome in words, as a message to a user says it (never the constant's name). */
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

  /** A result with no backtracks (message-passing drivers). */
  public SolveResult(Status status, int[] values, int sweeps, int decisions, int restarts, long nanos) {
    this(status, values, sweeps, decisions, restarts, 0, nanos);
  }

  public SolveResult(Status status, int[] values, int sweeps, int decisions, int restarts, long backtracks, long nanos) {
    this(status, values, sweeps, decisions, restarts, backtracks, nanos, 0);
  }

  /**
   * A result that also counts {@code conflicts}: the factors the driver's final readout broke (for
   * drivers that read out a full assignment without repairing it, such as {@code single}).
   */
  public SolveResult(Status status, int[] values, int sweeps, int decisions, int restarts, long backtracks, long nanos, int conflicts) {
    this.status = status;
    this.values = values == null ? null : values.clone();
    this.sweeps = sweeps;
    this.decisions = decisions;
    this.restarts = restarts;
    this.backtracks = backtracks;
    this.nanos = nanos;
    this.conflicts = conflicts;
  }

  public Status status() {
    return status;
  }

  public boolean solved() {
    return status == Status.SOLVED;
  }

  /** The value of every variable when solved, else null. */
  public int[] values() {
    return values == null ? null : values.clone();
  }

  public int sweeps() {
    return sweeps;
  }

  public int decisions() {
    return decisions;
  }

  public int restarts() {
    return restarts;
  }

  /** Decisions undone by a search (0 for drivers that do not search). */
  public long backtracks() {
    return backtracks;
  }

  /** Factors broken by the final readout when it was not a solution (0 otherwise). */
  public int conflicts() {
    return conflicts;
  }

  public long nanos() {
    return nanos;
  }
}
