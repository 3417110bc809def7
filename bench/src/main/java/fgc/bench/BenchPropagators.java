package fgc.bench;

import fgc.cache.SolverCache;
import fgc.driver.Driver;
import fgc.driver.ExactDriver;
import fgc.driver.search.PropagatorSource;

/**
 * The exact driver of the in-process benchmarks: switching to generated propagators from the
 * default cache. The command line keeps the search's own propagation (see SolveCommand); warm, the
 * two solve top95 x 200 at the same rate within a few percent (the same branches, other code), so
 * this harness stands for the command's search.
 */
public final class BenchPropagators {
  private static final PropagatorSource SOURCE =
      new SolverCache(SolverCache.defaultRoot(), System.err::println).propagators();

  private BenchPropagators() {}

  /** {@link #generating} for an exact driver, any other driver as it is. */
  public static Driver generatingIfExact(Driver driver) {
    return driver instanceof ExactDriver ? generating((ExactDriver) driver) : driver;
  }

  /**
   * {@code driver} switching to a generated propagator after {@link ExactDriver#GENERATE_AFTER}
   * searches of a model.
   */
  public static ExactDriver generating(ExactDriver driver) {
    return driver.withGeneratedPropagation(SOURCE, ExactDriver.GENERATE_AFTER);
  }
}
