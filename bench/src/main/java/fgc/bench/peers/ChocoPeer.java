package fgc.bench.peers;

import fgc.puzzles.Grid;
import org.chocosolver.solver.Model;
import org.chocosolver.solver.Solver;
import org.chocosolver.solver.variables.IntVar;

/**
 * Choco-solver: one model per puzzle, allDifferent with arc consistency on every unit, default
 * search.
 */
public final class ChocoPeer extends SearchingPeer {
  @Override
  public String name() {
    return "choco-solver 4.10.18 (allDifferent AC)";
  }

  @Override
  Found search(Grid puzzle, int limit) {
    int side = puzzle.side();
    Model model = new Model("sudoku");
    IntVar[] cells = new IntVar[side * side];
    for (int k = 0; k < cells.length; k++) {
      cells[k] = puzzle.get(k) != 0 ? model.intVar(puzzle.get(k)) : model.intVar("c" + k, 1, side);
    }
    for (int[] unit : Units.of(side)) {
      IntVar[] vars = new IntVar[side];
      for (int j = 0; j < side; j++) {
        vars[j] = cells[unit[j]];
      }
      model.allDifferent(vars, "AC").post();
    }
    Solver solver = model.getSolver();
    Found found = new Found();
    while (found.count < limit && solver.solve()) {
      int[] values = new int[cells.length];
      for (int k = 0; k < cells.length; k++) {
        values[k] = cells[k].getValue();
      }
      found.add(side, values);
    }
    return found;
  }
}
