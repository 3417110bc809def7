package fgc.driver.search;

/**
 * One propagator of the search: it removes values of its variables that no solution of this
 * constraint can take, given the others' remaining values. {@link #propagate} runs to its own
 * fixpoint, so the search need not wake a constraint for the changes it made itself. Each family of
 * constraints has a package of its own below this one.
 */
public abstract class Constraint {
  /** The variables, each once. */
  protected final int[] vars;

  /**
   * A constraint over {@code vars}.
   *
   * @param vars the variables, each once (copied)
   */
  protected Constraint(int[] vars) {
    this.vars = vars.clone();
  }

  /**
   * Removes unsupported values; false when some variable is left with none (a dead end).
   *
   * @param d the domains, changed in place
   * @return false on a dead end
   */
  protected abstract boolean propagate(Domains d);
}
