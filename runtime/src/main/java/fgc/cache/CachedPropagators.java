package fgc.cache;

import fgc.algorithm.Propagator;
import fgc.compilation.SolverCompiler;
import fgc.driver.exact.BitmaskTables;
import fgc.driver.exact.PropagatorSource;
import fgc.model.Model;
import java.lang.reflect.Constructor;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;

/**
 * The {@link PropagatorSource} of a {@link SolverCache}: each model's propagator class loaded from
 * its checked entry, or compiled and stored, once per cache instance, and the classes of the last
 * {@value #KEPT} models kept, so the drivers of every thread share one. Background work runs on the
 * cache's executor. Thread-safe.
 */
final class CachedPropagators implements PropagatorSource {
  static final int KEPT = 8;

  private final SolverCache cache;
  private final SolverCompiler compiler;
  private final ExecutorService background;
  private final Map<Model, Constructor<? extends Propagator>> classes = new LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<Model, Constructor<? extends Propagator>> eldest) {
      return size() > KEPT;
    }
  };

  CachedPropagators(SolverCache cache, SolverCompiler compiler, ExecutorService background) {
    this.cache = cache;
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
        constructor = cache.loadPropagator(model, tables);
        classes.put(model, constructor);
      }
    }
    try {
      return constructor.newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("internal error: the generated propagator cannot be made: " + e, e);
    }
  }
}
