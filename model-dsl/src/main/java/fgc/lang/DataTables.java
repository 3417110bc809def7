package fgc.lang;

import fgc.lang.Ast.NumExpr;
import fgc.lang.Ast.Pos;
import fgc.model.Formula;
import java.util.List;

/**
 * The data tables of a program for the {@link Evaluator}: declaring one ({@code data NAME;}) from
 * the data file, and reading its items where an expression indexes it, every index checked. It
 * counts the integers read and keeps the last, so an index out of range that came from the data
 * file is reported there too.
 */
final class DataTables {
  private final Evaluator ev;
  private final Source source;
  private final DataSet data;

  /**
   * How many integers have been read from data tables, and the last of them: where an index came
   * from (the evaluator's checkpoints save and restore them).
   */
  long reads;

  DataRead lastRead;

  /**
   * An integer read from a data table: {@code table[row][column]}, {@code row} -1 for {@code
   * table[column]}.
   */
  record DataRead(String table, int row, int column, DataSet.Item item) {
    String element() {
      return table + (row < 0 ? "" : "[" + row + "]") + "[" + column + "]";
    }
  }

  DataTables(Evaluator ev, Source source, DataSet data) {
    this.ev = ev;
    this.source = source;
    this.data = data;
  }

  /** Declares the data table {@code name}, which the data file must define as a table. */
  void declare(Ast.Data d) {
    DataSet.Entry entry = data.entry(d.name());
    if (entry == null) {
      throw ev.error(
          d.pos(),
          "no data '"
              + d.name()
              + "': the data file "
              + (data.isEmpty()
                  ? "is missing (give one with --data FILE)"
                  : data.sourceName() + " does not define it"));
    }
    if (entry.scalar()) {
      throw ev.error(
          d.pos(),
          "data '"
              + d.name()
              + "' is a single number in "
              + data.sourceName()
              + " (at "
              + entry.pos()
              + "); a table is written in brackets, e.g. "
              + d.name()
              + " = [1 2 3];");
    }
    ev.declare(d.name(), new Evaluator.Table(entry, d.pos()));
  }

  long dataAt(Ast.DataAt d) {
    DataSet.Item item = dataItem(d);
    if (item.none() || !item.isInteger()) {
      throw ev.error(
          d.pos(),
          "'"
              + d.name()
              + "' holds "
              + item.text()
              + " at "
              + inData(item)
              + ", which is not an integer");
    }
    reads++;
    return item.longValue();
  }

  /**
   * A number of a data table where a decimal may be (a weight formula): a blank is still an error.
   */
  Formula dataNumber(Ast.DataAt d) {
    DataSet.Item item = dataItem(d);
    if (item.none()) {
      throw ev.error(
          d.pos(), "'" + d.name() + "' holds _ at " + inData(item) + ", which is not a number");
    }
    reads++;
    return item.isInteger() ? Formula.constant(item.longValue()) : Formula.real(item.value());
  }

  /**
   * The row whose entry {@code d} reads by its last index, every other index checked: a data table
   * read at a variable's value ({@code field[r][x]}).
   */
  List<DataSet.Item> dataRow(Ast.DataAt d) {
    DataSet.Entry entry = ev.table(d.pos(), d.name());
    if (d.indices().size() == 1 && entry.rows().size() == 1) {
      return entry.rows().get(0);
    }
    if (d.indices().size() == 2) {
      return entry.rows().get(index(d.indices().get(0), entry.rows().size(), "row", d.name()));
    }
    throw ev.error(
        d.pos(),
        "data '"
            + d.name()
            + "' takes 1 index (a one-row table) or 2 ([row][column]),"
            + " the last one a variable here");
  }

  /** The item {@code d} reads, every index checked. */
  private DataSet.Item dataItem(Ast.DataAt d) {
    if (ev.symbol(d.name()) instanceof Evaluator.Array) {
      throw ev.notAConstant(d.pos(), d.name());
    }
    DataSet.Entry entry = ev.table(d.pos(), d.name());
    DataRead read;
    if (d.indices().size() == 1) {
      if (entry.rows().size() != 1) {
        throw ev.error(
            d.pos(),
            "'"
                + d.name()
                + "' has "
                + entry.rows().size()
                + " rows; index it as "
                + d.name()
                + "[row][column]");
      }
      List<DataSet.Item> row = entry.rows().get(0);
      int column = index(d.indices().get(0), row.size(), "entry", d.name());
      read = new DataRead(d.name(), -1, column, row.get(column));
    } else if (d.indices().size() == 2) {
      int r = index(d.indices().get(0), entry.rows().size(), "row", d.name());
      List<DataSet.Item> row = entry.rows().get(r);
      int column = index(d.indices().get(1), row.size(), "column", d.name() + "[" + r + "]");
      read = new DataRead(d.name(), r, column, row.get(column));
    } else {
      throw ev.error(
          d.pos(),
          "data '"
              + d.name()
              + "' takes 1 index (a one-row table) or 2 ([row][column]), not "
              + d.indices().size());
    }
    lastRead = read;
    return read.item();
  }

  /** Where {@code item} is written: {@code file:line:col} of the data file. */
  String inData(DataSet.Item item) {
    return data.sourceName() + ":" + item.pos();
  }

  /**
   * An index out of range. When its expression read exactly one integer from a data table, the
   * error names it and a second diagnostic points at it in the data file, where the fix usually is.
   */
  LanguageException outOfRange(NumExpr index, long readsInIndex, String message) {
    Pos pos = Ast.start(index);
    if (readsInIndex != 1) {
      return ev.error(pos, message);
    }
    DataRead read = lastRead;
    boolean direct = index instanceof Ast.DataAt;
    String element = read.element();
    return new LanguageException(
        List.of(
            source.diagnostic(
                pos,
                message
                    + " (the index "
                    + (direct ? "is " : "is computed from ")
                    + element
                    + ", at "
                    + inData(read.item())
                    + ")"),
            data.diagnostic(
                read.item().pos(),
                element
                    + " = "
                    + read.item().text()
                    + (direct ? " is" : " gives")
                    + " the index out of range at "
                    + source.name()
                    + ":"
                    + pos)));
  }

  /** Row {@code index} of a data table, the index checked. */
  List<DataSet.Item> row(DataSet.Entry entry, NumExpr index, String name) {
    return entry.rows().get(index(index, entry.rows().size(), "row", name));
  }

  private int index(NumExpr e, int size, String what, String name) {
    long before = reads;
    long i = ev.eval(e);
    if (i < 0 || i >= size) {
      throw outOfRange(
          e,
          reads - before,
          what
              + " "
              + i
              + " is out of range "
              + (size == 0
                  ? "('" + name + "' is empty)"
                  : "0.." + (size - 1) + " of '" + name + "'"));
    }
    return (int) i;
  }

  long size(Ast.Size z) {
    DataSet.Entry entry = ev.table(z.pos(), z.name());
    return z.row().isPresent() ? row(entry, z.row().get(), z.name()).size() : entry.rows().size();
  }
}
