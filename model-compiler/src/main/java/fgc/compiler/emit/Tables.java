package fgc.compiler.emit;

import com.squareup.javapoet.CodeBlock;
import fgc.plan.TableText;
import fgc.solver.DoubleTables;
import fgc.solver.IntTables;
import fgc.solver.PackedTables;

/**
 * Writes a table constant as the expression of the class's initialiser its {@link TableText} says:
 * {@code PackedTables.filled(length, value)}, decimal text ({@code IntTables.decode(...)}, {@code
 * DoubleTables.decode(...)}), which a reader of the source can follow, or packed ({@code
 * PackedTables.ints(...)}, {@code PackedTables.doubles(...)}). The text was made once, with the
 * plan's lowering; the footprint counted the same chunks.
 */
final class Tables {
  private Tables() {}

  /** The initialiser of a table written as {@code text}. */
  static CodeBlock decodeCall(TableText text) {
    switch (text.form()) {
      case FILLED:
        // A few bytes of class, and an array filled in place on load (a grid's edge kinds: 4
        // million).
        return CodeBlock.of(
            "$T.filled($L, $L)", PackedTables.class, text.length(), text.chunks()[0]);
      case PACKED:
        return call(
            CodeBlock.builder()
                .add(
                    "$T.$L($L",
                    PackedTables.class,
                    text.ints() ? "ints" : "doubles",
                    text.length()),
            text.chunks());
      default:
        return call(
            CodeBlock.builder()
                .add(
                    "$T.decode($L",
                    text.ints() ? IntTables.class : DoubleTables.class,
                    text.length()),
            text.chunks());
    }
  }

  /**
   * The call begun in {@code call}, with {@code chunks} as its string arguments. Packed chunks are
   * in the base-85 alphabet of {@link PackedTables}, printable ASCII without quote or backslash:
   * each goes into the source as it is, and the class file spends one byte per char.
   */
  private static CodeBlock call(CodeBlock.Builder call, String[] chunks) {
    for (String chunk : chunks) {
      call.add(",\n    $S", chunk);
    }
    return call.add(")").build();
  }
}
