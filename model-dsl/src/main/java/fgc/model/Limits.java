package fgc.model;

/**
 * Sizes a model may have. They keep compilation bounded (a model is a program the compiler unrolls
 * into tables) and are checked with a clear error rather than by running out of memory. Within
 * them, each algorithm has limits of its own, and so has the solver the compiler writes ({@code
 * fgc.plan.SolverLimits}): docs/language.md, "Limits", lists them all.
 */
public final class Limits {
  /** Values in one variable's domain. */
  public static final int MAX_DOMAIN = 256;

  /**
   * Variables in a model, all arrays together (2^24: a 4096 x 4096 grid). Far below {@code int}'s
   * range, so an index times a small width never overflows; what a model this big costs is checked
   * in {@code long} against the heap, here for the model ({@link #MODEL_HEAP_SHARE}) and by the
   * planner for its solver.
   */
  public static final int MAX_VARIABLES = 1 << 24;

  /** Dimensions of one variable array. */
  public static final int MAX_RANK = 8;

  /** Factors in a model after loops are unrolled (2^24). */
  public static final int MAX_FACTORS = 1 << 24;

  /** Variables one factor may connect. */
  public static final int MAX_ARITY = 1024;

  /** Weights in one table factor (the product of its variables' domain sizes). */
  public static final int MAX_TABLE_ENTRIES = 1 << 20;

  /** Weights in all the tables of a model together, given and computed. */
  public static final int MAX_MODEL_TABLE_ENTRIES = 1 << 23;

  /**
   * Formula nodes evaluated to expand a model's relations and weight formulas into tables (nodes
   * times joint values, tables computed once for equal formulas over equal domains): it bounds the
   * time reading a model takes to a few seconds.
   */
  public static final long MAX_EXPANSION_WORK = 1L << 28;

  /**
   * A model may take at most 1/this of the JVM's maximum heap (half): the rest is for planning and
   * compiling its solver. Counted from below as the factors are added ({@link #FACTOR_BYTES} and
   * {@link #SCOPE_ENTRY_BYTES} each; tables not counted, equal ones share an array), so a model
   * refused here would not have fit.
   */
  public static final long MODEL_HEAP_SHARE = 2;

  /**
   * Heap one factor takes besides its scope: the object, its scope and domain arrays' headers, its
   * place in the model's lists (measured: about 120 bytes for a pairwise weight formula).
   */
  public static final long FACTOR_BYTES = 80;

  /** Heap per variable of a factor's scope: an int of the scope and a reference to its domain. */
  public static final long SCOPE_ENTRY_BYTES = 8;

  private Limits() {}
}
