package fgc.compilation;

import fgc.driver.exact.BitmaskTables;
import fgc.model.Model;
import java.util.List;
import java.util.Map;

/**
 * What the runtime asks of a compiler, found on the class path by {@link SolverCompilers}
 * (model-compiler provides one). The runtime needs a compiler for a cache miss, and for the checks
 * of a cache hit that only the compiler can make (its identity is part of every key; its planner
 * gives the digest a class must report); a precompiled class needs none.
 */
public interface SolverCompiler {
  /**
   * The compiler's identity in every key, e.g. {@code 0.1.0+3f2a9c0b1d4e5f60/janino-3.1.12}.
   *
   * @return the identity
   */
  String identity();

  /**
   * The algorithms it can emit, by name; the first is the default.
   *
   * @return the algorithms' names
   */
  List<String> algorithms();

  /**
   * {@code algorithm} with {@code overrides} over its defaults, each checked; an error names what
   * is wrong.
   *
   * @param algorithm the algorithm's name
   * @param overrides option values replacing the defaults
   * @return the checked spec, every option filled in
   */
  AlgorithmSpec spec(String algorithm, Map<String, Double> overrides);

  /**
   * Generates and compiles the solver class for {@code model} and {@code spec}.
   *
   * @param model the model
   * @param spec the algorithm and its options
   * @return the key, the source and the class bytes
   */
  CompiledSolver compile(Model model, AlgorithmSpec spec);

  /**
   * Whether {@link #planDigest} can check the classes of {@code algorithm}; the cache stores and
   * loads only those, and compiles the others in memory on every run.
   *
   * @param algorithm the algorithm's name
   * @return true when its classes carry a plan digest
   */
  boolean checksPlan(String algorithm);

  /**
   * The plan digest a class generated for {@code model} and {@code spec} reports, computed from the
   * plan without emitting; an error (as {@link #compile} would give) when the model cannot be
   * planned.
   *
   * @param model the model
   * @param spec the algorithm and its options
   * @return the digest's hex text
   */
  String planDigest(Model model, AlgorithmSpec spec);

  /**
   * {@link #planDigest} with the plan kept, for a compile of the same model to take ({@link
   * #compile(Model, AlgorithmSpec, PlannedModel)}); a compiler that keeps no plans gives the digest
   * alone.
   *
   * @param model the model
   * @param spec the algorithm and its options
   * @return the digest, and the plan when kept
   */
  default PlannedModel plan(Model model, AlgorithmSpec spec) {
    return new PlannedModel(model, spec, planDigest(model, spec), null);
  }

  /**
   * {@link #compile(Model, AlgorithmSpec)}, taking the plan of {@code planned} when it was made for
   * this model and spec rather than planning again.
   *
   * @param model the model
   * @param spec the algorithm and its options
   * @param planned what {@link #plan} gave for the model, or null
   * @return the key, the source and the class bytes
   */
  default CompiledSolver compile(Model model, AlgorithmSpec spec, PlannedModel planned) {
    return compile(model, spec);
  }

  /**
   * Whether the algorithm's reference interpreter starts {@code model} from a distribution (a smoke
   * test of a loaded class).
   *
   * @param model the model
   * @param spec the algorithm and its options
   * @return true when the start is a distribution
   */
  boolean startIsDistribution(Model model, AlgorithmSpec spec);

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
