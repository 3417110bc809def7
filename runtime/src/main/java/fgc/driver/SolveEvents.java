package fgc.driver;

/** What a driver reports while it works; every method does nothing unless overridden. */
public interface SolveEvents {
  /** Listens to nothing. */
  SolveEvents NONE = new SolveEvents() {};

  /**
   * Variable {@code variable} was fixed to {@code value}; {@code margin} is best minus second-best
   * belief.
   *
   * @param variable the variable's index
   * @param value the value it was fixed to
   * @param margin the best belief minus the second best
   * @param sampled whether the value was sampled from the belief rather than its argmax
   */
  default void decision(int variable, int value, double margin, boolean sampled) {}

  /**
   * Beliefs ran out of mass (some variable has no value left) after {@code decisions} decisions.
   *
   * @param decisions how many decisions were made
   */
  default void contradiction(int decisions) {}

  /**
   * A complete assignment broke a factor; {@code why} names it.
   *
   * @param why the broken factor, described
   */
  default void invalidAssignment(String why) {}

  /**
   * After a contradiction, later attempts on this puzzle avoid {@code value} at {@code variable}:
   * it was the attempt's last decision that its beliefs did not force (decimation).
   *
   * @param variable the variable's index
   * @param value the value avoided from now on
   */
  default void avoided(int variable, int value) {}

  /**
   * Probing refuted {@code variable = value}: with the decisions so far, propagation meets a dead
   * end, so the attempt sets the value aside instead of deciding it (decimation).
   *
   * @param variable the variable's index
   * @param value the value set aside for the rest of the attempt
   */
  default void refuted(int variable, int value) {}

  /**
   * Attempt {@code attempt} (1 for the first restart) begins.
   *
   * @param attempt the attempt's number
   */
  default void restart(int attempt) {}

  /**
   * The search undid a decision (exact driver).
   *
   * @param variable the variable's index
   * @param value the value taken back
   */
  default void backtrack(int variable, int value) {}
}
