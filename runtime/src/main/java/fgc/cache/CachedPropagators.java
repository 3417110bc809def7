package fgc.cache;

import fgc.compilation.Artifact;
import fgc.compilation.CompiledSolver;
import fgc.compilation.SolverCompiler;
import fgc.compilation.SolverCompilers;
import fgc.compilation.SolverKey;
import fgc.driver.search.PropagatorSource;
import fgc.model.Model;
import fgc.plan.BitmaskTables;
import fgc.solver.Propagator;
import java.lang.reflect.Constructor;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;

/**
 * The {@link PropagatorSource} of a {@link SolverCache}: each model's propagator class loaded from
 * its checked entry, or compiled and stored, once per cache instance, and the classes of the last
 * {@value #KEPT} models kept, so the drivers of every thread share one. Background work runs on the
 * cache's executor. Thread-safe. A propagator's entry is read, checked and defined on the path a
 * solver's is ({@link EntryLoad}), keyed by its model as an {@link Artifact#PROPAGATOR}, with no
 * algorithm.
 */
final class CachedPropagators implements PropagatorSource {
  static final int KEPT = 8;

  private final SolverCache cache;
  private final SolverCompiler compiler;
  private final ExecutorService background;
  private final Map<Model, Constructor<? extends Propagator>> classes =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(
            Map.Entry<Model, Constructor<? extends Propagator>> eldest) {
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
        constructor = new Load(cache, model, tables).run();
        classes.put(model, constructor);
      }
    }
    try {
      return constructor.newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(
          "internal error: the generated propagator cannot be made: " + e, e);
    }
  }

  /**
   * The checked class of the propagator for {@code model}, whose tables are {@code tables} (which
   * the compiler's propagator must fit), checked against the digest of the tables. Any failure of
   * the entry quarantines it and recompiles; a load-only cache throws {@link
   * SolverCache.NotCachedException} instead, after one notice.
   */
  static final class Load extends EntryLoad<Constructor<? extends Propagator>> {
    private final Model model;
    private final BitmaskTables tables;
    private final String digest;

    Load(SolverCache cache, Model model, BitmaskTables tables) {
      super(cache, SolverKey.ofPropagator(model), Artifact.PROPAGATOR);
      this.model = model;
      this.tables = tables;
      this.digest = tables.digest();
    }

    @Override
    String what() {
      return " (the exact search's propagator for model " + model.name() + ")";
    }

    @Override
    Constructor<? extends Propagator> hit(EntryVerifier.CheckedFiles files, long start) {
      return define(files.classes, files.manifest.className);
    }

    private Constructor<? extends Propagator> define(
        Map<String, byte[]> classes, String className) {
      return cache.definer.define(
          ArtifactKind.Propagators.INSTANCE, classes, className, key, digest);
    }

    @Override
    Constructor<? extends Propagator> compile(LoadStage failed, boolean store) {
      if (cache.isLoadOnly()) {
        cache.store.warnOnce(
            "load-only " + key,
            "fgc: the cache at "
                + cache.root()
                + " is load-only and holds no sound propagator"
                + " for model "
                + model.name()
                + " (key "
                + key.substring(0, 12)
                + "): the exact search propagates with its own code,"
                + " which gives the same answers");
        throw new SolverCache.NotCachedException(
            "the cache at "
                + cache.root()
                + " is load-only and has no sound propagator for model "
                + model.name());
      }
      cache.countCompilation();
      CompiledSolver compiled = SolverCompilers.require().compilePropagator(tables, key);
      Constructor<? extends Propagator> ctor;
      try {
        ctor = define(compiled.classes(), compiled.className());
      } catch (CorruptEntryException e) {
        // Never stored, never used: the search is complete with its own propagation.
        throw new IllegalStateException(
            "internal error: the propagator just compiled for model "
                + model.name()
                + " failed its check: "
                + e.getMessage(),
            e);
      }
      if (store) {
        cache.store.store(compiled, model, Artifact.PROPAGATOR, null);
      }
      return ctor;
    }
  }
}
