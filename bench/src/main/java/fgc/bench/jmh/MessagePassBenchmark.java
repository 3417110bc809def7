package fgc.bench.jmh;

import fgc.solver.AlldiffKernels;
import fgc.solver.AssignmentKernels;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One message pass of one {@code alldiff} factor of arity {@code n} (every slot free, random
 * positive incoming messages, seeded): all {@code n * n} messages at once by the subset kernels,
 * against one Ryser permanent or one Hungarian assignment per message. Run the naive ones only up
 * to n = 9: {@code -p n=4,5,6,7,8,9}; the kernels also at 16.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class MessagePassBenchmark {
  @Param({"4", "5", "6", "7", "8", "9"})
  public int n;

  private double[] rows;
  private double[] forward;
  private double[] backward;
  private int[] reached;
  private double[] out;
  private AssignmentKernels.Workspace assignment;

  @Setup
  public void setUp() {
    Random random = new Random(4L * n + 1);
    rows = new double[n * n];
    for (int k = 0; k < rows.length; k++) {
      rows[k] = 0.05 + random.nextDouble();
    }
    forward = new double[1 << n];
    backward = new double[1 << n];
    reached = new int[2 << n];
    out = new double[n * n];
    assignment = new AssignmentKernels.Workspace(n);
  }

  @Benchmark
  public double sumProductKernel() {
    AlldiffKernels.sumProduct(rows, n, n, n, forward, backward, reached, out);
    return out[0];
  }

  @Benchmark
  public double maxProductKernel() {
    AlldiffKernels.maxProduct(rows, n, n, n, forward, backward, reached, out);
    return out[0];
  }

  /**
   * All max-product messages from one Hungarian solve and one Dijkstra per column (what maxproduct
   * uses above 8 values).
   */
  @Benchmark
  public double maxProductAssignmentKernel() {
    AssignmentKernels.maxProduct(rows, n, n, n, assignment, out);
    return out[0];
  }

  @Benchmark
  public double sumProductRyserPerMessage() {
    NaiveMessages.sumProduct(rows, n, out);
    return out[0];
  }

  @Benchmark
  public double maxProductHungarianPerMessage() {
    NaiveMessages.maxProduct(rows, n, out);
    return out[0];
  }
}
