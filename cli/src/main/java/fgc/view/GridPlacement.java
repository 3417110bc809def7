package fgc.view;

import fgc.model.Factor;
import fgc.model.Model;
import fgc.model.VariableArray;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Where a factor graph pins its nodes when the model has 2-D arrays: each such array drawn as its
 * grid (row 0 at the top, arrays side by side), a factor over cells of one array at the centroid of
 * its scope, moved off the cells. A factor over a whole row or column would sit on the line itself,
 * so it goes to the line's end, left of the row or above the column, and its edges run along the
 * line; any other goes to the free gap between four cells nearest its centroid (a Sudoku box's
 * factor to the gap beside the box's centre). Positions are in grid units: one column or row apart
 * is 1. Variables of other arrays and factors that reach outside one grid are left free.
 */
final class GridPlacement {
  /** Columns of space between two arrays drawn side by side. */
  private static final int ARRAY_GAP = 3;

  private final double[][] variables;
  private final double[][] factors;
  private final boolean any;

  private GridPlacement(double[][] variables, double[][] factors, boolean any) {
    this.variables = variables;
    this.factors = factors;
    this.any = any;
  }

  static GridPlacement of(Model model) {
    double[][] variables = new double[model.variableCount()][];
    double[][] factors = new double[model.factors().size()][];
    int[] left = new int[model.variableCount()];
    int x = 0;
    boolean any = false;
    for (VariableArray array : model.arrays()) {
      if (array.rank() != 2) {
        continue;
      }
      any = true;
      for (int k = 0; k < array.size(); k++) {
        int row = k / array.dim(1); // whole rows: the division is meant to drop the remainder
        variables[array.firstIndex() + k] = new double[] {x + k % array.dim(1), row};
        left[array.firstIndex() + k] = x;
      }
      x += array.dim(1) + ARRAY_GAP;
    }
    Set<Long> taken = new HashSet<>();
    for (int f = 0; f < factors.length; f++) {
      Factor factor = model.factors().get(f);
      Optional<FactorOrigin.Cells> cells = FactorOrigin.Cells.of(model, factor);
      if (cells.isEmpty()) {
        continue;
      }
      FactorOrigin.Cells c = cells.get();
      int x0 = left[c.array.firstIndex()];
      if (c.rows.size() == 1 && c.count == c.array.dim(1)) {
        factors[f] = free(taken, x0 - 1, c.rows.first(), -1, 0);
      } else if (c.columns.size() == 1 && c.count == c.array.dim(0)) {
        factors[f] = free(taken, x0 + c.columns.first(), -1, 0, -1);
      } else {
        factors[f] = nearestGap(taken, centroid(factor.scope(), variables));
      }
    }
    return new GridPlacement(variables, factors, any);
  }

  /** Whether anything is pinned: the model has a 2-D array. */
  boolean any() {
    return any;
  }

  /** The position of variable {@code v}, or null when it is free. */
  double[] variable(int v) {
    return variables[v];
  }

  /** The position of factor {@code f}, or null when it is free. */
  double[] factor(int f) {
    return factors[f];
  }

  /**
   * Whether factor {@code f} sits in a gap between cells, its edges fanning out (not along a row or
   * column).
   */
  boolean inGap(int f) {
    return factors[f] != null && factors[f][0] != Math.floor(factors[f][0]);
  }

  private static double[] centroid(int[] scope, double[][] variables) {
    double x = 0;
    double y = 0;
    for (int v : scope) {
      x += variables[v][0];
      y += variables[v][1];
    }
    return new double[] {x / scope.length, y / scope.length};
  }

  /**
   * The first free point from (x, y) on in steps of (dx, dy): a second factor on one line goes
   * further out.
   */
  private static double[] free(Set<Long> taken, double x, double y, double dx, double dy) {
    while (!taken.add(key(x, y))) {
      x += dx;
      y += dy;
    }
    return new double[] {x, y};
  }

  /**
   * The free gap point (both coordinates a half) nearest {@code at}, searched in ever larger
   * squares around it; ties go down and then right, so the layout is the same on every run.
   */
  private static double[] nearestGap(Set<Long> taken, double[] at) {
    double gx = Math.floor(at[0]) + 0.5;
    double gy = Math.floor(at[1]) + 0.5;
    for (int reach = 1; ; reach++) {
      List<double[]> candidates = new ArrayList<>();
      for (int i = -reach; i <= reach; i++) {
        for (int j = -reach; j <= reach; j++) {
          candidates.add(new double[] {gx + i, gy + j});
        }
      }
      candidates.sort(
          (a, b) -> {
            int byDistance = Double.compare(distance(a, at), distance(b, at));
            if (byDistance != 0) {
              return byDistance;
            }
            return a[1] != b[1] ? Double.compare(b[1], a[1]) : Double.compare(b[0], a[0]);
          });
      for (double[] candidate : candidates) {
        if (taken.add(key(candidate[0], candidate[1]))) {
          return candidate;
        }
      }
    }
  }

  private static double distance(double[] a, double[] b) {
    double dx = a[0] - b[0];
    double dy = a[1] - b[1];
    return dx * dx + dy * dy;
  }

  /** Points are on a half grid: twice each coordinate is an integer. */
  private static long key(double x, double y) {
    return (Math.round(2 * x) << 32) ^ (Math.round(2 * y) & 0xffffffffL);
  }
}
