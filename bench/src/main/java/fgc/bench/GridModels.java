package fgc.bench;

import fgc.driver.Assignments;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import fgc.model.VariableArray;
import fgc.puzzles.Grid;
import java.util.Map;

/** The bundled Sudoku model for a grid size, and the translation between grids and assignments. */
final class GridModels {
  private final Model model;
  private final VariableArray cells;

  private GridModels(Model model, VariableArray cells) {
    this.model = model;
    this.cells = cells;
  }

  static GridModels forSide(int side) {
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", (long) Math.round(Math.sqrt(side))));
    return new GridModels(model, model.array("cell"));
  }

  Model model() {
    return model;
  }

  int[] evidence(Grid grid) {
    int[] evidence = Assignments.empty(model);
    for (int k = 0; k < grid.cellCount(); k++) {
      if (grid.get(k) != 0) {
        evidence[cells.firstIndex() + k] = grid.get(k);
      }
    }
    return evidence;
  }

  Grid grid(int side, int[] values) {
    int[] cellValues = new int[side * side];
    for (int k = 0; k < cellValues.length; k++) {
      cellValues[k] = values[cells.firstIndex() + k];
    }
    return Grid.of(side, cellValues);
  }
}
