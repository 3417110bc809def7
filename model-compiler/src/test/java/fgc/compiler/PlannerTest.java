package fgc.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.compiler.plan.FactorPlan;
import fgc.compiler.plan.PairwisePlan;
import fgc.compiler.plan.PlanException;
import fgc.compiler.plan.Planner;
import fgc.model.Domain;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.VariableArray;
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
    PlanException e = assertThrows(PlanException.class, () -> Planner.factors(b.build(), 16, "sumproduct"));
    assertTrue(e.getMessage().contains("can never hold"), e.getMessage());
  }

  @Test
  void tooManyValuesForTheSubsetPassesIsACompileErrorNamingTheAlternative() {
    PlanException e = assertThrows(PlanException.class, () -> Planner.factors(TestModels.sudoku(5), 16, "sumproduct"));
    assertTrue(e.getMessage().contains("bp-pairwise"), e.getMessage());
  }
}
