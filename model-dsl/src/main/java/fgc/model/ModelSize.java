package fgc.model;

import java.util.Locale;

/**
 * What a {@link ModelBuilder}'s model takes so far, held to its limits as each factor is added: the
 * weights of its tables in all, and a lower bound of its heap against the share of the JVM's heap a
 * model may have.
 */
final class ModelSize {
  private long tableEntries;

  /**
   * The heap the model may take ({@link Limits#MODEL_HEAP_SHARE} of the JVM's), and a lower bound
   * of what it takes so far.
   */
  private final long heapBytes;

  private long modelBytes;

  /** A model's size for a JVM of {@code maxHeapBytes} of heap. */
  ModelSize(long maxHeapBytes) {
    this.heapBytes = maxHeapBytes / Limits.MODEL_HEAP_SHARE;
  }

  /** The counts at one moment, for {@link #rollback}. */
  record State(long tableEntries, long modelBytes) {}

  State state() {
    return new State(tableEntries, modelBytes);
  }

  void rollback(State mark) {
    tableEntries = mark.tableEntries;
    modelBytes = mark.modelBytes;
  }

  /**
   * Counts one more factor, over {@code arity} variables with {@code newWeights} weights not
   * counted yet, after {@code factorCount} others; past a limit, a ModelException.
   */
  void addFactor(int arity, int newWeights, int factorCount) {
    if (tableEntries + newWeights > Limits.MAX_MODEL_TABLE_ENTRIES) {
      throw new ModelException(
          "the model's tables would hold more than "
              + Limits.MAX_MODEL_TABLE_ENTRIES
              + " weights in all; the limit is "
              + Limits.MAX_MODEL_TABLE_ENTRIES);
    }
    tableEntries += newWeights;
    modelBytes += Limits.FACTOR_BYTES + Limits.SCOPE_ENTRY_BYTES * arity;
    if (modelBytes > heapBytes) {
      throw new ModelException(
          "the model is too big for this JVM's heap: its first "
              + (factorCount + 1)
              + " factors take more than "
              + mib(modelBytes)
              + " of memory, past the "
              + mib(heapBytes)
              + " a model may have (half of the maximum heap, "
              + mib(heapBytes * Limits.MODEL_HEAP_SHARE)
              + "); give Java a larger heap, e.g. JAVA_TOOL_OPTIONS=-Xmx"
              + Math.max(1, (modelBytes * Limits.MODEL_HEAP_SHARE * 2 >> 30) + 1)
              + "g");
    }
  }

  private static String mib(long bytes) {
    return String.format(Locale.ROOT, "%,.1f MiB", bytes / (double) (1 << 20));
  }
}
