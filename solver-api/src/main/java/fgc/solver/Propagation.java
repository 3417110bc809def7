package fgc.solver;

/**
 * The exact search's propagation of one node's state to a fixpoint: the one contract its search
 * runs on, whether the runtime's own rules implement it or a {@link Propagator} generated for the
 * model does. The state is one bit mask of candidate values per variable, then what the state
 * layout keeps beside them; an implementation keeps its own record of what changed.
 */
public interface Propagation {
  /** Marks everything changed: the next propagation looks at every unit, pair and segment. */
  void allChanged();

  /**
   * Marks the units, pairs and segments of {@code variable}, whose mask just shrank.
   *
   * @param variable the variable whose mask shrank
   */
  void changed(int variable);

  /**
   * Propagates state {@code s} to a fixpoint, starting with the fixed variables {@code
   * queue[0..tail)}; false on a contradiction. {@code queue} has room for every variable.
   *
   * @param s the search state
   * @param queue the variables fixed since the last propagation, then room for those it fixes
   * @param tail how many entries of {@code queue} are filled
   * @return true when the state reached a fixpoint without contradiction
   */
  boolean propagate(long[] s, int[] queue, int tail);
}
