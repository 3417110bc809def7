package fgc.cache;

import fgc.compilation.AlgorithmSpec;
import fgc.compilation.Artifact;
import fgc.compilation.CompiledSolver;
import fgc.compilation.SolverCompilers;
import fgc.model.Model;
import fgc.solver.GeneratedAlgorithm;
import java.lang.reflect.Constructor;
import java.util.Map;

/**
 * A solver for a model and algorithm ({@link SolverCache#load}): its class is checked against the
 * model's plan digest, which {@link PlannedDigest} works out meanwhile, and smoke-run: a compiled
 * class at once, on the instance the caller gets first; a class from the cache on its first
 * instance ({@link LoadedSolver#newInstance}), so that a hit costs a class load and never the state
 * of an instance, which grows with the model.
 */
final class SolverLoad extends EntryLoad<LoadedSolver> implements LoadedSolver.FirstInstance {
  private final Model model;
  private final AlgorithmSpec spec;
  private final PlannedDigest planned;

  SolverLoad(
      SolverCache cache, Model model, AlgorithmSpec spec, String key, PlannedDigest planned) {
    super(cache, key, Artifact.SOLVER);
    this.model = model;
    this.spec = spec;
    this.planned = planned;
  }

  @Override
  void reading() {
    // A hit needs the digest only: the plan is not kept beside the class being read and defined.
    planned.dropPlan();
  }

  @Override
  LoadedSolver hit(EntryVerifier.CheckedFiles files, long start) {
    className = files.manifest.className;
    Constructor<? extends GeneratedAlgorithm> constructor = define(files.classes, className);
    return new LoadedSolver(
        key,
        constructor,
        LoadedSolver.Origin.CACHE_HIT,
        0,
        System.nanoTime() - start,
        files.source,
        this);
  }

  /** The class's name, once defined from the cache. */
  private String className;

  /**
   * The first instance of a class from the cache, smoke-run; when the instance fails, the entry is
   * quarantined as a load would have done, and the solver recompiled in its place.
   */
  @Override
  public GeneratedAlgorithm first(
      LoadedSolver loaded, Constructor<? extends GeneratedAlgorithm> c) {
    try {
      return cache.definer.smoke(ArtifactKind.Solvers.INSTANCE, c, className, model, spec);
    } catch (CorruptEntryException e) {
      quarantine(e);
      LoadedSolver recompiled = compile(e.stage(), true);
      loaded.replaceWith(recompiled);
      return recompiled.newInstance();
    }
  }

  private Constructor<? extends GeneratedAlgorithm> define(
      Map<String, byte[]> classes, String className) {
    // Planned before the class is touched: a model the planner refuses is the model's error, thrown
    // as it would be by a compile, never taken for a fault of the class.
    String digest = planned.get();
    return cache.definer.define(ArtifactKind.Solvers.INSTANCE, classes, className, key, digest);
  }

  /** Compiles and defines the solver; stores it when {@code store} and the cache can be written. */
  @Override
  LoadedSolver compile(LoadStage failed, boolean store) {
    if (cache.isLoadOnly()) {
      throw new SolverCache.NotCachedException(
          "the cache at "
              + cache.root()
              + " is load-only and has no sound entry for model "
              + model.name()
              + " ("
              + spec.canonicalText()
              + ", key "
              + key.substring(0, 12)
              + "); compile it into the cache first"
              + " (fgc compile), or precompile it with fgc-maven-plugin");
    }
    // Compiled once the digest's planning is done, from its plan: a large model is planned once,
    // and its plan and compile never share the heap with a second plan. A model the planner refused
    // is refused by the compile (which plans it again), in the compiler's words.
    // The compile's time includes the wait for the plan: planning is part of compiling.
    long start = System.nanoTime();
    planned.await();
    cache.countCompilation();
    CompiledSolver compiled = SolverCompilers.require().compile(model, spec, planned.takePlan());
    long compileNanos = System.nanoTime() - start;
    start = System.nanoTime();
    Constructor<? extends GeneratedAlgorithm> ctor;
    boolean storable = store;
    try {
      ctor = define(compiled.classes(), compiled.className());
    } catch (CorruptEntryException e) {
      if (e.stage() != LoadStage.PLAN) {
        throw new IllegalStateException(
            "the class just compiled for model "
                + model.name()
                + " failed its check: "
                + e.getMessage(),
            e);
      }
      // The class is as compiled, but a load would refuse it: never store what would be refused.
      cache.store.warnOnce(
          "plan " + key,
          "fgc: warning: internal error: "
              + e.getMessage()
              + "; the solver is compiled in memory, not cached");
      ctor =
          cache.definer.defineUnchecked(
              ArtifactKind.Solvers.INSTANCE, compiled.classes(), compiled.className(), model);
      storable = false;
    }
    long loadNanos = System.nanoTime() - start;
    boolean stored = storable && cache.store.store(compiled, model, Artifact.SOLVER, spec);
    LoadedSolver.Origin origin =
        !stored
            ? LoadedSolver.Origin.IN_MEMORY
            : failed != null ? LoadedSolver.Origin.RECOVERED : LoadedSolver.Origin.COMPILED;
    return new LoadedSolver(
        key,
        ctor,
        origin,
        compileNanos,
        loadNanos,
        compiled.source(),
        failed,
        new CompiledFirstInstance(compiled.className()));
  }

  /**
   * The first instance of a class this process just compiled, smoke-run: one that fails is the
   * compiler's fault, an internal error, never the cache's.
   */
  private final class CompiledFirstInstance implements LoadedSolver.FirstInstance {
    private final String className;

    CompiledFirstInstance(String className) {
      this.className = className;
    }

    @Override
    public GeneratedAlgorithm first(
        LoadedSolver loaded, Constructor<? extends GeneratedAlgorithm> constructor) {
      try {
        return cache.definer.smoke(
            ArtifactKind.Solvers.INSTANCE, constructor, className, model, spec);
      } catch (CorruptEntryException e) {
        throw new IllegalStateException(
            "the class just compiled for model "
                + model.name()
                + " failed its check: "
                + e.getMessage(),
            e);
      }
    }
  }
}
