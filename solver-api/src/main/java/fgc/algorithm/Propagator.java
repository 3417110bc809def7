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

  /** Marks the units, pairs and segments of {@code variable}, whose mask just shrank. */
  public abstract void changed(int variable);

  /**
   * Propagates state {@code s} to a fixpoint, starting with the fixed variables {@code queue[0..tail)};
   * false on a contradiction. {@code queue} has room for every variable.
   */
  public abstract boolean propagate(long[] s, int[] queue, int tail);
}
