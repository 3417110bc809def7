package fgc.driver.exact;

import fgc.algorithm.Propagator;
import fgc.compilation.CompiledSolver;
import fgc.compilation.SolverCompiler;
import fgc.model.Model;
import java.lang.reflect.Constructor;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;

/**
 * A {@link PropagatorSource} that compiles through a {@link SolverCompiler} and defines each class
 * in memory, keeping the classes of the last {@value #KEPT} models, keyed by the model: each model
 * is compiled once per source. Background work runs on the executor it is given (its owner's), never
 * on a thread of its own. Thread-safe.
 */
public final class CompiledPropagators implements PropagatorSource {
  static final int KEPT = 8;

  private final SolverCompiler compiler;
  private final ExecutorService background;
  private final Map<Model, Constructor<? extends Propagator>> classes = new LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<Model, Constructor<? extends Propagator>> eldest) {
      return size() > KEPT;
    }
  };

  /**
   * Compiles with {@code compiler}; background work on {@code background}.
   *
   * @param compiler the compiler that generates the propagators
   * @param background the executor for background compilation
   */
  public CompiledPropagators(SolverCompiler compiler, ExecutorService background) {
    this.compiler = compiler;
    this.background = background;
  }

  @Override
  public boolean fits(BitmaskTables tables) {
    return compiler.propagatorFits(tables);
  }

  @Override
  public CompletableFuture<Propagator> propagator(Model model, BitmaskTables tables, boolean now) {
    if (now) {
      CompletableFuture<Propagator> result = new CompletableFuture<>();
      try {
        result.complete(make(model, tables));
      } catch (RuntimeException | LinkageError e) {
        result.completeExceptionally(e);
      }
      return result;
    }
    return CompletableFuture.supplyAsync(() -> make(model, tables), background);
  }

  private Propagator make(Model model, BitmaskTables tables) {
    if (!fits(tables)) {
      throw new IllegalArgumentException("no generated propagator for model " + model.name());
    }
    Constructor<? extends Propagator> constructor;
    synchronized (classes) {
      constructor = classes.get(model);
      if (constructor == null) {
        constructor = define(compiler.compilePropagator(tables));
        classes.put(model, constructor);
      }
    }
    try {
      return constructor.newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("internal error: the generated propagator cannot be made: " + e, e);
    }
  }

  private static Constructor<? extends Propagator> define(CompiledSolver compiled) {
    ClassLoader parent = Propagator.class.getClassLoader();
    ClassLoader loader = new ClassLoader(parent) {
      @Override
      protected Class<?> findClass(String name) throws ClassNotFoundException {
        byte[] bytes = compiled.classes().get(name);
        if (bytes == null) {
          throw new ClassNotFoundException(name);
        }
        return defineClass(name, bytes, 0, bytes.length);
      }
    };
    try {
      return Class.forName(compiled.className(), true, loader).asSubclass(Propagator.class).getConstructor();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("internal error: the generated propagator does not load: " + e, e);
    }
  }
}
