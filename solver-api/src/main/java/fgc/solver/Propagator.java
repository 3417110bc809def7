package fgc.solver;

/**
 * A {@link Propagation} generated for one model: the rules of the runtime's own propagation ({@code
 * fgc.driver.search.BitmaskPropagation}) with the model's units, pairs, segments and state layout
 * as constants of a subclass the compiler generates, its loops over them unrolled. The same rules
 * in the same order, so the same fixpoint, the same branches and the same nodes. One instance per
 * search: it keeps the dirty sets.
 */
public abstract class Propagator implements Propagation {
  /**
   * The cache key this class was compiled under: a loaded class must report its entry's key.
   *
   * @return the key, 64 hex digits
   */
  public abstract String key();

  /**
   * The {@link PlanDigest} of the tables this class was generated for, computed from the constants
   * it runs on; the runtime compares it with the digest of the model's own tables before using it.
   *
   * @return the digest in hex
   */
  public abstract String tablesDigest();

  /**
   * The digest of a propagator's tables, from its parts: the sizes and tables its code and
   * constants are generated from. A generated class reports it from its own constants, the runtime
   * computes it from the model's tables (a missing table, as in tables without segment covers,
   * counts as empty).
   *
   * @param variables the number of variables
   * @param words the state words per variable mask
   * @param values the bits a value mask spans
   * @param unitStart where each unit's variables start in {@code unitVars}
   * @param unitVars the variables of every unit, unit after unit
   * @param unitFull each unit's mask of all its values
   * @param pairStart where each unit pair's variables start in {@code pairVars}
   * @param pairVars the variables of every unit pair
   * @param sideStart where each variable's segment list starts in {@code sideSegments}, or null
   * @param sideSegments the segments of every variable, or null
   * @param peerRows each variable's peers as bit rows, or null
   * @return the digest in hex
   */
  public static String digestOf(
      int variables,
      int words,
      int values,
      int[] unitStart,
      int[] unitVars,
      long[] unitFull,
      int[] pairStart,
      int[] pairVars,
      int[] sideStart,
      int[] sideSegments,
      long[] peerRows) {
    return new PlanDigest()
        .add("fgc-propagator-tables 1")
        .add(variables)
        .add(words)
        .add(values)
        .add(unitStart)
        .add(unitVars)
        .add(unitFull)
        .add(pairStart)
        .add(pairVars)
        .add(sideStart == null ? new int[0] : sideStart)
        .add(sideSegments == null ? new int[0] : sideSegments)
        .add(peerRows == null ? new long[0] : peerRows)
        .hex();
  }
}
