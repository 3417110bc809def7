package fgc.plan;

import fgc.model.Model;
import java.util.Locale;

/**
 * What a generated solver will hold, added up in {@code long} before its source is written: the
 * tables it carries as text, measured as they are written (each becomes constant-pool strings,
 * initialiser code and, once decoded, an array), the arrays of its state, and the estimated cost of
 * a sweep. {@link #check} compares them with {@link SolverLimits} and refuses with a {@link
 * TooLargeException} that names the model's size, the algorithm and the limit. The emitters list
 * their tables and state here (each next to the fields it accounts for); the planner checks the
 * largest parts early, before it builds the arrays they need. Every part is counted from below or
 * exactly, so a partial footprint that fails a limit proves the whole one would.
 */
public final class Footprint {
  /**
   * Class bytes besides the tables: the methods, the constant pool of the code, fields. The most
   * measured is 23 KB (the straight-line updates of four-value factor classes; the unrolled
   * 16-value pairwise update, 9 KB); {@code SolverLimitsTest} checks the bound on compiled classes.
   */
  static final long FIXED_CLASS_BYTES = 32 << 10;

  /** Source characters besides the tables (40 KB measured, as {@link #FIXED_CLASS_BYTES}). */
  static final long FIXED_SOURCE_BYTES = 48 << 10;

  /** Constant-pool entries besides the tables' (under 350 measured). */
  static final long FIXED_CONSTANTS = 512;

  /** Bytes of the static initialiser besides the tables' decode calls (under 70 measured). */
  static final long FIXED_INITIALIZER_BYTES = 128;

  /**
   * Per chunk of table text: its UTF-8 entry's header (3 bytes) and string entry (3), and the code
   * that stores it in the call's argument array: {@code dup}, the index, {@code ldc_w}, {@code
   * aastore}.
   */
  static final long CLASS_BYTES_PER_CHUNK = 14;

  static final long CONSTANTS_PER_CHUNK = 2;
  static final long INITIALIZER_BYTES_PER_CHUNK = 8;

  /** Per chunk in the source: the line break, indent, quotes and comma around it. */
  static final long SOURCE_BYTES_PER_CHUNK = 8;

  /** Per table: its field, the decode call and its length (code, constants, source). */
  static final long CLASS_BYTES_PER_TABLE = 96;

  static final long CONSTANTS_PER_TABLE = 8;
  static final long INITIALIZER_BYTES_PER_TABLE = 24;
  static final long SOURCE_BYTES_PER_TABLE = 192;

  private final String algorithm;
  private final String subject;
  private long tables;
  private long tableChars;
  private long chunks;
  private long tableHeapBytes;
  private String largestTable;
  private long largestTableChars;
  private long largestTableEntries;
  private long stateBytes;
  private String largestArray;
  private long largestArrayEntries;
  private String largestArrayWhat;
  private long largestArrayBytes;
  private SweepCost sweep;

  /**
   * An empty footprint of {@code algorithm}'s solver for {@code model}, whose messages have {@code
   * width} values.
   */
  public Footprint(String algorithm, Model model, int width) {
    this.algorithm = algorithm;
    this.subject =
        "model "
            + model.name()
            + " ("
            + count(model.variableCount())
            + " variables of up to "
            + width
            + " values, "
            + count(model.factors().size())
            + " factors)";
  }

  public String algorithm() {
    return algorithm;
  }

  /**
   * A table the class carries as text (decimal or packed): {@code entries} values written in {@code
   * chars} characters, as many bytes in the class file as in the source, split into {@code chunks}
   * string constants, decoded when the class loads into an array of {@code entryBytes}-byte
   * entries.
   */
  public Footprint table(String name, long entries, long chars, long chunks, int entryBytes) {
    tables++;
    tableChars += chars;
    this.chunks += chunks;
    tableHeapBytes += entries * entryBytes;
    if (largestTable == null || chars > largestTableChars) {
      largestTable = name;
      largestTableChars = chars;
      largestTableEntries = entries;
    }
    return array(name, entries, entryBytes, "entries");
  }

  /**
   * Adds every table {@code lowered} holds as text, as its {@link TableText} is written: the same
   * characters and chunks.
   *
   * @param lowered the plan's constants
   * @return this footprint
   */
  public Footprint constants(Lowered lowered) {
    for (Lowered.Constant c : lowered.constants()) {
      if (c.table()) {
        TableText text = c.text();
        table(
            c.name(),
            text.length(),
            text.chars(),
            text.chunks().length,
            text.ints() ? Integer.BYTES : Double.BYTES);
      }
    }
    return this;
  }

  /**
   * An array of the solver's state (or derived when the class loads): {@code entries} of {@code
   * entryBytes} bytes; {@code what} says what they count.
   */
  public Footprint state(String name, long entries, int entryBytes, String what) {
    stateBytes += entries * entryBytes;
    return array(name, entries, entryBytes, what);
  }

  private Footprint array(String name, long entries, int entryBytes, String what) {
    if (largestArray == null || entries > largestArrayEntries) {
      largestArray = name;
      largestArrayEntries = entries;
      largestArrayWhat = what;
    }
    largestArrayBytes = Math.max(largestArrayBytes, entries * entryBytes);
    return this;
  }

  /** The estimated cost of one sweep. */
  public Footprint sweep(SweepCost cost) {
    this.sweep = cost;
    return this;
  }

  public long classBytes() {
    return FIXED_CLASS_BYTES
        + tableChars
        + chunks * CLASS_BYTES_PER_CHUNK
        + tables * CLASS_BYTES_PER_TABLE;
  }

  public long sourceBytes() {
    return FIXED_SOURCE_BYTES
        + tableChars
        + chunks * SOURCE_BYTES_PER_CHUNK
        + tables * SOURCE_BYTES_PER_TABLE;
  }

  public long constantPoolEntries() {
    return FIXED_CONSTANTS + chunks * CONSTANTS_PER_CHUNK + tables * CONSTANTS_PER_TABLE;
  }

  /** Bytes of the static initialiser, which decodes every table. */
  public long initializerBytes() {
    return FIXED_INITIALIZER_BYTES
        + chunks * INITIALIZER_BYTES_PER_CHUNK
        + tables * INITIALIZER_BYTES_PER_TABLE;
  }

  /** Bytes of one instance's arrays (messages, beliefs, scratch). */
  public long stateBytes() {
    return stateBytes;
  }

  /** Bytes of the largest array, table or state. */
  public long largestArrayBytes() {
    return largestArrayBytes;
  }

  /** Entries of the largest array, table or state. */
  public long largestArrayEntries() {
    return largestArrayEntries;
  }

  /**
   * Heap the compile, the load and one instance need together, at most: the state, the decoded
   * tables and {@link SolverLimits#COMPILE_HEAP_PER_CLASS_BYTE} per byte of class.
   */
  public long heapBytes() {
    return stateBytes + tableHeapBytes + SolverLimits.COMPILE_HEAP_PER_CLASS_BYTE * classBytes();
  }

  /** Estimated operations of one sweep, or 0 when not estimated. */
  public long sweepOperations() {
    return sweep == null ? 0 : sweep.operations();
  }

  /** Checks against {@link SolverLimits} and the heap this JVM may use. */
  public void check() {
    check(Runtime.getRuntime().maxMemory());
  }

  /**
   * Checks against {@link SolverLimits}, with {@code maxHeap} bytes of heap ({@code
   * Long.MAX_VALUE}: no limit). The heap comes last, so that a refusal for it means a larger heap
   * would do.
   */
  public void check(long maxHeap) {
    if (largestArrayEntries > SolverLimits.MAX_ARRAY_ENTRIES) {
      throw refuse(
          "its "
              + largestArray
              + " array would need "
              + count(largestArrayEntries)
              + " "
              + largestArrayWhat
              + ", over the "
              + count(SolverLimits.MAX_ARRAY_ENTRIES)
              + " of the largest array the JVM allocates");
    }
    if (classBytes() > SolverLimits.MAX_CLASS_BYTES) {
      throw refuse(
          "its class would take about "
              + bytes(classBytes())
              + tableNote()
              + ", over the "
              + bytes(SolverLimits.MAX_CLASS_BYTES)
              + " limit of a class (the cache's largest file)");
    }
    if (sourceBytes() > SolverLimits.MAX_CLASS_BYTES) {
      throw refuse(
          "its source would take about "
              + bytes(sourceBytes())
              + tableNote()
              + ", over the "
              + bytes(SolverLimits.MAX_CLASS_BYTES)
              + " limit of a source (the cache's largest file)");
    }
    if (constantPoolEntries() > SolverLimits.MAX_CONSTANT_POOL) {
      throw refuse(
          "its class would need "
              + count(constantPoolEntries())
              + " constant-pool entries, over the class file's "
              + count(SolverLimits.MAX_CONSTANT_POOL));
    }
    if (initializerBytes() > SolverLimits.MAX_METHOD_BYTES) {
      throw refuse(
          "its static initialiser would need "
              + count(initializerBytes())
              + " bytes of code, over the "
              + count(SolverLimits.MAX_METHOD_BYTES)
              + " of a method");
    }
    if (sweep != null && sweep.operations() > SolverLimits.MAX_SWEEP_OPERATIONS) {
      throw refuse(
          "one sweep would take about "
              + SweepCost.scientific(sweep.operations())
              + " operations, "
              + sweep.dominant()
              + ", over the budget of "
              + SweepCost.scientific(SolverLimits.MAX_SWEEP_OPERATIONS)
              + " per sweep");
    }
    if (maxHeap != Long.MAX_VALUE
        && largestArrayBytes > maxHeap / SolverLimits.HEAP_PER_LARGEST_ARRAY) {
      throw refuse(
          "its "
              + largestArray
              + " array alone would take "
              + bytes(largestArrayBytes)
              + ", over half of this JVM's "
              + bytes(maxHeap)
              + " heap, the most its collector can be counted on to place in one piece;"
              + " a larger heap (java -Xmx, e.g. JAVA_TOOL_OPTIONS=-Xmx"
              + suggestedHeap(largestArrayBytes * SolverLimits.HEAP_PER_LARGEST_ARRAY)
              + ") may take it");
    }
    if (maxHeap != Long.MAX_VALUE && heapBytes() > maxHeap) {
      throw refuse(
          "compiling and running it would need about "
              + bytes(heapBytes())
              + " of heap (its state alone "
              + bytes(stateBytes)
              + "), over this JVM's "
              + bytes(maxHeap)
              + "; a larger heap (java -Xmx, e.g. JAVA_TOOL_OPTIONS=-Xmx"
              + suggestedHeap(heapBytes())
              + ") may take it");
    }
  }

  /** A refusal naming the algorithm and the model's size, then {@code why}. */
  TooLargeException refuse(String why) {
    return new TooLargeException(algorithm + " cannot take " + subject + ": " + why);
  }

  /** The {@code -Xmx} value that holds {@code bytes}, in whole GiB with one to spare. */
  static String suggestedHeap(long bytes) {
    long gib = (bytes + (1L << 30) - 1) >> 30;
    return (gib + 1) + "g";
  }

  /**
   * What a refusal says of the largest table, if any; made only for a refusal, since it formats a
   * decimal (which loads the JDK's locale data) and every plan is checked.
   */
  private String tableNote() {
    return largestTable == null
        ? ""
        : " (the largest table, "
            + largestTable
            + ", holds "
            + count(largestTableEntries)
            + " entries in about "
            + bytes(largestTableChars)
            + ")";
  }

  /** A count with thousands separators, as {@code String.format(Locale.ROOT, "%,d", n)}. */
  public static String count(long n) {
    // By hand: a formatter loads the JDK's locale data, tens of milliseconds of a fresh JVM, and
    // every plan calls this (for a message it may never show), a cache hit's included.
    String digits = Long.toString(n);
    int sign = n < 0 ? 1 : 0;
    StringBuilder text = new StringBuilder(digits.length() + digits.length() / 3);
    text.append(digits, 0, sign);
    for (int i = sign; i < digits.length(); i++) {
      if (i > sign && (digits.length() - i) % 3 == 0) {
        text.append(',');
      }
      text.append(digits.charAt(i));
    }
    return text.toString();
  }

  /** Bytes in binary units, one decimal. */
  public static String bytes(long n) {
    if (n >= 1L << 30) {
      return String.format(Locale.ROOT, "%.1f GiB", n / (double) (1L << 30));
    }
    if (n >= 1L << 20) {
      return String.format(Locale.ROOT, "%.1f MiB", n / (double) (1L << 20));
    }
    return String.format(Locale.ROOT, "%.1f KiB", n / 1024.0);
  }

  /** Characters of the decimal text of {@code value} (non-negative). */
  public static int digits(long value) {
    int d = 1;
    while (value >= 10) {
      value /= 10;
      d++;
    }
    return d;
  }
}
