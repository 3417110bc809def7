package fgc.compiler.emit;

import com.squareup.javapoet.CodeBlock;
import fgc.algorithm.PackedTables;
import fgc.plan.Footprint;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Writes tables as expressions of the class's initialiser whose string chunks each fit the constant
 * pool: small ones as decimal text ({@code IntTables.decode(...)}, {@code
 * DoubleTables.decode(...)}), which a reader of the source can follow; big ones packed ({@link
 * PackedTables}), which is what keeps a million-variable grid's class small; a long run of one
 * value as one repeated char. {@link #account} counts each the way it is written.
 */
public final class Tables {
  /** Characters per string literal; a constant-pool UTF-8 entry holds at most 65535 bytes. */
  private static final int CHUNK = 30_000;

  /** Characters per chunk of weights. */
  private static final int WEIGHT_CHUNK = 20_000;

  /** Int tables whose decimal text is longer than this are packed, when that is shorter. */
  static final int PACK_INTS_ABOVE_CHARS = 2_000;

  /**
   * Double tables of more entries than this are packed (their text, about 19 chars each, is not
   * measured).
   */
  static final int PACK_DOUBLES_ABOVE = 100;

  private Tables() {}

  /** What {@link #remembering} opens; closing it never fails. */
  public interface Scope extends AutoCloseable {
    @Override
    void close();
  }

  /** A table and its packed chunks. */
  private record Packed(Object table, String[] chunks) {}

  /**
   * Tables packed while {@link #remembering} is open on this thread: what the footprint packed to
   * measure, emit reuses.
   */
  private static final ThreadLocal<List<Packed>> PACKED = new ThreadLocal<>();

  /**
   * Until the returned scope is closed, a table packed on this thread is packed once: the footprint
   * packs each big table to measure it, and the emitter writes the same table (the same array, or
   * an equal copy) right after. Scoped to one compile, so no table outlives it.
   *
   * @return the scope to close after the class is emitted
   */
  public static Scope remembering() {
    List<Packed> previous = PACKED.get();
    PACKED.set(new ArrayList<>());
    return () -> PACKED.set(previous);
  }

  private static String[] packInts(int[] table) {
    List<Packed> memo = PACKED.get();
    if (memo != null) {
      for (Packed p : memo) {
        if (p.table() instanceof int[] seen && Arrays.equals(seen, table)) {
          return p.chunks();
        }
      }
    }
    return remember(memo, table, PackedTables.packInts(table));
  }

  private static String[] packDoubles(double[] table) {
    List<Packed> memo = PACKED.get();
    if (memo != null) {
      for (Packed p : memo) {
        if (p.table() instanceof double[] seen && sameBits(seen, table)) {
          return p.chunks();
        }
      }
    }
    return remember(memo, table, PackedTables.packDoubles(table));
  }

  private static String[] remember(List<Packed> memo, Object table, String[] chunks) {
    if (memo != null) {
      memo.add(new Packed(table, chunks));
    }
    return chunks;
  }

  /**
   * Equal bit for bit ({@link Arrays#equals(double[], double[])} takes every NaN for one), as the
   * packing keeps them.
   */
  private static boolean sameBits(double[] a, double[] b) {
    if (a.length != b.length) {
      return false;
    }
    for (int i = 0; i < a.length; i++) {
      if (Double.doubleToRawLongBits(a[i]) != Double.doubleToRawLongBits(b[i])) {
        return false;
      }
    }
    return true;
  }

  /**
   * Adds {@code table} to {@code footprint} as {@link #decodeCall(int[])} writes it: the same
   * characters and chunks (packed, it is packed to be measured).
   */
  static Footprint account(Footprint footprint, String name, int[] table) {
    if (constant(table)) {
      return footprint.table(name, table.length, 1, 1, Integer.BYTES);
    }
    String[] packed = packedIfShorter(table);
    if (packed != null) {
      return footprint.table(
          name, table.length, PackedTables.chars(packed), packed.length, Integer.BYTES);
    }
    long chars = 0;
    long chunks = 1;
    long inChunk = 0;
    for (int i = 0; i < table.length; i++) {
      int item = (i == 0 ? 0 : 1) + Footprint.digits(table[i]);
      if (inChunk + item > CHUNK) {
        chunks++;
        inChunk = 0;
      }
      inChunk += item;
      chars += item;
    }
    return footprint.table(name, table.length, chars, chunks, Integer.BYTES);
  }

  /** Adds {@code table} to {@code footprint} as {@link #decodeCall(double[])} writes it. */
  static Footprint account(Footprint footprint, String name, double[] table) {
    if (table.length > PACK_DOUBLES_ABOVE) {
      String[] packed = packDoubles(table);
      return footprint.table(
          name, table.length, PackedTables.chars(packed), packed.length, Double.BYTES);
    }
    long chars = 0;
    long chunks = 1;
    long inChunk = 0;
    for (int i = 0; i < table.length; i++) {
      int item = (i == 0 ? 0 : 1) + Double.toString(table[i]).length();
      if (inChunk + item > WEIGHT_CHUNK) {
        chunks++;
        inChunk = 0;
      }
      inChunk += item;
      chars += item;
    }
    return footprint.table(name, table.length, chars, chunks, Double.BYTES);
  }

  /**
   * The one value of a long table whose entries are all equal (a grid's edge kinds and matrix
   * indices, four million entries of 16 MB of text), if it is a char below the surrogates; else -1.
   */
  /** Whether {@code table} is long and one value throughout: written as that value and a length. */
  private static boolean constant(int[] table) {
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

  static CodeBlock decodeCall(int[] table) {
    if (constant(table)) {
      // A few bytes of class, and an array filled in place on load (a grid's edge kinds: 4
      // million).
      return CodeBlock.of("$T.filled($L, $L)", PackedTables.class, table.length, table[0]);
    }
    String[] packed = packedIfShorter(table);
    if (packed != null) {
      return packedCall("ints", table.length, packed);
    }
    List<String> chunks = new ArrayList<>();
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < table.length; i++) {
      if (table[i] < 0) {
        throw new IllegalArgumentException("tables hold non-negative ints, got " + table[i]);
      }
      String item = (i == 0 ? "" : ",") + table[i];
      if (sb.length() + item.length() > CHUNK) {
        chunks.add(sb.toString());
        sb.setLength(0);
      }
      sb.append(item);
    }
    chunks.add(sb.toString());
    CodeBlock.Builder call =
        CodeBlock.builder().add("$T.decode($L", fgc.algorithm.IntTables.class, table.length);
    for (String chunk : chunks) {
      call.add(",\n    $S", chunk);
    }
    return call.add(")").build();
  }

  /**
   * A {@code DoubleTables.decode(...)} call: weights as exact round-trip text in
   * constant-pool-sized chunks.
   */
  static CodeBlock decodeCall(double[] table) {
    if (table.length > PACK_DOUBLES_ABOVE) {
      return packedCall("doubles", table.length, packDoubles(table));
    }
    CodeBlock.Builder call =
        CodeBlock.builder().add("$T.decode($L", fgc.algorithm.DoubleTables.class, table.length);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < table.length; i++) {
      String item = (i == 0 ? "" : ",") + Double.toString(table[i]);
      if (sb.length() + item.length() > WEIGHT_CHUNK) {
        call.add(",\n    $S", sb.toString());
        sb.setLength(0);
      }
      sb.append(item);
    }
    return call.add(",\n    $S)", sb.toString()).build();
  }

  /**
   * {@code table} packed, when {@link #account(Footprint, String, int[])} would count it packed;
   * else null.
   */
  private static String[] packedIfShorter(int[] table) {
    long chars = 0;
    for (int i = 0; i < table.length; i++) {
      chars += (i == 0 ? 0 : 1) + Footprint.digits(table[i]);
    }
    if (chars <= PACK_INTS_ABOVE_CHARS) {
      return null;
    }
    String[] packed = packInts(table);
    return PackedTables.chars(packed) < chars ? packed : null;
  }

  /**
   * {@code PackedTables.method(length, chunks...)}. The chunks are in the base-85 alphabet of
   * {@link PackedTables}, printable ASCII without quote or backslash: each goes into the source as
   * it is, and the class file spends one byte per char.
   */
  private static CodeBlock packedCall(String method, int length, String[] chunks) {
    CodeBlock.Builder call =
        CodeBlock.builder().add("$T.$L($L", PackedTables.class, method, length);
    for (String chunk : chunks) {
      call.add(",\n    $S", chunk);
    }
    return call.add(")").build();
  }
}
