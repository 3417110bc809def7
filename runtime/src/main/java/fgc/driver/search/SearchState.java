package fgc.driver.search;

/**
 * How {@link Search} keeps, reads and narrows the states of the nodes on its path, and which branch
 * it takes next: the one engine runs over either kind. A state is a {@code long[]} with each
 * variable's remaining values as bits, then the cells its propagation keeps for itself; a value is
 * named by its index (its bit). {@link MaskState} copies one mask per variable from level to level;
 * {@link TrailedState} changes one set of {@link Domains} in place and undoes through its trail.
 */
abstract class SearchState {
  /** How many variables the model has. */
  final int variables;

  SearchState(int variables) {
    this.variables = variables;
  }

  /**
   * The state a run starts from (level 0), with nothing given yet.
   *
   * @return the root state, to narrow by the evidence
   */
  abstract long[] reset();

  /**
   * Narrows the root state {@code s} to {@code v = value}; false when {@code value} is not one of
   * {@code v}'s. The engine queues {@code v} for the propagation.
   */
  abstract boolean give(long[] s, int v, int value);

  /**
   * Opens level {@code depth}, whose state is {@code s}: the variable it branches on, its values
   * ready for {@link #nextValue}; -1 when every variable is fixed (a solution).
   */
  abstract int open(long[] s, int depth);

  /**
   * The index of the next value of {@code v}, the variable level {@code depth} branches on, that
   * the level tries, or -1 when it has tried all; {@code s} is the level's state.
   */
  abstract int nextValue(long[] s, int depth, int v);

  /** The state of level {@code depth} as it was when the level opened, its child's changes gone. */
  abstract long[] level(int depth);

  /** The state of the child of level {@code depth}, a copy of the level's state to narrow. */
  abstract long[] child(int depth);

  /** Fixes {@code v} to its value of index {@code i} in {@code s} (it holds that value). */
  abstract void fix(long[] s, int v, int i);

  /** The value of {@code v} that index {@code i} stands for. */
  abstract int value(int v, int i);

  /** The value of every variable, all of them fixed in {@code s}. */
  abstract int[] values(long[] s);
}
