package fgc.bench;

import fgc.driver.SolveEvents;

/**
 * A per-puzzle time limit that needs no support from the drivers: every driver reports its
 * decisions, restarts, contradictions or backtracks as it goes, and the first report after the
 * deadline throws {@link Reached}, which the bench catches and records as a time-out.
 */
final class Deadline implements SolveEvents {
  /** Thrown through the driver when the time is up. */
  static final class Reached extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Reached() {
      super("time limit reached", null, false, false);
    }
  }

  private final long at;

  Deadline(long nanosFromNow) {
    this.at = System.nanoTime() + nanosFromNow;
  }

  private void check() {
    if (System.nanoTime() - at > 0) {
      throw new Reached();
    }
  }

  @Override
  public void decision(int variable, int value, double margin, boolean sampled) {
    check();
  }

  @Override
  public void contradiction(int decisions) {
    check();
  }

  @Override
  public void restart(int attempt) {
    check();
  }

  @Override
  public void backtrack(int variable, int value) {
    check();
  }
}
