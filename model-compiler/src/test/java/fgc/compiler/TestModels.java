package fgc.compiler;

import fgc.algorithms.Algorithms;
import fgc.model.Domain;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.VariableArray;

/** Models built in Java for the compiler's tests, independent of the language front end. */
final class TestModels {
  private TestModels() {}

  /** Sudoku of box size n with one alldiff per row, column and box. */
  static Model sudoku(int n) {
    int size = n * n;
    ModelBuilder b = Model.builder("sudoku");
    VariableArray cell = b.variables("cell", Domain.range(1, size), size, size);
    for (int r = 0; r < size; r++) {
      int[] scope = new int[size];
      for (int c = 0; c < size; c++) {
        scope[c] = cell.at(r, c);
      }
      b.alldiff(scope);
    }
    for (int c = 0; c < size; c++) {
      int[] scope = new int[size];
      for (int r = 0; r < size; r++) {
        scope[r] = cell.at(r, c);
      }
      b.alldiff(scope);
    }
    for (int br = 0; br < n; br++) {
      for (int bc = 0; bc < n; bc++) {
        int[] scope = new int[size];
        for (int i = 0; i < n; i++) {
          for (int j = 0; j < n; j++) {
            scope[i * n + j] = cell.at(br * n + i, bc * n + j);
          }
        }
        b.alldiff(scope);
      }
    }
    return b.observe("cell").build();
  }

  /** Sudoku's puzzle from a line of digits and dots (row-major). */
  static void observe(fgc.solver.GeneratedAlgorithm solver, String line) {
    for (int i = 0; i < line.length(); i++) {
      char ch = line.charAt(i);
      if (ch >= '1' && ch <= '9') {
        solver.setObserved(i, ch - '0');
      }
    }
  }

  /**
   * How a refusal ends, {@code "maxproduct, bp-pairwise and ep-dirichlet fit"}: every other
   * algorithm of the registry whose solver for {@code model} fits, found by asking each, so a new
   * one is expected too.
   */
  static String othersThatFit(Model model, String refused) {
    java.util.List<String> fit = new java.util.ArrayList<>();
    for (String name : Algorithms.names()) {
      try {
        if (!name.equals(refused)
            && ModelCompiler.fits(model, Algorithms.spec(name, java.util.Map.of()))) {
          fit.add(name);
        }
      } catch (fgc.plan.PlanException e) {
        // refused: not an alternative
      }
    }
    String last = fit.remove(fit.size() - 1);
    return fit.isEmpty() ? last + " fits" : String.join(", ", fit) + " and " + last + " fit";
  }
}
