package fgc.cli;

import fgc.driver.Assignments;
import fgc.model.Model;
import fgc.model.VariableArray;
import fgc.puzzles.Grid;

/**
 * A grid's cells as a model's observed array, row-major: grid givens become evidence, a solved
 * assignment becomes a grid. The one place grids and models meet (the CLI and the bench use it).
 */
public final class GridCells {
  private final Model model;
  private final VariableArray cells;

  public GridCells(Model model, VariableArray cells) {
    this.model = model;
    this.cells = cells;
  }

  public Model model() {
    return model;
  }

  /** A value per variable: the grid's givens on the cells, {@link Assignments#NONE} elsewhere. */
  public int[] evidence(Grid grid) {
    int[] evidence = Assignments.empty(model);
    for (int k = 0; k < grid.cellCount(); k++) {
      if (grid.get(k) != 0) {
        evidence[cells.firstIndex() + k] = grid.get(k);
      }
    }
    return evidence;
  }

  /** The grid of side {@code side} that an assignment of the model puts on the cells. */
  public Grid grid(int side, int[] values) {
    int[] cellValues = new int[side * side];
    for (int k = 0; k < cellValues.length; k++) {
      cellValues[k] = values[cells.firstIndex() + k];
    }
    return Grid.of(side, cellValues);
  }
}
