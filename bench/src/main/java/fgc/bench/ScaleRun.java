package fgc.bench;

import com.squareup.javapoet.JavaFile;
import com.sun.management.ThreadMXBean;
import fgc.algorithms.Algorithm;
import fgc.algorithms.Algorithms;
import fgc.bench.ScaleRow.Stage;
import fgc.cache.LoadedSolver;
import fgc.cache.SolverCache;
import fgc.compilation.AlgorithmSpec;
import fgc.compilation.SolverKey;
import fgc.compiler.CompilerVersion;
import fgc.compiler.Emitters;
import fgc.compiler.ModelCompiler;
import fgc.compiler.backend.JaninoBackend;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import fgc.plan.Footprint;
import fgc.plan.Lowered;
import fgc.plan.PlanException;
import fgc.solver.GeneratedAlgorithm;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * One pass of {@code fgc bench scale} over one model and algorithm, stage by stage, each through
 * the public API the compiler and the cache give: time (wall clock), bytes allocated by this thread
 * ({@code com.sun.management.ThreadMXBean}) and heap retained after it (heap in use after a full
 * collection, less what was in use before the pass), holding only what later stages need.
 *
 * <p>The cache has no public way to store a solver compiled elsewhere: the entry is written by
 * {@link SolverCache#load} on an empty cache, which compiles again. Its define and store figures
 * are what that call reports beyond compiling ({@link LoadedSolver#loadNanos}, and the rest of its
 * wall time); they have no allocation of their own, since the call's includes a second compile.
 */
final class ScaleRun {
  private static final ThreadMXBean THREADS = threads();

  /**
   * Runs the fresh-JVM reload: the model file and cache folder; gives its load ms and heap bytes.
   */
  interface FreshReload {
    double[] reload(Path modelFile, String algorithm, Path cacheDir) throws Exception;
  }

  private final FreshReload fresh;

  ScaleRun(FreshReload fresh) {
    this.fresh = fresh;
  }

  /**
   * Every stage for {@code model} under {@code algorithm}, its cache in the empty folder {@code
   * cacheDir}, its text in {@code modelFile} for the fresh JVM. A refusal by the model's limits or
   * the planner is the row's status, as is any failure; neither is thrown.
   */
  ScaleRow measure(
      ScaleModels.Generated generated, String algorithm, Path modelFile, Path cacheDir) {
    ScaleRow row = new ScaleRow(generated, algorithm);
    Pass pass = new Pass(row);
    try {
      run(pass, generated, Algorithms.named(algorithm), modelFile, cacheDir);
    } catch (OutOfMemoryError e) {
      pass.drop();
      row.status =
          "failed: out of memory in "
              + pass.stage.label
              + " (maximum heap "
              + (Runtime.getRuntime().maxMemory() >> 20)
              + " MB)";
    } catch (Exception | StackOverflowError e) {
      pass.drop();
      row.status = "failed: " + pass.stage.label + ": " + firstLine(e.toString());
    }
    return row;
  }

  private <P> void run(
      Pass pass,
      ScaleModels.Generated generated,
      Algorithm<P> algorithm,
      Path modelFile,
      Path cacheDir)
      throws Exception {
    AlgorithmSpec spec = algorithm.spec(Map.of());
    pass.start(Stage.PARSE);
    Model model;
    try {
      model = FgcLanguage.parse(generated.sourceName(), generated.text(), Map.of());
    } catch (RuntimeException e) {
      // The model's own limits (variables, factors, tables) are a refusal, as the planner's are.
      pass.row.status = "refused: " + firstLine(e.getMessage());
      return;
    }
    pass.model = model;
    pass.end();

    pass.start(Stage.PLAN);
    P plan;
    Lowered lowered;
    try {
      plan = algorithm.plan(model);
      lowered = algorithm.lower(plan, spec);
      Footprint footprint =
          Emitters.of(algorithm).footprint(plan, lowered, model).sweep(algorithm.sweepCost(model));
      footprint.check();
    } catch (PlanException e) {
      pass.row.status = "refused: " + firstLine(refusal(model, spec, e));
      return;
    }
    pass.plan = plan;
    pass.end();

    pass.start(Stage.KEY);
    String key = SolverKey.of(model, spec);
    pass.end();

    pass.start(Stage.EMIT);
    JavaFile file = Emitters.of(algorithm).emit(plan, lowered, key, spec, CompilerVersion.id());
    String source = file.toString();
    String className = file.packageName + "." + file.typeSpec.name;
    file = null;
    pass.source = source;
    pass.end();
    // Locals are nulled as well as the pass's fields: an interpreted frame may keep a dead local
    // reachable.
    plan = null;
    pass.plan = null;

    pass.start(Stage.JANINO);
    Map<String, byte[]> classes =
        JaninoBackend.compile(
            className.replace('.', '/') + ".java",
            source,
            GeneratedAlgorithm.class.getClassLoader());
    pass.classes = classes;
    pass.end();
    pass.row.sourceChars = source.length();
    pass.row.classBytes = classes.values().stream().mapToLong(b -> b.length).sum();
    source = null;
    classes = null;
    pass.source = null;
    pass.classes = null;

    List<String> notices = new ArrayList<>();
    long start = System.nanoTime();
    LoadedSolver stored = new SolverCache(cacheDir, notices::add).load(model, spec);
    long wall = System.nanoTime() - start;
    if (stored.origin() != LoadedSolver.Origin.COMPILED) {
      throw new IllegalStateException(
          "the cache did not store the solver ("
              + stored.origin()
              + ")"
              + (notices.isEmpty() ? "" : ": " + notices));
    }
    pass.row.millis[Stage.DEFINE.ordinal()] = stored.loadNanos() / 1e6;
    pass.row.millis[Stage.STORE.ordinal()] =
        (wall - stored.compileNanos() - stored.loadNanos()) / 1e6;
    pass.solver = stored;
    pass.stage = Stage.STORE;
    pass.row.retainedBytes[Stage.STORE.ordinal()] = pass.retained();
    stored = null;
    pass.solver = null;

    pass.stage = Stage.RELOAD_FRESH;
    double[] child = fresh.reload(modelFile, algorithm.name(), cacheDir);
    pass.row.millis[Stage.RELOAD_FRESH.ordinal()] = child[0];
    pass.row.freshHeapBytes = child[1];

    pass.start(Stage.RELOAD_HERE);
    LoadedSolver reloaded = new SolverCache(cacheDir, notices::add).load(model, spec);
    if (!reloaded.hit()) {
      throw new IllegalStateException(
          "expected a cache hit in " + cacheDir + ", got " + reloaded.origin() + " " + notices);
    }
    pass.solver = reloaded;
    pass.end();

    pass.start(Stage.DIGEST);
    String digest = algorithm.planDigest(model, spec);
    pass.end();
    if (digest == null || digest.isEmpty()) {
      throw new IllegalStateException("algorithm " + algorithm.name() + " gave no plan digest");
    }

    pass.start(Stage.SWEEP);
    GeneratedAlgorithm instance = reloaded.newInstance();
    pass.instance = instance;
    instance.update(1);
    double[] sweeps = new double[10];
    int done = 0;
    long budget = System.nanoTime() + 1_000_000_000L;
    while (done < sweeps.length && (done == 0 || System.nanoTime() < budget)) {
      long t = System.nanoTime();
      instance.update(1);
      sweeps[done++] = (System.nanoTime() - t) / 1e6;
    }
    pass.end();
    pass.row.millis[Stage.SWEEP.ordinal()] = ScaleRow.median(Arrays.copyOf(sweeps, done));
    pass.drop();
  }

  /** The refusal as a user sees it: with the algorithms that fit, as the compiler words it. */
  private static String refusal(Model model, AlgorithmSpec spec, PlanException planned) {
    try {
      ModelCompiler.footprint(model, spec);
    } catch (PlanException e) {
      return e.getMessage();
    }
    return planned.getMessage();
  }

  static String firstLine(String message) {
    if (message == null) {
      return "(no message)";
    }
    int nl = message.indexOf('\n');
    return nl < 0 ? message : message.substring(0, nl);
  }

  /** Bytes allocated by this thread so far, or -1 where the JVM does not count them. */
  static long allocated() {
    return THREADS != null && THREADS.isThreadAllocatedMemorySupported()
        ? THREADS.getCurrentThreadAllocatedBytes()
        : -1;
  }

  /** Heap in use after a full collection. */
  static long heapInUse() {
    System.gc();
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  private static ThreadMXBean threads() {
    java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
    if (!(bean instanceof ThreadMXBean)) {
      return null;
    }
    ThreadMXBean threads = (ThreadMXBean) bean;
    if (threads.isThreadAllocatedMemorySupported() && !threads.isThreadAllocatedMemoryEnabled()) {
      threads.setThreadAllocatedMemoryEnabled(true);
    }
    return threads;
  }

  /**
   * The state of one pass: the stage running, its clock and allocation count at the start, and what
   * the pass holds (what the retained heap after a stage measures).
   */
  // The fields a stage fills are never read: they hold its products reachable, for the heap figure.
  @SuppressWarnings("UnusedVariable")
  private static final class Pass {
    final ScaleRow row;
    final long baseline = heapInUse();
    Stage stage = Stage.PARSE;
    long startNanos;
    long startAllocated;
    Model model;
    Object plan;
    String source;
    Map<String, byte[]> classes;
    LoadedSolver solver;
    GeneratedAlgorithm instance;

    Pass(ScaleRow row) {
      this.row = row;
    }

    void start(Stage s) {
      stage = s;
      startAllocated = allocated();
      startNanos = System.nanoTime();
    }

    void end() {
      long nanos = System.nanoTime() - startNanos;
      long after = allocated();
      row.millis[stage.ordinal()] = nanos / 1e6;
      if (startAllocated >= 0 && after >= 0) {
        row.allocatedBytes[stage.ordinal()] = after - startAllocated;
      }
      row.retainedBytes[stage.ordinal()] = retained();
    }

    double retained() {
      return Math.max(0, heapInUse() - baseline);
    }

    void drop() {
      model = null;
      plan = null;
      source = null;
      classes = null;
      solver = null;
      instance = null;
    }
  }
}
