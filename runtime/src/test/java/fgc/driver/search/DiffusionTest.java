package fgc.driver.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Min-sum diffusion must keep every assignment's total cost (infinite where it was) and never lower
 * the root bound, the sum of the tables' least costs, which must stay below the optimum.
 */
class DiffusionTest {
  @Test
  void everyAssignmentKeepsItsCostAndTheBoundRisesTowardsTheOptimumWithoutPassingIt() {
    int rose = 0;
    for (long seed = 0; seed < 200; seed++) {
      Random r = new Random(seed);
      int n = 2 + r.nextInt(5);
      int[] sizes = new int[n];
      for (int v = 0; v < n; v++) {
        sizes[v] = 1 + r.nextInt(3);
      }
      List<Diffusion.Table> tables = new ArrayList<>();
      int count = 1 + r.nextInt(2 * n);
      for (int t = 0; t < count; t++) {
        int arity = 1 + r.nextInt(Math.min(3, n));
        int[] vars = new int[arity];
        int start = r.nextInt(n);
        for (int p = 0; p < arity; p++) {
          vars[p] = (start + p) % n;
        }
        int[] s = new int[arity];
        int length = 1;
        for (int p = 0; p < arity; p++) {
          s[p] = sizes[vars[p]];
          length *= s[p];
        }
        double[] costs = new double[length];
        for (int k = 0; k < length; k++) {
          costs[k] = r.nextInt(6) == 0 ? Double.POSITIVE_INFINITY : r.nextDouble() * 4 - 1;
        }
        tables.add(new Diffusion.Table(vars, s, costs));
      }
      List<Diffusion.Table> moved = Diffusion.of(tables, sizes);
      double before = rootBound(tables);
      double after = rootBound(moved);
      double optimum = Double.POSITIVE_INFINITY;
      int[] x = new int[n];
      do {
        double a = total(tables, x);
        double b = total(moved, x);
        optimum = Math.min(optimum, a);
        if (Double.isInfinite(a)) {
          assertTrue(Double.isInfinite(b), "seed " + seed + ": a forbidden assignment came back");
        } else {
          assertEquals(a, b, 1e-9, "seed " + seed + ": an assignment's cost moved");
        }
      } while (next(x, sizes));
      assertTrue(
          after >= before - 1e-9,
          "seed "
              + seed
              + ": the bound fell "
              + before
              + " -> "
              + after
              + " opt "
              + optimum
              + " "
              + describe(tables));
      assertTrue(after <= optimum + 1e-9, "seed " + seed + ": the bound passed the optimum");
      if (after > before + 1e-6) {
        rose++;
      }
    }
    assertTrue(rose > 50, "the bound rose on only " + rose + " of 200 models");
  }

  private static String describe(List<Diffusion.Table> tables) {
    StringBuilder b = new StringBuilder();
    for (Diffusion.Table t : tables) {
      b.append(java.util.Arrays.toString(t.vars()))
          .append(java.util.Arrays.toString(t.sizes()))
          .append(java.util.Arrays.toString(t.costs()))
          .append("; ");
    }
    return b.toString();
  }

  private static double rootBound(List<Diffusion.Table> tables) {
    double sum = 0;
    for (Diffusion.Table t : tables) {
      double min = Double.POSITIVE_INFINITY;
      for (double c : t.costs()) {
        min = Math.min(min, c);
      }
      sum += min;
    }
    return sum;
  }

  private static double total(List<Diffusion.Table> tables, int[] x) {
    double sum = 0;
    for (Diffusion.Table t : tables) {
      int k = 0;
      for (int p = 0; p < t.vars().length; p++) {
        k = k * t.sizes()[p] + x[t.vars()[p]];
      }
      sum += t.costs()[k];
    }
    return sum;
  }

  private static boolean next(int[] x, int[] sizes) {
    for (int v = x.length - 1; v >= 0; v--) {
      if (++x[v] < sizes[v]) {
        return true;
      }
      x[v] = 0;
    }
    return false;
  }
}
