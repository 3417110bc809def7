package fgc.view;

import fgc.model.Factor;
import fgc.model.Model;
import fgc.model.VariableArray;
import java.util.Optional;
import java.util.TreeSet;

/**
 * What made a factor, read from its scope, since the model keeps no record of the statement or loop
 * that wrote it: a factor over one whole row of a 2-D array is "row r", over one whole column
 * "column c", and over one whole box of a square array whose side is a square (Sudoku's 3 x 3 boxes
 * of a 9 x 9 grid) "box b". Rows, columns and boxes count from 0 as the variable names do; boxes
 * are numbered row by row.
 */
public final class FactorOrigin {
  private FactorOrigin() {}

  /** A factor's place in a grid, or empty when its scope is not one whole row, column or box. */
  public static Optional<String> of(Model model, Factor factor) {
    Optional<Cells> cells = Cells.of(model, factor);
    if (cells.isEmpty()) {
      return Optional.empty();
    }
    Cells c = cells.get();
    int rows = c.array.dim(0);
    int columns = c.array.dim(1);
    if (c.rows.size() == 1 && c.columns.size() == columns && c.count == columns) {
      return Optional.of("row " + c.rows.first());
    }
    if (c.columns.size() == 1 && c.rows.size() == rows && c.count == rows) {
      return Optional.of("column " + c.columns.first());
    }
    int box = (int) Math.round(Math.sqrt(rows));
    if (rows == columns && box >= 2 && box * box == rows && c.count == rows) {
      int boxRow = c.rows.first() / box;
      int boxColumn = c.columns.first() / box;
      if (c.rows.last() / box == boxRow
          && c.columns.last() / box == boxColumn
          && c.rows.size() == box
          && c.columns.size() == box) {
        return Optional.of("box " + (boxRow * box + boxColumn));
      }
    }
    return Optional.empty();
  }

  /** The distinct cells of a factor whose whole scope lies in one 2-D array. */
  static final class Cells {
    final VariableArray array;
    final TreeSet<Integer> rows = new TreeSet<>();
    final TreeSet<Integer> columns = new TreeSet<>();

    /** Distinct variables in the scope. */
    final int count;

    private Cells(VariableArray array, int[] scope) {
      this.array = array;
      TreeSet<Integer> distinct = new TreeSet<>();
      for (int v : scope) {
        int offset = v - array.firstIndex();
        rows.add(offset / array.dim(1));
        columns.add(offset % array.dim(1));
        distinct.add(v);
      }
      this.count = distinct.size();
    }

    static Optional<Cells> of(Model model, Factor factor) {
      int[] scope = factor.scope();
      if (scope.length == 0) {
        return Optional.empty();
      }
      VariableArray array = model.arrayOf(scope[0]);
      if (array.rank() != 2) {
        return Optional.empty();
      }
      for (int v : scope) {
        if (v < array.firstIndex() || v >= array.firstIndex() + array.size()) {
          return Optional.empty();
        }
      }
      return Optional.of(new Cells(array, scope));
    }
  }
}
