package fgc.compilation;

import fgc.model.Model;
import fgc.plan.BitmaskTables;

/**
 * What the runtime asks of a compiler, found on the class path by {@link SolverCompilers}
 * (model-compiler provides one): what needs JavaPoet and Janino, that is writing and compiling a
 * class. The runtime needs one for a cache miss only: the key, the plan digest a class must report
 * and the reference semantics a hit is checked against come from the planner ({@code
 * fgc.algorithms}, {@code fgc.plan}), which the runtime depends on; a precompiled or cached class
 * needs no compiler.
 */
public interface SolverCompiler {
  /**
   * The compiler's identity, written in the manifest of every entry it makes: with a compiler on
   * the class path, an entry another compiler made is stale. E.g. {@code
   * 0.1.0+3f2a9c0b1d4e5f60/janino-3.1.12}.
   *
   * @return the identity
   */
  String identity();

  /**
   * Generates and compiles the solver class for {@code model} and {@code spec}.
   *
   * @param model the model
   * @param spec the algorithm and its options
   * @return the key, the source and the class bytes
   */
  CompiledSolver compile(Model model, AlgorithmSpec spec);

  /**
   * {@link #compile(Model, AlgorithmSpec)}, taking the plan of {@code planned} when it was made for
   * this model and spec rather than planning again.
   *
   * @param model the model
   * @param spec the algorithm and its options
   * @param planned the model planned before (the cache's plan check plans it), or null
   * @return the key, the source and the class bytes
   */
  default CompiledSolver compile(Model model, AlgorithmSpec spec, PlannedModel planned) {
    return compile(model, spec);
  }

  /**
   * Whether {@link #compilePropagator} can generate a propagator for {@code tables}.
   *
   * @param tables the search's tables for one model
   * @return true when a propagator can be generated
   */
  boolean propagatorFits(BitmaskTables tables);

  /**
   * Generates and compiles the exact search's propagator for {@code tables} (which must fit), its
   * class reporting {@code key}, the cache key it is stored under.
   *
   * @param tables the search's tables for one model
   * @param key the cache key the propagator is stored under
   * @return the compiled propagator
   */
  CompiledSolver compilePropagator(BitmaskTables tables, String key);
}
