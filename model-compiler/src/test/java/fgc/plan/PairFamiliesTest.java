package fgc.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.compiler.IsingGrid;
import fgc.lang.DataSet;
import fgc.lang.FgcLanguage;
import fgc.model.Domain;
import fgc.model.Factor;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.VariableArray;
import fgc.solver.PairFamilies;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The edge tables a pairwise class rebuilds from its plan's families ({@link PairFamilies}) are
 * those the planner made from the ground factors, array for array: the same edges in the same
 * order, the same merged potentials, matrices and unary weights.
 */
class PairFamiliesTest {
  @Test
  void theBundledModelsTablesFromFamiliesAreTheGroundOnes() {
    Map<String, String> examples =
        Map.of("killer", "killer-9x9", "chain", "umbrella", "colouring", "petersen");
    int planned = 0;
    List<String> skipped = new ArrayList<>();
    for (String name : FgcLanguage.bundledNames()) {
      Model model;
      try {
        model =
            FgcLanguage.bundled(
                name,
                Map.of(),
                examples.containsKey(name) ? DataSet.example(examples.get(name)) : DataSet.empty());
      } catch (RuntimeException e) {
        skipped.add(name + ": " + e.getMessage());
        continue; // a model that needs a data file this test does not name
      }
      PairwisePlan plan;
      try {
        plan = Planner.pairwise(model);
      } catch (PlanException e) {
        skipped.add(name + ": " + e.getMessage());
        continue; // factors pairwise BP has no messages for
      }
      assertSameTables(model, plan, name);
      planned++;
    }
    assertTrue(planned >= 7, "bundled models planned: " + planned + "; not: " + skipped);
  }

  @Test
  void sudokuAndQueensAtOtherSizesAndAGridAgree() {
    String sudoku = FgcLanguage.bundledText("sudoku");
    for (int n : new int[] {2, 4}) {
      Model model =
          FgcLanguage.parse(
              "sudoku.fg", sudoku.replace("param n = 3;", "param n = " + n + ";"), Map.of());
      assertSameTables(model, Planner.pairwise(model), "sudoku " + n);
    }
    Model grid = IsingGrid.of(17);
    assertTrue(
        grid.families().size() <= 3, "the grid is a few families: " + grid.families().size());
    PairwisePlan gridPlan = Planner.pairwise(grid);
    assertSameTables(grid, gridPlan, "grid");
    assertEquals(
        4, gridPlan.degreeBound(), "a grid's couplings give each cell at most 4 neighbours");
  }

  @Test
  void aModelBuiltFactorByFactorWithPairsJoinedSeveralTimesAgrees() {
    ModelBuilder b = Model.builder("pairs");
    VariableArray x = b.variables("x", Domain.range(0, 2), 5);
    VariableArray y = b.variables("y", Domain.range(1, 2), 2);
    b.neq(x.at(0), x.at(1)).alldiff(x.at(1), x.at(0)).eq(x.at(1), x.at(2));
    b.table(new int[] {x.at(3), x.at(2)}, new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9})
        .neq(x.at(2), x.at(3));
    b.table(new int[] {x.at(3), y.at(0)}, new double[] {1, 2, 3, 4, 5, 6})
        .table(new int[] {y.at(0), x.at(3)}, new double[] {2, 2, 2, 0, 1, 3});
    b.table(new int[] {x.at(4), y.at(1)}, new double[] {1, 2, 3, 4, 5, 6}).eq(y.at(1), x.at(4));
    b.alldiff(x.at(4), x.at(0), x.at(2));
    b.prior(x.at(0), new double[] {1, 0, 2})
        .table(new int[] {x.at(0)}, new double[] {3, 1, 0.5})
        .prior(y.at(1), new double[] {1e300, 1e-300});
    b.table(new int[] {x.at(2), x.at(3)}, new double[] {9, 1, 1, 1, 9, 1, 1, 1, 9});
    Model model = b.build();
    assertSameTables(model, Planner.pairwise(model), "pairs");
  }

  @Test
  void twoFactorsOnOnePairMakeOneEdge() {
    // Two couplings of the same cells, one of them through a loop: one pair, its matrix their
    // product.
    String text =
        "model twice;\nvar s[3] in 0..1;\n"
            + "for i in 0..1 {\n"
            + "  weight(s[i], s[i+1]) = exp(0.5 * (2*s[i] - 1) * (2*s[i+1] - 1));\n}\n"
            + "table(s[1], s[0]) = [1, 2, 3, 4];\n";
    Model model = FgcLanguage.parse("twice.fg", text, Map.of());
    PairwisePlan plan = Planner.pairwise(model);
    assertEquals(4, plan.edgeCount());
    assertEquals(3, plan.pairOccurrences());
    assertSameTables(model, plan, "twice");
  }

  private static void assertSameTables(Model model, PairwisePlan plan, String label) {
    Ground ground = Ground.of(model);
    PairFamilies t = plan.tables();
    assertArrayEquals(ground.offset, t.offsets(), label + ": offsets");
    assertArrayEquals(ground.neighbour, t.neighbours(), label + ": neighbours");
    assertArrayEquals(ground.reverse, t.reverses(), label + ": reverses");
    GroundPairPotentials p = ground.potentials;
    assertArrayEquals(p.edgeKinds(), t.edgeKinds(), label + ": edge kinds");
    assertArrayEquals(p.edgeInfos(), t.edgeInfos(), label + ": edge infos");
    assertArrayEquals(p.info(), t.pairInfo(), label + ": pair info");
    assertArrayEquals(p.weights(), t.pairWeights(), label + ": pair weights");
    assertArrayEquals(p.unaryAt(), t.unaryAt(), label + ": unary at");
    assertArrayEquals(p.unary(), t.unary(), label + ": unary");
    assertEquals(p.anyEdgeKernel(), plan.anyEdgeKernel(), label + ": any edge kernel");
    assertEquals(p.anyUnary(), plan.anyUnary(), label + ": any unary");
    assertTrue(
        t.maxDegree() <= plan.degreeBound(),
        label + ": degree " + t.maxDegree() + " over its bound " + plan.degreeBound());
  }

  /**
   * The pairwise tables as the planner made them factor by factor: every pair collected, sorted and
   * made distinct.
   */
  private static final class Ground {
    int[] offset;
    int[] neighbour;
    int[] reverse;
    GroundPairPotentials potentials;

    static Ground of(Model model) {
      int n = model.variableCount();
      List<Long> list = new ArrayList<>();
      for (Factor f : model.factors()) {
        if (!PairPotentials.isPairwise(f)) {
          continue;
        }
        for (int a = 0; a < f.arity(); a++) {
          for (int b = a + 1; b < f.arity(); b++) {
            long x = Math.min(f.variable(a), f.variable(b));
            long y = Math.max(f.variable(a), f.variable(b));
            list.add(x << 32 | y);
          }
        }
      }
      long[] pairs = list.stream().mapToLong(Long::longValue).sorted().distinct().toArray();
      int[] degree = new int[n];
      for (long p : pairs) {
        degree[(int) (p >>> 32)]++;
        degree[(int) p]++;
      }
      Ground g = new Ground();
      g.offset = new int[n + 1];
      for (int i = 0; i < n; i++) {
        g.offset[i + 1] = g.offset[i] + degree[i];
      }
      g.neighbour = new int[g.offset[n]];
      g.reverse = new int[g.offset[n]];
      int[] fill = Arrays.copyOf(g.offset, n);
      for (long p : pairs) {
        int x = (int) (p >>> 32);
        int y = (int) p;
        int ex = fill[x]++;
        int ey = fill[y]++;
        g.neighbour[ex] = y;
        g.neighbour[ey] = x;
        g.reverse[ex] = ey;
        g.reverse[ey] = ex;
      }
      g.potentials =
          GroundPairPotentials.of(
              model, VariableLayout.of(model), g.offset, g.neighbour, g.reverse);
      return g;
    }
  }
}
