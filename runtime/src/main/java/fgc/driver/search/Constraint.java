package fgc.driver.search;

/**
 * One propagator of the search: it removes values of its variables that no solution of this
 * constraint can take, given the others' remaining values. {@link #propagate} runs to its own
 * fixpoint, so the search need not wake a constraint for the changes it made itself.
 */
abstract class Constraint {
  /** The variables, each once. */
  final int[] vars;

  Constraint(int[] vars) {
    this.vars = vars.clone();
  }

  /** Removes unsupported values; false when some variable is left with none (a dead end). */
  abstract boolean propagate(Domains d);
}
