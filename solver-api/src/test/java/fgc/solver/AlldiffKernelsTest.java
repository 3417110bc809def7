package fgc.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The subset passes against the definition: every injective assignment, enumerated. */
class AlldiffKernelsTest {
  @Test
  void sumAndMaxMessagesEqualBruteForceOnRandomPositiveMatrices() {
    Random random = new Random(20261130L);
    for (int width = 2; width <= 7; width++) {
      for (int arity = 1; arity <= width; arity++) {
        for (int trial = 0; trial < 20; trial++) {
          double[][] incoming = new double[arity][width];
          for (double[] row : incoming) {
            for (int v = 0; v < width; v++) {
              row[v] = 0.01 + random.nextDouble();
            }
          }
          for (boolean max : new boolean[] {false, true}) {
            double[][] kernel = kernel(incoming, width, max);
            for (int s = 0; s < arity; s++) {
              for (int v = 0; v < width; v++) {
                double expected = bruteForce(incoming, width, s, v, max);
                assertEquals(
                    expected,
                    kernel[s][v],
                    1e-9 * expected,
                    (max ? "max" : "sum")
                        + " width "
                        + width
                        + " arity "
                        + arity
                        + " slot "
                        + s
                        + " value "
                        + v);
              }
            }
          }
        }
      }
    }
  }

  @Test
  void theZeroPatternOfExactSumProductMessagesIsGeneralisedArcConsistency() {
    Random random = new Random(7L);
    int checked = 0;
    for (int width = 2; width <= 8; width++) {
      for (int trial = 0; trial < 200; trial++) {
        int arity = 1 + random.nextInt(width);
        double[][] domains = new double[arity][width];
        for (double[] row : domains) {
          for (int v = 0; v < width; v++) {
            row[v] = random.nextDouble() < 0.55 ? 1.0 : 0.0;
          }
        }
        double[][] messages = kernel(domains, width, false);
        for (int s = 0; s < arity; s++) {
          for (int v = 0; v < width; v++) {
            // GAC: value v of slot s is supported iff the other slots can take distinct values,
            // none equal to v, each inside its domain. (The slot's own domain is the prior's
            // business.)
            boolean supported = bruteForce(domains, width, s, v, true) > 0;
            assertEquals(
                supported, messages[s][v] > 0, "width " + width + " slot " + s + " value " + v);
            checked++;
          }
        }
      }
    }
    assertTrue(checked > 5000);
  }

  @Test
  void givenMasksGiveTheSameMessagesAndLeaveTheSharedTablesClean() {
    Random random = new Random(11L);
    int stride = 9;
    double[] forward = new double[1 << stride];
    double[] backward = new double[1 << stride];
    int[] reached = new int[2 << stride];
    for (int width = 2; width <= 7; width++) {
      for (int trial = 0; trial < 30; trial++) {
        double[] rows = new double[stride * stride];
        int[] masks = new int[stride];
        for (int r = 0; r < width; r++) {
          for (int v = 0; v < width; v++) {
            double x = random.nextInt(3) == 0 ? 0.0 : random.nextDouble();
            rows[r * stride + v] = x;
            masks[r] |= x != 0.0 ? 1 << v : 0;
          }
        }
        int count = AlldiffKernels.nonZeroCount(rows, stride, width, width);
        assertEquals(count, AlldiffKernels.nonZeroCount(masks, width));
        for (boolean max : new boolean[] {false, true}) {
          double[] plain = new double[stride * stride];
          double[] given = new double[stride * stride];
          if (max) {
            AlldiffKernels.maxProduct(
                rows, stride, width, width, forward, backward, reached, plain);
            AlldiffKernels.maxProduct(
                rows, stride, width, width, forward, backward, reached, masks.clone(), given);
          } else {
            AlldiffKernels.sumProduct(
                rows, stride, width, width, forward, backward, reached, plain);
            AlldiffKernels.sumProduct(
                rows, stride, width, width, forward, backward, reached, masks.clone(), given);
          }
          for (int r = 0; r < width; r++) {
            for (int v = 0; v < width; v++) {
              assertEquals(
                  plain[r * stride + v],
                  given[r * stride + v],
                  "width " + width + " row " + r + " value " + v);
            }
          }
          for (int k = 0; k < forward.length; k++) {
            assertEquals(0.0, forward[k], "forward table left dirty at " + k);
            assertEquals(0.0, backward[k], "backward table left dirty at " + k);
          }
        }
      }
    }
  }

  /**
   * Runs the kernel on {@code incoming} padded with rows of ones; returns the real rows' messages.
   */
  private static double[][] kernel(double[][] incoming, int width, boolean max) {
    int stride = width + 3; // a stride wider than the matrix, as in generated code
    double[] rows = new double[width * stride];
    for (int r = 0; r < width; r++) {
      for (int v = 0; v < width; v++) {
        rows[r * stride + v] = r < incoming.length ? incoming[r][v] : 1.0;
      }
    }
    double[] out = new double[width * stride];
    double[] forward = new double[1 << width];
    double[] backward = new double[1 << width];
    if (max) {
      AlldiffKernels.maxProduct(
          rows,
          stride,
          incoming.length,
          width,
          forward,
          backward,
          new int[2 * forward.length],
          out);
    } else {
      AlldiffKernels.sumProduct(
          rows,
          stride,
          incoming.length,
          width,
          forward,
          backward,
          new int[2 * forward.length],
          out);
    }
    double[][] result = new double[incoming.length][width];
    for (int r = 0; r < incoming.length; r++) {
      System.arraycopy(out, r * stride, result[r], 0, width);
    }
    return result;
  }

  /**
   * The definition, up to the constant the padding rows contribute: over injective assignments of
   * the other slots to values other than {@code v}, the sum (or max) of the products, times the
   * number of ways the padding rows can take the values left over (they are all ones).
   */
  private static double bruteForce(double[][] rows, int width, int slot, int v, boolean max) {
    boolean[] used = new boolean[width];
    used[v] = true;
    double best = enumerate(rows, width, slot, 0, used, max);
    int padding = width - rows.length;
    double ways = 1;
    for (int k = 2; k <= padding; k++) {
      ways *= k;
    }
    return max ? best : best * ways;
  }

  private static double enumerate(
      double[][] rows, int width, int skip, int slot, boolean[] used, boolean max) {
    if (slot == rows.length) {
      return 1.0;
    }
    if (slot == skip) {
      return enumerate(rows, width, skip, slot + 1, used, max);
    }
    double total = 0;
    for (int u = 0; u < width; u++) {
      if (!used[u]) {
        used[u] = true;
        double p = rows[slot][u] * enumerate(rows, width, skip, slot + 1, used, max);
        total = max ? Math.max(total, p) : total + p;
        used[u] = false;
      }
    }
    return total;
  }
}
