package fgc.compiler;

import fgc.algorithm.GeneratedAlgorithm;
import fgc.algorithm.Propagator;
import fgc.cache.SolverCache;
import fgc.compilation.AlgorithmSpec;
import fgc.compilation.CompiledSolver;
import fgc.compilation.PlannedModel;
import fgc.compilation.SolverCompiler;
import fgc.compiler.backend.JaninoBackend;
import fgc.compiler.emit.PropagatorEmitter;
import fgc.driver.exact.BitmaskTables;
import fgc.model.Model;
import java.util.List;
import java.util.Map;

/**
 * The compiler as the runtime finds it on the class path ({@code META-INF/services}): the passes of
 * {@link ModelCompiler}, the registry of {@link Algorithms}, the planner's digest and the reference
 * interpreters. Stateless. A cache hit calls only {@link #identity}, {@link #spec}, {@link #plan}
 * and {@link #startIsDistribution}, which load neither JavaPoet nor Janino.
 */
public final class JaninoSolverCompiler implements SolverCompiler {
  @Override
  public String identity() {
    return CompilerVersion.id();
  }

  @Override
  public List<String> algorithms() {
    return Algorithms.names();
  }

  @Override
  public AlgorithmSpec spec(String algorithm, Map<String, Double> overrides) {
    return Algorithms.spec(algorithm, overrides);
  }

  @Override
  public CompiledSolver compile(Model model, AlgorithmSpec spec) {
    return ModelCompiler.compile(model, spec);
  }

  /** Every algorithm the registry has: each computes the plan digest of its classes. */
  @Override
  public boolean checksPlan(String algorithm) {
    return Algorithms.names().contains(algorithm);
  }

  @Override
  public String planDigest(Model model, AlgorithmSpec spec) {
    return Algorithms.of(spec).planDigest(model, spec);
  }

  @Override
  public PlannedModel plan(Model model, AlgorithmSpec spec) {
    return Algorithms.of(spec).planned(model, spec);
  }

  @Override
  public CompiledSolver compile(Model model, AlgorithmSpec spec, PlannedModel planned) {
    return ModelCompiler.compile(
        model, spec, planned == null ? null : planned.planFor(model, spec));
  }

  @Override
  public boolean startIsDistribution(Model model, AlgorithmSpec spec) {
    GeneratedAlgorithm reference = Algorithms.of(spec).reference(model, spec);
    reference.reset();
    double[] belief = new double[model.domainOf(0).size()];
    reference.marginal(0, belief);
    return SolverCache.isDistribution(belief, belief.length);
  }

  @Override
  public boolean propagatorFits(BitmaskTables tables) {
    return PropagatorEmitter.fits(tables);
  }

  @Override
  public CompiledSolver compilePropagator(BitmaskTables tables, String key) {
    String source = PropagatorEmitter.of(tables, key);
    String className = PropagatorEmitter.PACKAGE + "." + PropagatorEmitter.CLASS;
    Map<String, byte[]> classes =
        JaninoBackend.compile(
            className.replace('.', '/') + ".java", source, Propagator.class.getClassLoader());
    return new CompiledSolver(key, className, source, classes);
  }
}
