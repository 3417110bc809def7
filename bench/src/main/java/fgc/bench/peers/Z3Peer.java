package fgc.bench.peers;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Model;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import fgc.puzzles.Grid;
import java.util.ArrayList;
import java.util.List;

/**
 * Z3 through z3-turnkey: one Boolean per (cell, value), "exactly one" per cell and per (unit,
 * value) as an {@code or} plus Z3's native at-most-one, givens as assertions. One solver holds the
 * rules; each puzzle is a push, its givens, checks, and a pop. (Integer cells with {@code distinct}
 * were tried first: about 2 puzzles per second on top95.)
 */
public final class Z3Peer extends SearchingPeer {
  private final Context ctx = new Context();
  private int side = -1;
  private BoolExpr[][] is;
  private Solver solver;

  @Override
  public String name() {
    return "z3 4.14.1 (z3-turnkey, Booleans + at-most-one)";
  }

  private void prepare(int newSide) {
    if (newSide == side) {
      return;
    }
    side = newSide;
    is = new BoolExpr[side * side][side];
    solver = ctx.mkSolver();
    for (int k = 0; k < is.length; k++) {
      for (int v = 0; v < side; v++) {
        is[k][v] = ctx.mkBoolConst("c" + k + "v" + v);
      }
      exactlyOne(is[k]);
    }
    for (int[] unit : Units.of(side)) {
      for (int v = 0; v < side; v++) {
        BoolExpr[] group = new BoolExpr[side];
        for (int j = 0; j < side; j++) {
          group[j] = is[unit[j]][v];
        }
        exactlyOne(group);
      }
    }
  }

  // Z3's add, mkOr and mkAtMost take Expr<BoolSort>... without @SafeVarargs; the array javac
  // makes for them is only read.
  @SuppressWarnings("unchecked")
  private void exactlyOne(BoolExpr[] group) {
    solver.add(ctx.mkOr(group));
    solver.add(ctx.mkAtMost(group, 1));
  }

  @Override
  // Z3's add, mkOr and mkAtMost take Expr<BoolSort>... without @SafeVarargs; the array javac
  // makes for them is only read.
  @SuppressWarnings("unchecked")
  Found search(Grid puzzle, int limit) {
    prepare(puzzle.side());
    solver.push();
    try {
      for (int k = 0; k < is.length; k++) {
        if (puzzle.get(k) != 0) {
          solver.add(is[k][puzzle.get(k) - 1]);
        }
      }
      Found found = new Found();
      while (found.count < limit && solver.check() == Status.SATISFIABLE) {
        Model model = solver.getModel();
        int[] values = new int[is.length];
        List<BoolExpr> differs = new ArrayList<>();
        for (int k = 0; k < is.length; k++) {
          for (int v = 0; v < side; v++) {
            if (model.eval(is[k][v], true).isTrue()) {
              values[k] = v + 1;
              differs.add(ctx.mkNot(is[k][v]));
            }
          }
        }
        found.add(side, values);
        solver.add(ctx.mkOr(differs.toArray(new BoolExpr[0])));
      }
      return found;
    } finally {
      solver.pop();
    }
  }

  @Override
  public void close() {
    ctx.close();
  }
}
