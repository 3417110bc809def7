package fgc.compiler.emit;

import com.squareup.javapoet.CodeBlock;
import fgc.compiler.plan.Footprint;
import fgc.compiler.plan.SolverLimits;
import java.util.ArrayList;
import java.util.List;

/** Writes tables as {@code IntTables.decode(...)} or {@code DoubleTables.decode(...)} calls whose string chunks each fit the constant pool. */
public final class Tables {
  /** Characters per string literal; a constant-pool UTF-8 entry holds at most 65535 bytes. */
  private static final int CHUNK = 30_000;
  /** Characters per chunk of weights. */
  private static final int WEIGHT_CHUNK = 20_000;

  private Tables() {}

  /**
   * Adds {@code table} to {@code footprint} as {@link #decodeCall(int[])} writes it: the same
   * characters and chunks, counted without building the text.
   */
  static Footprint account(Footprint footprint, String name, int[] table) {
    if (constant(table) >= 0) {
      return footprint.table(name, table.length, 1, 1, Integer.BYTES);
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

  /**
   * Adds {@code table} to {@code footprint} as {@link #decodeCall(double[])} writes it. Weights'
   * text is measured one by one ({@code Double.toString}, a microsecond or two each): past the
   * largest class the rest is not measured, and the footprint knows its size only from below.
   */
  static Footprint account(Footprint footprint, String name, double[] table) {
    long chars = 0;
    long chunks = 1;
    long inChunk = 0;
    for (int i = 0; i < table.length; i++) {
      if (chars > SolverLimits.MAX_CLASS_BYTES) {
        return footprint.tableAtLeast(name, table.length, chars, chunks, Double.BYTES);
      }
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
  private static int constant(int[] table) {
    if (table.length < 16 || table[0] < 0 || table[0] >= 0xD800) {
      return -1;
    }
    for (int v : table) {
      if (v != table[0]) {
        return -1;
      }
    }
    return table[0];
  }

  static CodeBlock decodeCall(int[] table) {
    int constant = constant(table);
    if (constant >= 0) {
      // One char repeated, read back as ints: an expression of a few bytes, without a decoder in
      // the solver API or code of its own in the class.
      return CodeBlock.of("$S.repeat($L).chars().toArray()", String.valueOf((char) constant), table.length);
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
    CodeBlock.Builder call = CodeBlock.builder().add("$T.decode($L", fgc.algorithm.IntTables.class, table.length);
    for (String chunk : chunks) {
      call.add(",\n    $S", chunk);
    }
    return call.add(")").build();
  }

  /** A {@code DoubleTables.decode(...)} call: weights as exact round-trip text in constant-pool-sized chunks. */
  static CodeBlock decodeCall(double[] table) {
    CodeBlock.Builder call = CodeBlock.builder().add("$T.decode($L", fgc.algorithm.DoubleTables.class, table.length);
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
}
