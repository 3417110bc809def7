package fgc.bench;

import fgc.compilation.SolverCompilers;
import fgc.driver.Driver;
import fgc.driver.ExactDriver;
import fgc.driver.exact.CompiledPropagators;
import fgc.driver.exact.PropagatorSource;
import java.util.concurrent.Executors;

/** The exact driver as the command line runs it: switching to generated propagators, made in memory for the bench's process. */
public final class BenchPropagators {
  private static final PropagatorSource SOURCE = new CompiledPropagators(SolverCompilers.require(),
      Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "fgc-bench-compiler");
        thread.setDaemon(true);
        return thread;
      }));

  private BenchPropagators() {}

  /** {@link #generating} for an exact driver, any other driver as it is. */
  public static Driver generatingIfExact(Driver driver) {
    return driver instanceof ExactDriver ? generating((ExactDriver) driver) : driver;
  }

  /** {@code driver} switching to a generated propagator after {@link ExactDriver#GENERATE_AFTER} searches of a model. */
  public static ExactDriver generating(ExactDriver driver) {
    return driver.withGeneratedPropagation(SOURCE, ExactDriver.GENERATE_AFTER);
  }
}
