package fgc.lang;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A data file: named numbers and tables that a model reads, and observed values. The format (see
 * docs/language.md), comments and numbers as in models:
 *
 * <pre>
 * file  = { NAME "=" ( item | "[" [ row { "," row } [ "," ] ] "]" ) ";" } ;
 * row   = item { item } ;                 (items of a row are separated by spaces)
 * item  = [ "-" ] ( NUMBER | DECIMAL ) | "_" ;
 * </pre>
 *
 * A plain number sets a {@code param}; a table is read by a model's {@code data NAME;}, or, when
 * {@code NAME} is an observed array, gives its values row-major, {@code _} for a value not given.
 * Errors are {@link LanguageException}s at {@code file:line:col}.
 */
public final class DataSet {
  /**
   * One number of a data file as written, and where: {@code _} ({@code none}), an integer (exact,
   * in {@code longValue}, by the language's {@link IntegerLiteral} rule) or a decimal. {@code
   * value} is the number as a double, for weights.
   */
  record Item(
      Ast.Pos pos, String text, boolean none, boolean isInteger, long longValue, double value) {
    static Item blank(Ast.Pos pos) {
      return new Item(pos, "_", true, false, 0, 0);
    }

    static Item integer(Ast.Pos pos, String text, long value) {
      return new Item(pos, text, false, true, value, value);
    }

    static Item decimal(Ast.Pos pos, String text) {
      return new Item(pos, text, false, false, 0, Double.parseDouble(text));
    }
  }

  /** A named entry: a scalar (one row of one item, written without brackets) or a table of rows. */
  record Entry(String name, Ast.Pos pos, boolean scalar, List<List<Item>> rows) {
    int itemCount() {
      int n = 0;
      for (List<Item> row : rows) {
        n += row.size();
      }
      return n;
    }
  }

  private static final DataSet EMPTY = new DataSet(new Source("(no data)", ""), Map.of());

  private final Source source;
  private final Map<String, Entry> entries;

  private DataSet(Source source, Map<String, Entry> entries) {
    this.source = source;
    this.entries = Collections.unmodifiableMap(new LinkedHashMap<>(entries));
  }

  /**
   * No data at all.
   *
   * @return the empty data set
   */
  public static DataSet empty() {
    return EMPTY;
  }

  /**
   * The data in {@code text}; {@code sourceName} is what errors call it.
   *
   * @param sourceName the name errors give the source, such as its file name
   * @param text the data text
   * @return the data
   */
  public static DataSet parse(String sourceName, String text) {
    Source source = new Source(sourceName, text);
    return new DataSet(source, new DataParser(source).entries());
  }

  /**
   * The data file {@code file} (UTF-8).
   *
   * @param file the data file
   * @return the data
   */
  public static DataSet load(Path file) {
    return parse(file.toString(), FgcLanguage.readText(file));
  }

  /**
   * An example data file shipped as the resource {@code /fgc/examples/NAME.fgd}.
   *
   * @param name the example's name, without {@code .fgd}
   * @return the data
   */
  public static DataSet example(String name) {
    try (java.io.InputStream in =
        DataSet.class.getResourceAsStream("/fgc/examples/" + name + ".fgd")) {
      if (in == null) {
        throw new LanguageException(
            Diagnostic.unpositioned(name + ".fgd", "no example data file '" + name + "'"));
      }
      return parse(
          name + ".fgd", new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
    } catch (java.io.IOException e) {
      throw new LanguageException(
          Diagnostic.unpositioned(name + ".fgd", "cannot read the example: " + e.getMessage()));
    }
  }

  /**
   * The names defined, in file order.
   *
   * @return the names
   */
  public List<String> names() {
    return new ArrayList<>(entries.keySet());
  }

  /**
   * The name the data was read under, which errors about it name.
   *
   * @return the source's name
   */
  public String sourceName() {
    return source.name();
  }

  /**
   * Whether the data defines nothing.
   *
   * @return true for no entries
   */
  public boolean isEmpty() {
    return entries.isEmpty();
  }

  Entry entry(String name) {
    return entries.get(name);
  }

  Map<String, Entry> entries() {
    return entries;
  }

  /** The scalars that set params: name to value, or an error at a scalar that is no integer. */
  Map<String, Long> scalars() {
    Map<String, Long> out = new LinkedHashMap<>();
    for (Entry e : entries.values()) {
      if (e.scalar()) {
        Item item = e.rows().get(0).get(0);
        if (!item.isInteger()) {
          throw error(
              item.pos(),
              "'" + e.name() + "' sets a param, so it must be an integer, not " + item.text());
        }
        out.put(e.name(), item.longValue());
      }
    }
    return out;
  }

  LanguageException error(Ast.Pos pos, String message) {
    return new LanguageException(diagnostic(pos, message));
  }

  Diagnostic diagnostic(Ast.Pos pos, String message) {
    return source.diagnostic(pos, message);
  }
}
