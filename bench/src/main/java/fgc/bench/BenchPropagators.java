package fgc.bench;

import fgc.cache.SolverCache;
import fgc.driver.Driver;
import fgc.driver.ExactDriver;
import fgc.driver.exact.PropagatorSource;

/** The exact driver as the command line runs it: switching to generated propagators from the default cache. */
public final class BenchPropagators {
  private static final PropagatorSource SOURCE = new SolverCache(SolverCache.defaultRoot(), System.err::println).propagators();

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
