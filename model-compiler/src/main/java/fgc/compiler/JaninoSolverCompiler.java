package fgc.compiler;

import fgc.compilation.AlgorithmSpec;
import fgc.compilation.CompiledSolver;
import fgc.compilation.PlannedModel;
import fgc.compilation.SolverCompiler;
import fgc.compiler.backend.JaninoBackend;
import fgc.compiler.emit.PropagatorEmitter;
import fgc.model.Model;
import fgc.plan.BitmaskTables;
import fgc.solver.Propagator;
import java.util.Map;

/**
 * The compiler as the runtime finds it on the class path ({@code META-INF/services}): the passes of
 * {@link ModelCompiler} and the propagator emitter, over JavaPoet and Janino. Stateless. A cache
 * hit needs none of it: the key and the checks come from the planner.
 */
public final class JaninoSolverCompiler implements SolverCompiler {
  @Override
  public String identity() {
    return CompilerVersion.id();
  }

  @Override
  public CompiledSolver compile(Model model, AlgorithmSpec spec) {
    return ModelCompiler.compile(model, spec);
  }

  @Override
  public CompiledSolver compile(Model model, AlgorithmSpec spec, PlannedModel planned) {
    return ModelCompiler.compile(
        model, spec, planned == null ? null : planned.planFor(model, spec));
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
