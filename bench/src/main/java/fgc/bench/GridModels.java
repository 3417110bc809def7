package fgc.bench;

import fgc.cli.GridCells;
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
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", Math.round(Math.sqrt(side))));
    return new GridModels(model, model.array("cell"));
  }

  Model model() {
    return model;
  }

  int[] evidence(Grid grid) {
    return new GridCells(model, cells).evidence(grid);
  }

  Grid grid(int side, int[] values) {
    return new GridCells(model, cells).grid(side, values);
  }
}
