package fgc.plan;

/**
 * What a generated solver may hold, so that every plan the planner accepts compiles, loads and runs
 * (docs/language.md, "Limits", has the same list with the measurements behind it). The model's own
 * limits are {@link fgc.model.Limits}; these are the compiler's, checked by {@link Footprint} on
 * sizes computed in {@code long} before any code is emitted.
 */
public final class SolverLimits {
  /**
   * Entries in one array: a little under {@code Integer.MAX_VALUE}, the most HotSpot allocates. The
   * largest array is the messages, edges times values; generated index arithmetic is {@code int},
   * which this limit also keeps from overflowing.
   */
  public static final long MAX_ARRAY_ENTRIES = Integer.MAX_VALUE - 8;

  /**
   * Bytes of the class file and of its source, each: the cache's largest entry file (64 MiB). The
   * tables a class carries (edges, weights) are most of both; above this a class could be compiled
   * but never stored, and Janino's time and memory grow with it (57 MB took 6.4 s and a 512 MB
   * heap).
   */
  public static final long MAX_CLASS_BYTES = 64L << 20;

  /**
   * Entries in a class's constant pool (the class file format's 16-bit count, minus the unused
   * entry 0).
   */
  public static final long MAX_CONSTANT_POOL = 65_534;

  /**
   * Bytes of one method's code, the class file format's limit (Janino: "Code grows beyond 64 KB").
   */
  public static final long MAX_METHOD_BYTES = 65_535;

  /**
   * Pairs of variables pairwise BP collects before merging repeats (each {@code alldiff} of k
   * variables gives k(k-1)/2): bounds the planner's own time and memory (8 bytes a pair), far above
   * the pairs any class within {@link #MAX_CLASS_BYTES} can hold (about 4 million).
   */
  public static final long MAX_PAIR_OCCURRENCES = 1L << 25;

  /**
   * Estimated operations of one sweep ({@link SweepCost}), no evidence: above this a single sweep
   * takes minutes, and a solve needs thousands of sweeps.
   */
  public static final long MAX_SWEEP_OPERATIONS = 100_000_000_000L;

  /**
   * Estimated operations of a whole run above which {@code fgc run} warns before it starts (at
   * about a billion simple operations a second, ten seconds or more).
   */
  public static final long WARN_RUN_OPERATIONS = 10_000_000_000L;

  /**
   * Heap a compile and load needs beyond the solver's state and tables, per byte of class file:
   * Janino holds the source, its syntax tree and the class bytes at once (measured: a 57 MB class
   * compiled and loaded with a 512 MB heap, not with 384 MB).
   */
  public static final long COMPILE_HEAP_PER_CLASS_BYTE = 8;

  /**
   * The largest array may take at most 1/this of the heap (half): a collector places an array in
   * one piece, in the serial collector's old generation (two thirds of the heap) or in G1's free
   * regions in a row (Sudoku 121x121 under bp-pairwise, 4.8 GB of messages, ran out of 6.3 GB).
   */
  public static final long HEAP_PER_LARGEST_ARRAY = 2;

  private SolverLimits() {}
}
