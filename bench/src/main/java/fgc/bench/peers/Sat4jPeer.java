package fgc.bench.peers;

import fgc.puzzles.Grid;
import java.util.Arrays;
import org.sat4j.core.VecInt;
import org.sat4j.minisat.SolverFactory;
import org.sat4j.specs.ContradictionException;
import org.sat4j.specs.ISolver;
import org.sat4j.specs.TimeoutException;

/**
 * Sat4j: the usual CNF, one Boolean per (cell, value): every cell and every unit takes every value
 * at least once and at most once (pairwise), givens as unit clauses. A fresh solver per puzzle;
 * counting adds a clause that blocks the solution found.
 */
public final class Sat4jPeer extends SearchingPeer {
  @Override
  public String name() {
    return "sat4j 2.3.6 (CNF, pairwise at-most-one)";
  }

  private static int literal(int side, int cell, int value) {
    return cell * side + value + 1;
  }

  @Override
  Found search(Grid puzzle, int limit) {
    int side = puzzle.side();
    int cellCount = side * side;
    ISolver solver = SolverFactory.newDefault();
    solver.newVar(cellCount * side);
    Found found = new Found();
    try {
      for (int cell = 0; cell < cellCount; cell++) {
        int[] group = new int[side];
        for (int v = 0; v < side; v++) {
          group[v] = literal(side, cell, v);
        }
        exactlyOne(solver, group);
        if (puzzle.get(cell) != 0) {
          solver.addClause(new VecInt(new int[] {literal(side, cell, puzzle.get(cell) - 1)}));
        }
      }
      for (int[] unit : Units.of(side)) {
        for (int v = 0; v < side; v++) {
          int[] group = new int[side];
          for (int j = 0; j < side; j++) {
            group[j] = literal(side, unit[j], v);
          }
          exactlyOne(solver, group);
        }
      }
      while (found.count < limit && solver.isSatisfiable()) {
        int[] model = solver.model();
        int[] values = new int[cellCount];
        int[] block = new int[cellCount];
        int b = 0;
        for (int lit : model) {
          if (lit > 0) {
            values[(lit - 1) / side] = (lit - 1) % side + 1;
            block[b++] = -lit;
          }
        }
        found.add(side, values);
        solver.addClause(new VecInt(Arrays.copyOf(block, b)));
      }
    } catch (ContradictionException e) {
      // The clauses (givens or a blocking clause) are unsatisfiable: no more solutions.
    } catch (TimeoutException e) {
      throw new IllegalStateException("sat4j timed out", e);
    }
    return found;
  }

  private static void exactlyOne(ISolver solver, int[] literals) throws ContradictionException {
    solver.addClause(new VecInt(literals));
    for (int a = 0; a < literals.length; a++) {
      for (int b = a + 1; b < literals.length; b++) {
        solver.addClause(new VecInt(new int[] {-literals[a], -literals[b]}));
      }
    }
  }
}
