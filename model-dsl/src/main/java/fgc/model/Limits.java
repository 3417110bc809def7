package fgc.model;

/**
 * Sizes a model may have. They keep compilation bounded (a model is a program the compiler
 * unrolls into tables) and are checked with a clear error rather than by running out of memory.
 * Within them, each algorithm has limits of its own, and so has the solver the compiler writes
 * ({@code fgc.compiler.plan.SolverLimits}): docs/language.md, "Limits", lists them all.
 */
public final class Limits {
  /** Values in one variable's domain. */
  public static final int MAX_DOMAIN = 256;
  /** Variables in a model, all arrays together. */
  public static final int MAX_VARIABLES = 100_000;
  /** Dimensions of one variable array. */
  public static final int MAX_RANK = 8;
  /** Factors in a model after loops are unrolled. */
  public static final int MAX_FACTORS = 1_000_000;
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

  private Limits() {}
}
