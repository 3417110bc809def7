package fgc.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.compilation.AlgorithmSpec;
import fgc.model.Domain;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.VariableArray;
import fgc.solver.GeneratedAlgorithm;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code trw-pairwise} against what tree-reweighted BP must be, beyond its own reference
 * interpreter: with every edge appearing ({@code rho = 1}) on positive weights its fixed point is
 * BP's, so on a chain it gives the exact marginals; below 1 its marginals move away from BP's.
 */
class TreeReweightedBpTest {
  @Test
  void withEveryEdgeAppearingItIsBpOnALoopyGrid() throws Exception {
    Model grid = grid(3, false);
    double[][] trw = marginals(grid, AlgorithmSpec.named("trw-pairwise", Map.of("rho", 1.0)));
    double[][] bp = marginals(grid, AlgorithmSpec.named("bp-pairwise", Map.of("damping", 0.5)));
    assertClose(bp, trw, 1e-9);
  }

  @Test
  void withEveryEdgeAppearingItIsExactOnAChain() throws Exception {
    Model chain = grid(4, true);
    double[][] trw = marginals(chain, AlgorithmSpec.named("trw-pairwise", Map.of("rho", 1.0)));
    double[][] exact = marginals(chain, AlgorithmSpec.named("elimination"));
    assertClose(exact, trw, 1e-9);
  }

  @Test
  void belowOneItsMarginalsAreNotBps() throws Exception {
    Model grid = grid(3, false);
    double[][] trw = marginals(grid, AlgorithmSpec.named("trw-pairwise", Map.of("rho", 0.5)));
    double[][] bp = marginals(grid, AlgorithmSpec.named("bp-pairwise", Map.of("damping", 0.5)));
    double largest = 0;
    for (int i = 0; i < bp.length; i++) {
      for (int v = 0; v < bp[i].length; v++) {
        largest = Math.max(largest, Math.abs(bp[i][v] - trw[i][v]));
      }
    }
    assertTrue(largest > 1e-3, "trw with rho 0.5 moved no marginal: " + largest);
  }

  /**
   * A side x side grid of two-valued variables (one row when {@code chain}), with attractive pair
   * tables and a field on every variable: positive weights only.
   */
  private static Model grid(int side, boolean chain) {
    ModelBuilder b = Model.builder(chain ? "chain" : "grid");
    int rows = chain ? 1 : side;
    VariableArray x = b.variables("x", Domain.range(0, 1), rows * side);
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < side; c++) {
        int at = r * side + c;
        b.prior(x.at(at), new double[] {1.0 + 0.3 * at, 2.0 - 0.1 * at});
        if (c + 1 < side) {
          b.table(new int[] {x.at(at), x.at(at + 1)}, new double[] {2.5, 0.7, 0.4, 1.9});
        }
        if (r + 1 < rows) {
          b.table(new int[] {x.at(at), x.at(at + side)}, new double[] {1.8, 0.5, 0.6, 2.2});
        }
      }
    }
    return b.build();
  }

  /** Every variable's marginal after the algorithm converges. */
  private static double[][] marginals(Model model, AlgorithmSpec spec) throws Exception {
    GeneratedAlgorithm solver = DifferentialTest.instantiate(ModelCompiler.compile(model, spec));
    solver.reset();
    for (int s = 0; s < 2000 && solver.update(1) > 1e-13; s++) {
      // sweep to convergence
    }
    double[][] out = new double[model.variableCount()][];
    for (int i = 0; i < out.length; i++) {
      out[i] = new double[solver.domainSize(i)];
      solver.marginal(i, out[i]);
    }
    return out;
  }

  private static void assertClose(double[][] expected, double[][] actual, double tolerance) {
    for (int i = 0; i < expected.length; i++) {
      for (int v = 0; v < expected[i].length; v++) {
        assertEquals(expected[i][v], actual[i][v], tolerance, "marginal " + i + " value " + v);
      }
    }
  }
}
