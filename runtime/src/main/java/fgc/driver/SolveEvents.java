package fgc.driver;

/** What a driver reports while it works; every method does nothing unless overridden. */
public interface SolveEvents {
  SolveEvents NONE = new SolveEvents() {};

  /** Variable {@code variable} was fixed to {@code value}; {@code margin} is best minus second-best belief. */
  default void decision(int variable, int value, double margin, boolean sampled) {}

  /** Beliefs ran out of mass (some variable has no value left) after {@code decisions} decisions. */
  default void contradiction(int decisions) {}

  /** A complete assignment broke a factor; {@code why} names it. */
  default void invalidAssignment(String why) {}

  /** Attempt {@code attempt} (1 for the first restart) begins. */
  default void restart(int attempt) {}

  /** The search undid a decision (exact driver). */
  default void backtrack(int variable, int value) {}
}
