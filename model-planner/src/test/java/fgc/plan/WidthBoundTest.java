package fgc.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.model.Domain;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.VariableArray;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The width bound is never above the best order's: checked against every elimination order (a
 * dynamic program over the sets eliminated so far) on random small graphs, grids among them; and it
 * refuses a large grid with its reason.
 */
class WidthBoundTest {
  @Test
  void neverPassesTheBestOrderOnRandomGraphs() {
    Random random = new Random(35);
    int refusing = 0;
    for (int trial = 0; trial < 400; trial++) {
      Model m = trial % 2 == 0 ? randomGraph(random) : damagedGrid(random);
      int[] size = VariableLayout.of(m).variableSizes();
      EliminationGraph g = new EliminationGraph(m, size, EliminationPlanner.MAX_CLIQUE_ENTRIES);
      long[] best = bestOrder(g, size);
      WidthBound bound = WidthBound.of(g);
      assertTrue(bound.width <= best[0], trial + ": width " + bound.width + " > " + best[0]);
      assertTrue(bound.entries <= best[1], trial + ": entries " + bound.entries + " > " + best[1]);
      // The planner's own order is one of those the program minimised over.
      EliminationPlan plan = EliminationPlanner.plan(m);
      assertTrue(bound.width <= plan.width(), trial + ": above the plan's width");
      assertTrue(
          bound.entries <= plan.largestClique(), trial + ": above the plan's largest clique");
      refusing += bound.entries > 1 && bound.width >= 2 ? 1 : 0;
    }
    assertTrue(refusing > 100, "the bound said something on " + refusing + " graphs");
  }

  @Test
  void findsTheGridOfAGridModel() {
    for (int side = 3; side <= 12; side++) {
      Model m = grid(side, side);
      WidthBound bound = bound(m);
      // The cells joined right and down form a (side - 1) square; the grid's treewidth is side.
      assertEquals(side - 1, bound.width, "side " + side);
      assertEquals(1L << side, bound.entries, "side " + side);
    }
    assertEquals(2, WidthBound.degeneracy(graph(grid(10, 10))).width);
  }

  @Test
  void aLargeGridIsRefusedFromTheBoundWithItsReason() {
    Model m = grid(200, 200);
    TooLargeException e = assertThrows(TooLargeException.class, () -> EliminationPlanner.plan(m));
    assertTrue(
        e.getMessage()
            .contains(
                "elimination width at least 199 in every order: it holds a 199 x 199 grid of"
                    + " variables"),
        e.getMessage());
    assertTrue(e.getMessage().contains("the limit is 16777216 (2^24) entries"), e.getMessage());
  }

  @Test
  void aDenseModelIsRefusedFromItsDegeneracy() {
    ModelBuilder b = Model.builder("dense");
    VariableArray x = b.variables("x", Domain.range(0, 1), 30);
    for (int i = 0; i < 30; i++) {
      for (int j = i + 1; j < 30; j++) {
        b.table(new int[] {x.at(i), x.at(j)}, new double[] {2, 1, 1, 2});
      }
    }
    Model m = b.build();
    assertEquals(29, bound(m).width);
    TooLargeException e = assertThrows(TooLargeException.class, () -> EliminationPlanner.plan(m));
    assertTrue(e.getMessage().contains("at least 1073741824 entries"), e.getMessage());
    assertTrue(e.getMessage().contains("(degeneracy 29)"), e.getMessage());
  }

  private static WidthBound bound(Model m) {
    return WidthBound.of(graph(m));
  }

  private static EliminationGraph graph(Model m) {
    return new EliminationGraph(
        m, VariableLayout.of(m).variableSizes(), EliminationPlanner.MAX_CLIQUE_ENTRIES);
  }

  static Model grid(int rows, int columns) {
    ModelBuilder b = Model.builder("grid");
    VariableArray g = b.variables("g", Domain.range(0, 1), rows, columns);
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < columns; c++) {
        if (c + 1 < columns) {
          b.table(new int[] {g.at(r, c), g.at(r, c + 1)}, new double[] {2, 1, 1, 2});
        }
        if (r + 1 < rows) {
          b.table(new int[] {g.at(r, c), g.at(r + 1, c)}, new double[] {2, 1, 1, 2});
        }
      }
    }
    return b.build();
  }

  /** 2 to 10 variables of 1 to 4 values, random pairs and triples. */
  private static Model randomGraph(Random random) {
    int n = 2 + random.nextInt(9);
    int[] sizes = new int[n];
    for (int v = 0; v < n; v++) {
      sizes[v] = 1 + random.nextInt(4);
    }
    List<int[]> scopes = new ArrayList<>();
    int factors = random.nextInt(3 * n);
    for (int f = 0; f < factors; f++) {
      int a = random.nextInt(n);
      int b = random.nextInt(n);
      int c = random.nextInt(n);
      if (a != b) {
        scopes.add(
            random.nextInt(4) == 0 && c != a && c != b ? new int[] {a, b, c} : new int[] {a, b});
      }
    }
    return model(sizes, scopes);
  }

  /** A grid of 2 to 4 by 2 to 4 values, some edges left out, some added, sizes 2 or 3. */
  private static Model damagedGrid(Random random) {
    int rows = 2 + random.nextInt(3);
    int columns = 2 + random.nextInt(3);
    int n = rows * columns;
    int[] sizes = new int[n];
    for (int v = 0; v < n; v++) {
      sizes[v] = 2 + random.nextInt(2);
    }
    List<int[]> scopes = new ArrayList<>();
    for (int v = 0; v < n; v++) {
      if (v % columns + 1 < columns && random.nextInt(8) > 0) {
        scopes.add(new int[] {v, v + 1});
      }
      if (v + columns < n && random.nextInt(8) > 0) {
        scopes.add(new int[] {v, v + columns});
      }
      if (random.nextInt(6) == 0) {
        int u = random.nextInt(n);
        if (u != v) {
          scopes.add(new int[] {v, u});
        }
      }
    }
    return model(sizes, scopes);
  }

  private static Model model(int[] sizes, List<int[]> scopes) {
    ModelBuilder b = Model.builder("random");
    int[] index = new int[sizes.length];
    for (int v = 0; v < sizes.length; v++) {
      index[v] = b.variables("x" + v, Domain.range(0, sizes[v] - 1)).at();
    }
    for (int[] scope : scopes) {
      int[] vars = new int[scope.length];
      int entries = 1;
      for (int k = 0; k < scope.length; k++) {
        vars[k] = index[scope[k]];
        entries *= sizes[scope[k]];
      }
      double[] weights = new double[entries];
      java.util.Arrays.fill(weights, 1.0);
      weights[0] = 2.0;
      b.table(vars, weights);
    }
    return b.build();
  }

  /**
   * The least width and the least largest-clique entries over every elimination order: over the
   * sets S eliminated first, eliminating v next makes the clique of v and the variables outside S
   * that v reaches through S.
   */
  private static long[] bestOrder(EliminationGraph g, int[] size) {
    int n = g.n;
    int[] width = new int[1 << n];
    long[] entries = new long[1 << n];
    java.util.Arrays.fill(width, Integer.MAX_VALUE);
    java.util.Arrays.fill(entries, Long.MAX_VALUE);
    width[0] = 0;
    entries[0] = 0;
    for (int s = 0; s < 1 << n; s++) {
      for (int v = 0; v < n; v++) {
        if ((s >> v & 1) != 0) {
          continue;
        }
        int reach = reached(g, s, v);
        int t = s | 1 << v;
        int w = Math.max(width[s], Integer.bitCount(reach));
        long e = size[v];
        for (int u = 0; u < n; u++) {
          e *= (reach >> u & 1) != 0 ? size[u] : 1;
        }
        width[t] = Math.min(width[t], w);
        entries[t] = Math.min(entries[t], Math.max(entries[s], e));
      }
    }
    return new long[] {width[(1 << n) - 1], entries[(1 << n) - 1]};
  }

  /** The variables outside {@code s} and other than {@code v} that v reaches through {@code s}. */
  private static int reached(EliminationGraph g, int s, int v) {
    int seen = 1 << v;
    int reach = 0;
    int[] stack = new int[g.n];
    int top = 0;
    stack[top++] = v;
    while (top > 0) {
      int x = stack[--top];
      for (int j = 0; j < g.degree(x); j++) {
        int u = g.neighbour(x, j);
        if ((seen >> u & 1) == 0) {
          seen |= 1 << u;
          if ((s >> u & 1) != 0) {
            stack[top++] = u;
          } else {
            reach |= 1 << u;
          }
        }
      }
    }
    return reach;
  }
}
