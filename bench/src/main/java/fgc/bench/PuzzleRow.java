package fgc.bench;

import fgc.driver.SolveResult;

/**
 * What one solver did on one puzzle. {@code solved} is true only after the independent grid check.
 */
final class PuzzleRow {
  /** How a run ended, as written in the CSV: the driver's status, or what the bench saw instead. */
  enum Outcome {
    SOLVED,
    UNSOLVED,
    NO_SOLUTION,
    INCONSISTENT_EVIDENCE,
    TIME_LIMIT,
    INVALID_ANSWER,
    ERROR;

    /**
     * The driver's status under the same name; a status the bench does not know yet counts as
     * unsolved.
     */
    static Outcome of(SolveResult.Status status) {
      for (Outcome o : values()) {
        if (o.name().equals(status.name())) {
          return o;
        }
      }
      return UNSOLVED;
    }
  }

  final String corpus;
  final int index;
  final String algorithm;
  final String driver;
  final Outcome outcome;
  final double millis;
  final int sweeps;
  final int decisions;
  final int restarts;
  final long backtracks;

  /**
   * Factors the final readout broke (single and iterative report them; 0 for the other drivers).
   */
  final int conflicts;

  PuzzleRow(
      String corpus,
      int index,
      String algorithm,
      String driver,
      Outcome outcome,
      double millis,
      int sweeps,
      int decisions,
      int restarts,
      long backtracks,
      int conflicts) {
    this.corpus = corpus;
    this.index = index;
    this.algorithm = algorithm;
    this.driver = driver;
    this.outcome = outcome;
    this.millis = millis;
    this.sweeps = sweeps;
    this.decisions = decisions;
    this.restarts = restarts;
    this.backtracks = backtracks;
    this.conflicts = conflicts;
  }

  boolean solved() {
    return outcome == Outcome.SOLVED;
  }

  /** The group this row is summarised in. */
  String solverLabel() {
    return algorithm + " + " + driver;
  }
}
