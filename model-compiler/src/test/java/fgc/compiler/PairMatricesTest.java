package fgc.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;

import fgc.model.Domain;
import fgc.model.Factor;
import fgc.model.FactorKind;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.plan.PairPotentials;
import fgc.plan.PairwisePlan;
import fgc.plan.Planner;
import fgc.solver.PairwiseKernels;
import org.junit.jupiter.api.Test;

/**
 * Every pairwise matrix is the product of its pair's tables, oriented from its sender, with the
 * pair's neq applied, on a model whose edges share tables across every input the planner reads
 * (orientation, domain sizes, neq on the pair), so that a matrix formed once and reused for an edge
 * it does not fit is caught.
 */
class PairMatricesTest {
  @Test
  void eachEdgesMatrixIsItsOwnPairsProduct() {
    ModelBuilder b = Model.builder("shared");
    int n = 40;
    b.variables("x", Domain.range(0, 1), n / 2);
    b.variables("y", Domain.range(0, 2), n / 2);
    double[] square = {1, 2, 3, 4};
    double[] wide = {1, 2, 3, 4, 5, 6};
    double[] nine = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    for (int k = 0; k + 1 < n; k++) {
      // Variables alternate between x (2 values) and y (3 values); every other table is written
      // backwards.
      int u = k % 2 == 0 ? k / 2 : n / 2 + k / 2;
      int v = k % 2 == 0 ? n / 2 + k / 2 : k / 2 + 1;
      int first = k % 4 < 2 ? u : v;
      int second = first == u ? v : u;
      int firstSize = first < n / 2 ? 2 : 3;
      int secondSize = second < n / 2 ? 2 : 3;
      b.table(
          new int[] {first, second},
          firstSize * secondSize == 4 ? square : firstSize * secondSize == 6 ? wide : nine);
      if (k % 3 == 0) {
        b.neq(first, second);
      }
    }
    for (int k = 0; k + 2 < n / 2; k++) {
      b.table(new int[] {k, k + 2}, square); // x to x, both ways round as the grid's rows go
      b.table(new int[] {n / 2 + k + 2, n / 2 + k}, nine);
    }
    Model model = b.build();
    PairwisePlan plan = Planner.pairwise(model);
    PairPotentials p = plan.potentials();
    int[] kind = p.edgeKinds();
    int[] at = p.edgeInfos();
    int[] info = p.info();
    double[] weights = p.weights();
    int matrices = 0;
    for (int i = 0; i < plan.variableCount(); i++) {
      for (int e = plan.firstEdge(i); e < plan.firstEdge(i) + plan.degree(i); e++) {
        int j = plan.neighbour(e);
        assertEquals(PairwiseKernels.MATRIX, kind[e], "edge " + i + " -> " + j);
        int senderSize = model.domainOf(i).size();
        int receiverSize = model.domainOf(j).size();
        assertEquals(senderSize, info[at[e] + 2], "edge " + i + " -> " + j + ": sender size");
        assertEquals(receiverSize, info[at[e] + 4], "edge " + i + " -> " + j + ": receiver size");
        double[] expected = product(model, i, j);
        double expectedMax = 0;
        double storedMax = 0;
        for (int c = 0; c < expected.length; c++) {
          expectedMax = Math.max(expectedMax, expected[c]);
          storedMax = Math.max(storedMax, weights[info[at[e]] + c]);
        }
        for (int c = 0; c < expected.length; c++) {
          assertEquals(
              expected[c] / expectedMax,
              weights[info[at[e]] + c] / storedMax,
              1e-12,
              "edge " + i + " -> " + j + ", entry " + c);
        }
        matrices++;
      }
    }
    assertEquals(plan.edgeCount(), matrices);
  }

  /**
   * The pair's tables multiplied, sender's value the row, and zero where a neq between them
   * forbids.
   */
  private static double[] product(Model model, int sender, int receiver) {
    int rows = model.domainOf(sender).size();
    int columns = model.domainOf(receiver).size();
    double[] w = new double[rows * columns];
    java.util.Arrays.fill(w, 1.0);
    for (Factor f : model.factors()) {
      if (f.arity() != 2
          || !(f.variable(0) == sender && f.variable(1) == receiver
              || f.variable(1) == sender && f.variable(0) == receiver)) {
        continue;
      }
      for (int a = 0; a < rows; a++) {
        for (int c = 0; c < columns; c++) {
          int[] values = f.variable(0) == sender ? new int[] {a, c} : new int[] {c, a};
          if (f.kind() == FactorKind.TABLE) {
            w[a * columns + c] *=
                f.weight(values[0] * model.domainOf(f.variable(1)).size() + values[1]);
          } else if (f.kind() == FactorKind.NEQ && a == c) {
            w[a * columns + c] = 0;
          }
        }
      }
    }
    return w;
  }
}
