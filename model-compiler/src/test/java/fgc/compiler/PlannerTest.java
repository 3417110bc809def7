package fgc.compiler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.compilation.AlgorithmSpec;
import fgc.model.Domain;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.VariableArray;
import fgc.plan.FactorPlan;
import fgc.plan.PairPotentials;
import fgc.plan.PairwisePlan;
import fgc.plan.PlanException;
import fgc.plan.Planner;
import fgc.plan.TooLargeException;
import org.junit.jupiter.api.Test;

class PlannerTest {
  @Test
  void sudokuPairsAreMergedAcrossRowsColumnsAndBoxes() {
    PairwisePlan plan = Planner.pairwise(TestModels.sudoku(3));
    // 81 cells x 20 peers / 2: the row-box and column-box overlaps are counted once.
    assertEquals(810, plan.factorCount());
    assertEquals(1620, plan.edgeCount());
    assertEquals(20, plan.regularDegree());
    for (int i = 0; i < plan.variableCount(); i++) {
      for (int e = plan.firstEdge(i); e < plan.firstEdge(i) + plan.degree(i); e++) {
        int back = plan.reverse(e);
        assertEquals(e, plan.reverse(back), "reverse is an involution");
        assertEquals(i, plan.neighbour(back), "the reverse edge points back");
        assertTrue(plan.neighbour(e) != i);
      }
    }
  }

  @Test
  void factorPlanKeepsOneNodePerFactorWithSlotsInScopeOrder() {
    FactorPlan plan = Planner.factors(TestModels.sudoku(2), 16, "sumproduct");
    assertEquals(12, plan.factorCount());
    assertEquals(48, plan.edgeCount());
    assertEquals(4, plan.uniformArity());
    assertEquals(3, plan.maxVariableDegree());
    int[] starts = plan.variableStarts();
    int[] edges = plan.variableEdges();
    int[] owner = plan.edgeVariables();
    for (int i = 0; i < plan.variableCount(); i++) {
      for (int k = starts[i]; k < starts[i + 1]; k++) {
        assertEquals(i, owner[edges[k]]);
        assertTrue(k == starts[i] || edges[k - 1] < edges[k], "ascending edge order");
      }
    }
  }

  @Test
  void anAlldiffWiderThanTheDomainIsACompileError() {
    ModelBuilder b = Model.builder("pigeons");
    VariableArray x = b.variables("x", Domain.range(1, 2), 3);
    b.alldiff(x.at(0), x.at(1), x.at(2));
    PlanException e =
        assertThrows(PlanException.class, () -> Planner.factors(b.build(), 16, "sumproduct"));
    assertTrue(e.getMessage().contains("can never hold"), e.getMessage());
  }

  @Test
  void tooManyValuesForTheSubsetPassesIsACompileErrorNamingTheAlternatives() {
    PlanException e =
        assertThrows(
            TooLargeException.class,
            () -> ModelCompiler.footprint(TestModels.sudoku(5), AlgorithmSpec.named("sumproduct")));
    assertTrue(
        e.getMessage()
            .endsWith(
                "it takes at most 16 values; "
                    + TestModels.othersThatFit(TestModels.sudoku(5), "sumproduct")),
        e.getMessage());
    assertTrue(
        e.getMessage().contains("; maxproduct, bp-pairwise"),
        "the factor-node and pairwise alternatives fit: " + e.getMessage());
  }

  @Test
  void factorsBetweenTheSamePairCombineIntoOneEdgeOfTheKindTheyNeed() {
    ModelBuilder b = Model.builder("pairs");
    VariableArray x = b.variables("x", Domain.range(0, 2), 4);
    VariableArray y = b.variables("y", Domain.range(1, 2), 1);
    // x0-x1 neq twice (neq), x1-x2 eq (eq), x2-x3 neq and a table (matrix), x3-y0 a table twice
    // (matrix).
    b.neq(x.at(0), x.at(1)).alldiff(x.at(1), x.at(0)).eq(x.at(1), x.at(2));
    b.table(new int[] {x.at(3), x.at(2)}, new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9})
        .neq(x.at(2), x.at(3));
    b.table(new int[] {x.at(3), y.at(0)}, new double[] {1, 2, 3, 4, 5, 6})
        .table(new int[] {y.at(0), x.at(3)}, new double[] {2, 2, 2, 0, 1, 3});
    b.prior(x.at(0), new double[] {1, 0, 2}).table(new int[] {x.at(0)}, new double[] {3, 1, 0.5});
    PairwisePlan plan = Planner.pairwise(b.build());
    assertEquals(4, plan.factorCount());
    assertEquals(8, plan.edgeCount());
    PairPotentials p = plan.potentials();
    // Edges by sender: x0->x1 | x1->x0, x1->x2 | x2->x1, x2->x3 | x3->x2, x3->y0 | y0->x3.
    assertArrayEquals(new int[] {0, 0, 1, 1, 2, 2, 2, 2}, p.edgeKinds());
    int[] info = p.info();
    double[] w = p.weights();
    int x2x3 = p.edgeInfos()[4];
    // The sender's value is the row: x2 = u, x3 = v has weight table(x3 = v, x2 = u), and 0 where u
    // == v.
    assertArrayEquals(
        new int[] {0, 3, 0, 3}, java.util.Arrays.copyOfRange(info, x2x3 + 1, x2x3 + 5));
    assertScaledByAPowerOfTwo(
        new double[] {0, 4, 7, 2, 0, 8, 3, 6, 0},
        java.util.Arrays.copyOfRange(w, info[x2x3], info[x2x3] + 9));
    int y0x3 = p.edgeInfos()[7];
    // y0 (offset 1, size 2) to x3: the product of both tables.
    assertArrayEquals(
        new int[] {1, 2, 0, 3}, java.util.Arrays.copyOfRange(info, y0x3 + 1, y0x3 + 5));
    assertScaledByAPowerOfTwo(
        new double[] {2, 6, 10, 0, 4, 18},
        java.util.Arrays.copyOfRange(w, info[y0x3], info[y0x3] + 6));
    assertArrayEquals(new int[] {1, 0, 0, 0, 0}, p.unaryAt());
    assertScaledByAPowerOfTwo(new double[] {3, 0, 1}, p.unary());
  }

  /**
   * {@code actual} is {@code expected} times one power of two, exactly, with its largest entry in
   * [1, 2): the planner keeps weights in scale without changing what they say.
   */
  static void assertScaledByAPowerOfTwo(double[] expected, double[] actual) {
    double max = java.util.Arrays.stream(actual).max().orElse(0);
    assertTrue(max >= 1 && max < 2, "largest entry " + max);
    double expectedMax = java.util.Arrays.stream(expected).max().orElse(0);
    int shift = Math.getExponent(max) - Math.getExponent(expectedMax);
    for (int k = 0; k < expected.length; k++) {
      assertEquals(
          Math.scalb(expected[k], shift),
          actual[k],
          0.0,
          "entry " + k + " of " + java.util.Arrays.toString(actual));
    }
  }

  @Test
  void sumsAndWideTablesAreCompileErrorsNamingTheAlgorithmsThatTakeThem() {
    ModelBuilder b = Model.builder("wide");
    VariableArray x = b.variables("x", Domain.range(0, 1), 3);
    b.table(new int[] {x.at(0), x.at(1), x.at(2)}, new double[] {1, 1, 1, 1, 1, 1, 1, 2});
    PlanException e = assertThrows(PlanException.class, () -> Planner.pairwise(b.build()));
    assertEquals(
        Planner.pairwiseBp()
            + " takes table factors over 1 or 2 variables, not 3"
            + " (the table on x[0], x[1], x[2]); sumproduct and maxproduct take any",
        e.getMessage());
    ModelBuilder s = Model.builder("sums");
    VariableArray y = s.variables("y", Domain.range(0, 1), 2);
    s.sum(1, y.at(0), y.at(1));
    e = assertThrows(PlanException.class, () -> Planner.pairwise(s.build()));
    assertEquals(
        Planner.pairwiseBp() + " has no messages for sum factors (sumproduct and maxproduct have)",
        e.getMessage());
  }
}
