package fgc.driver.search;

import fgc.model.Model;
import fgc.plan.BitmaskTables;
import fgc.solver.Propagator;
import java.util.concurrent.CompletableFuture;

/**
 * Where the exact search gets a {@link Propagator} generated for one model: something that can
 * compile, such as a {@code fgc.cache.SolverCache} with the compiler on the class path. Without one
 * the search propagates with its own hand-written code, which gives the same answers.
 */
public interface PropagatorSource {
  /**
   * Whether a propagator can be generated for {@code tables} (else the search propagates itself).
   *
   * @param tables the search's tables for one model
   * @return true when a propagator can be generated
   */
  boolean fits(BitmaskTables tables);

  /**
   * A new propagator for {@code model}'s {@code tables}, made in the background (on the source's
   * own thread) or, when {@code now}, on the caller's; completes exceptionally when none can be
   * had. Each call gives a new instance: a propagator keeps per-search state.
   *
   * @param model the model the tables are of
   * @param tables the search's tables
   * @param now whether to make it on the caller's thread
   * @return the propagator, when it is ready
   */
  CompletableFuture<Propagator> propagator(Model model, BitmaskTables tables, boolean now);
}
