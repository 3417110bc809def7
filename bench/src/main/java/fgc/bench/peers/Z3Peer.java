package fgc.bench.peers;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.IntExpr;
import com.microsoft.z3.IntNum;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import fgc.puzzles.Grid;

/**
 * Z3 through z3-turnkey: integer cells in 1..N, {@code distinct} per unit, givens as equalities. One
 * context for all puzzles (its creation is not a per-puzzle cost); a fresh solver per puzzle.
 */
public final class Z3Peer implements PeerSolver {
  private final Context ctx = new Context();
  private int side = -1;
  private IntExpr[] cells;
  private BoolExpr[] base;

  @Override
  public String name() {
    return "z3 4.14.1 (z3-turnkey, ints + distinct)";
  }

  @Override
  public Grid solve(Grid puzzle) {
    return search(puzzle, 1).first;
  }

  @Override
  public int count(Grid puzzle, int limit) {
    return search(puzzle, limit).count;
  }

  private void prepare(int newSide) {
    if (newSide == side) {
      return;
    }
    side = newSide;
    cells = new IntExpr[side * side];
    java.util.List<BoolExpr> constraints = new java.util.ArrayList<>();
    for (int k = 0; k < cells.length; k++) {
      cells[k] = ctx.mkIntConst("c" + k);
      constraints.add(ctx.mkAnd(ctx.mkGe(cells[k], ctx.mkInt(1)), ctx.mkLe(cells[k], ctx.mkInt(side))));
    }
    for (int[] unit : Units.of(side)) {
      IntExpr[] vars = new IntExpr[side];
      for (int j = 0; j < side; j++) {
        vars[j] = cells[unit[j]];
      }
      constraints.add(ctx.mkDistinct(vars));
    }
    base = constraints.toArray(new BoolExpr[0]);
  }

  private Found search(Grid puzzle, int limit) {
    prepare(puzzle.side());
    Solver solver = ctx.mkSolver();
    solver.add(base);
    for (int k = 0; k < cells.length; k++) {
      if (puzzle.get(k) != 0) {
        solver.add(ctx.mkEq(cells[k], ctx.mkInt(puzzle.get(k))));
      }
    }
    Found found = new Found();
    while (found.count < limit && solver.check() == Status.SATISFIABLE) {
      com.microsoft.z3.Model model = solver.getModel();
      int[] values = new int[cells.length];
      BoolExpr[] differs = new BoolExpr[cells.length];
      for (int k = 0; k < cells.length; k++) {
        values[k] = ((IntNum) model.eval(cells[k], true)).getInt();
        differs[k] = ctx.mkNot(ctx.mkEq(cells[k], ctx.mkInt(values[k])));
      }
      if (found.count == 0) {
        found.first = Grid.of(side, values);
      }
      found.count++;
      solver.add(ctx.mkOr(differs));
    }
    return found;
  }

  @Override
  public void close() {
    ctx.close();
  }

  private static final class Found {
    int count;
    Grid first;
  }
}
