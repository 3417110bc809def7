package fgc.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The assignment route to max-product messages against the subset passes (themselves checked by
 * brute force).
 */
class AssignmentKernelsTest {
  @Test
  void equalsTheSubsetPassesOnRandomMatricesWithZeros() {
    Random random = new Random(99L);
    AssignmentKernels.Workspace ws = new AssignmentKernels.Workspace(12);
    for (int width = 1; width <= 12; width++) {
      for (int trial = 0; trial < 60; trial++) {
        int arity = 1 + random.nextInt(width);
        int stride = width + 2;
        double[] rows = new double[width * stride];
        double zeros = trial % 3 == 0 ? 0.0 : 0.3;
        // Every fifth matrix takes its entries from three levels: equally near columns, whose
        // order of settling must not change a message.
        boolean ties = trial % 5 == 1;
        for (int r = 0; r < width; r++) {
          for (int v = 0; v < width; v++) {
            double entry = ties ? 0.25 * (1 + random.nextInt(3)) : 0.01 + random.nextDouble();
            rows[r * stride + v] = r >= arity ? 1.0 : random.nextDouble() < zeros ? 0.0 : entry;
          }
        }
        if (trial % 7 == 0 && arity > 1) {
          java.util.Arrays.fill(rows, 0, width, 0.0); // row 0 all zero: no perfect matching at all
        }
        double[] expected = new double[width * stride];
        double[] actual = new double[width * stride];
        AlldiffKernels.maxProduct(
            rows,
            stride,
            arity,
            width,
            new double[1 << width],
            new double[1 << width],
            new int[2 << width],
            expected);
        AssignmentKernels.maxProduct(rows, stride, arity, width, ws, actual);
        for (int r = 0; r < arity; r++) {
          for (int v = 0; v < width; v++) {
            double e = expected[r * stride + v];
            assertEquals(
                e,
                actual[r * stride + v],
                1e-9 * Math.max(e, 1e-300),
                "width " + width + " arity " + arity + " trial " + trial + " row " + r + " value "
                    + v);
          }
        }
      }
    }
  }
}
