package fgc.algorithm;

/**
 * The propagation of the runtime's exact search ({@code fgc.driver.exact.BitmaskSearch}) specialised
 * to one model: its units, pairs, segments and state layout are constants of a subclass the compiler
 * generates, its loops over them unrolled. The same rules in the same order as the search's own propagation, so the same fixpoint,
 * the same branches and the same nodes. One instance per search: it keeps the dirty sets.
 */
public abstract class Propagator {
  /** Marks every unit, pair and segment changed: the next propagation looks at all of them. */
  public abstract void allChanged();

  /**
   * Marks the units, pairs and segments of {@code variable}, whose mask just shrank.
   *
   * @param variable the variable whose mask shrank
   */
  public abstract void changed(int variable);

  /**
   * Propagates state {@code s} to a fixpoint, starting with the fixed variables {@code queue[0..tail)};
   * false on a contradiction. {@code queue} has room for every variable.
   *
   * @param s the search state: one bit mask of candidate values per variable, and the layout's
   *     counters
   * @param queue the variables fixed since the last propagation, then room for those it fixes
   * @param tail how many entries of {@code queue} are filled
   * @return true when the state reached a fixpoint without contradiction
   */
  public abstract boolean propagate(long[] s, int[] queue, int tail);
}
