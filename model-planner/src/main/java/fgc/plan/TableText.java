package fgc.plan;

import fgc.solver.PackedTables;
import java.util.ArrayList;
import java.util.List;

/**
 * How a table constant is written into a class's source and constant pool, decided once: a long run
 * of one value as that value and a length ({@link Form#FILLED}); small tables as decimal text in
 * chunks, which a reader of the source can follow ({@link Form#DECIMAL}); big ones packed in base
 * 85 ({@link Form#PACKED}, {@link PackedTables}), which keeps a million-variable grid's class
 * small. The footprint counts the characters and chunks; the emitter writes the chunks.
 */
public final class TableText {
  /** The three ways a table is written. */
  public enum Form {
    /** One value repeated: {@code PackedTables.filled(length, value)}. */
    FILLED,
    /** Decimal text in chunks: {@code IntTables.decode} or {@code DoubleTables.decode}. */
    DECIMAL,
    /** Base-85 chunks: {@code PackedTables.ints} or {@code PackedTables.doubles}. */
    PACKED
  }

  /** Characters per string literal; a constant-pool UTF-8 entry holds at most 65535 bytes. */
  static final int CHUNK = 30_000;

  /** Characters per chunk of weights. */
  static final int WEIGHT_CHUNK = 20_000;

  /** Int tables whose decimal text is longer than this are packed, when that is shorter. */
  static final int PACK_INTS_ABOVE_CHARS = 2_000;

  /**
   * Double tables of more entries than this are packed (their text, about 19 chars each, is not
   * measured).
   */
  static final int PACK_DOUBLES_ABOVE = 100;

  private final Form form;
  private final boolean ints;
  private final int length;
  private final String[] chunks;
  private final long chars;

  private TableText(Form form, boolean ints, int length, String[] chunks, long chars) {
    this.form = form;
    this.ints = ints;
    this.length = length;
    this.chunks = chunks;
    this.chars = chars;
  }

  /**
   * How {@code table} is written; its entries must be non-negative.
   *
   * @param table the table
   * @return its text
   */
  public static TableText of(int[] table) {
    if (filled(table)) {
      return new TableText(Form.FILLED, true, table.length, new String[] {"" + table[0]}, 1);
    }
    long decimalChars = 0;
    for (int i = 0; i < table.length; i++) {
      if (table[i] < 0) {
        throw new IllegalArgumentException("tables hold non-negative ints, got " + table[i]);
      }
      decimalChars += (i == 0 ? 0 : 1) + Footprint.digits(table[i]);
    }
    if (decimalChars > PACK_INTS_ABOVE_CHARS) {
      String[] packed = PackedTables.packInts(table);
      long packedChars = PackedTables.chars(packed);
      if (packedChars < decimalChars) {
        return new TableText(Form.PACKED, true, table.length, packed, packedChars);
      }
    }
    List<String> chunks = new ArrayList<>();
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < table.length; i++) {
      String item = (i == 0 ? "" : ",") + table[i];
      if (sb.length() + item.length() > CHUNK) {
        chunks.add(sb.toString());
        sb.setLength(0);
      }
      sb.append(item);
    }
    chunks.add(sb.toString());
    return new TableText(
        Form.DECIMAL, true, table.length, chunks.toArray(new String[0]), decimalChars);
  }

  /**
   * How {@code table} is written: exact round-trip text, packed when it is long.
   *
   * @param table the table
   * @return its text
   */
  public static TableText of(double[] table) {
    if (table.length > PACK_DOUBLES_ABOVE) {
      String[] packed = PackedTables.packDoubles(table);
      return new TableText(Form.PACKED, false, table.length, packed, PackedTables.chars(packed));
    }
    List<String> chunks = new ArrayList<>();
    StringBuilder sb = new StringBuilder();
    long chars = 0;
    for (int i = 0; i < table.length; i++) {
      String item = (i == 0 ? "" : ",") + Double.toString(table[i]);
      if (sb.length() + item.length() > WEIGHT_CHUNK) {
        chunks.add(sb.toString());
        sb.setLength(0);
      }
      sb.append(item);
      chars += item.length();
    }
    chunks.add(sb.toString());
    return new TableText(Form.DECIMAL, false, table.length, chunks.toArray(new String[0]), chars);
  }

  /** Whether {@code table} is long and one value throughout: written as that value and a length. */
  private static boolean filled(int[] table) {
    if (table.length < 16) {
      return false;
    }
    for (int v : table) {
      if (v != table[0]) {
        return false;
      }
    }
    return true;
  }

  /**
   * How the table is written.
   *
   * @return its form
   */
  public Form form() {
    return form;
  }

  /**
   * Whether the table holds ints (else doubles).
   *
   * @return true for an int table
   */
  public boolean ints() {
    return ints;
  }

  /**
   * The table's number of entries.
   *
   * @return its length
   */
  public int length() {
    return length;
  }

  /**
   * The string literals the table is written as (for {@link Form#FILLED}, its one value).
   *
   * @return the chunks, the value's own (to read only)
   */
  public String[] chunks() {
    return chunks;
  }

  /**
   * The characters of its literals.
   *
   * @return the characters
   */
  public long chars() {
    return chars;
  }
}
