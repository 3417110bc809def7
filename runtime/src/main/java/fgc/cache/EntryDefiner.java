package fgc.cache;

import fgc.compilation.AlgorithmSpec;
import fgc.model.Model;
import fgc.solver.GeneratedAlgorithm;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Turns verified class bytes into a checked class: defines them in a fresh {@link
 * VerifiedClassLoader}, checks that the instance reports its entry's key and its model's digest,
 * and runs its kind's smoke test. The same for every {@link ArtifactKind}, so that solvers and
 * propagators are defined and checked by one piece of code.
 */
final class EntryDefiner {
  private final ModelChecks checks;

  /**
   * How many times a class loader was asked to define classes: lets tests prove a fault never got
   * that far.
   */
  private final AtomicInteger definitions = new AtomicInteger();

  EntryDefiner(ModelChecks checks) {
    this.checks = checks;
  }

  /** How many times classes were defined (compiled or loaded). */
  int definitions() {
    return definitions.get();
  }

  /**
   * Defines the verified bytes in a fresh loader and checks the class's kind, its own key and its
   * digest against {@code digest} (unless null), as it reports them without an instance (see {@link
   * ArtifactKind#reported}). Any linkage error, initialiser failure or foreign digest is a {@link
   * CorruptEntryException}. The kind's smoke run is the caller's: {@link #smoke} now, or on the
   * class's first instance.
   */
  <T> Constructor<? extends T> define(
      ArtifactKind<T> kind,
      Map<String, byte[]> classes,
      String className,
      String key,
      String digest) {
    definitions.incrementAndGet();
    try {
      Class<?> type =
          Class.forName(
              className, true, new VerifiedClassLoader(classes, kind.type().getClassLoader()));
      if (!kind.type().isAssignableFrom(type)) {
        throw new CorruptEntryException(LoadStage.DEFINE, kind.notOfKind(className));
      }
      Class<? extends T> checked = type.asSubclass(kind.type());
      Constructor<? extends T> ctor = checked.getDeclaredConstructor();
      ArtifactKind.Reported reported = kind.reported(checked);
      if (!key.equals(reported.key())) {
        throw new CorruptEntryException(LoadStage.DEFINE, "class was compiled for another key");
      }
      if (digest != null && !digest.equals(reported.digest())) {
        throw new CorruptEntryException(
            LoadStage.PLAN, kind.foreignDigest(abbreviate(reported.digest()), abbreviate(digest)));
      }
      return ctor;
    } catch (CorruptEntryException e) {
      throw e;
    } catch (Exception | LinkageError | StackOverflowError e) {
      throw failedToLoad(className, e);
    }
  }

  /**
   * The kind's smoke run of a defined class, now: the instance it made and checked (for use), or
   * null for a kind without one.
   */
  <T> T smoke(
      ArtifactKind<T> kind,
      Constructor<? extends T> constructor,
      String className,
      Model model,
      AlgorithmSpec spec) {
    return kind.smoke(constructor, className, model, spec, this);
  }

  /**
   * An instance of a defined class; its constructor's failure is a {@link CorruptEntryException}.
   */
  <T> T instantiate(Constructor<? extends T> constructor, String className) {
    try {
      return constructor.newInstance();
    } catch (Exception | LinkageError | StackOverflowError e) {
      throw failedToLoad(className, e);
    }
  }

  private static CorruptEntryException failedToLoad(String className, Throwable e) {
    Throwable cause =
        e instanceof InvocationTargetException && e.getCause() != null ? e.getCause() : e;
    return new CorruptEntryException(
        LoadStage.DEFINE,
        "class " + className + " failed to load: " + SolverCache.describe(cause),
        e);
  }

  /**
   * A class just compiled (by this process, from this model) whose digest the check could not
   * confirm: defined unchecked, for the caller to smoke-run.
   */
  <T> Constructor<? extends T> defineUnchecked(
      ArtifactKind<T> kind, Map<String, byte[]> classes, String className, Model model) {
    definitions.incrementAndGet();
    try {
      Class<?> type =
          Class.forName(
              className, true, new VerifiedClassLoader(classes, kind.type().getClassLoader()));
      return type.asSubclass(kind.type()).getDeclaredConstructor();
    } catch (ReflectiveOperationException | LinkageError e) {
      throw new IllegalStateException(
          "the class just compiled for model "
              + model.name()
              + " failed to load: "
              + SolverCache.describe(e),
          e);
    }
  }

  private static String abbreviate(String digest) {
    return digest == null ? "none" : digest.length() > 12 ? digest.substring(0, 12) : digest;
  }

  /**
   * A small smoke run, the last line of defence after the checksums and the plan digest against a
   * class that loads but does not fit its model: its variables and domains must be the model's, and
   * the starting belief of variable 0 (which touches its messages) must lie in [0, 1] and sum to 1,
   * unless the reference semantics give the model the same degenerate start: that is the model's
   * fault (weights that overflow, or that leave no value), not the class's, and is not a corrupt
   * class. No sweep: on a cold JVM one sweep of a large model costs more than the rest of the load.
   * An exact class has no starting belief short of its whole inference (its first marginal is the
   * answer, and may take minutes), so for it the check stops at the variables and domains: its
   * constructor and plan digest have run by then, and the digest ties it to the model.
   */
  void smokeTest(GeneratedAlgorithm solver, Model model, AlgorithmSpec spec) {
    if (solver.variableCount() != model.variableCount()) {
      throw new CorruptEntryException(
          LoadStage.SMOKE,
          "class has " + solver.variableCount() + " variables, the model " + model.variableCount());
    }
    int size = 1;
    for (int i = 0; i < solver.variableCount(); i++) {
      if (solver.lowestValue(i) != model.domainOf(i).lo()
          || solver.domainSize(i) != model.domainOf(i).size()) {
        throw new CorruptEntryException(
            LoadStage.SMOKE, "class gives variable " + i + " another domain than the model");
      }
      size = Math.max(size, solver.domainSize(i));
    }
    if (solver.exact()) {
      return;
    }
    double[] marginal = new double[size];
    solver.marginal(0, marginal);
    if (!isDistribution(marginal, solver.domainSize(0))
        && referenceStartIsDistribution(model, spec)) {
      throw new CorruptEntryException(
          LoadStage.SMOKE,
          "smoke run gave a starting belief "
              + describe(marginal, solver.domainSize(0))
              + " where the reference semantics give a distribution");
    }
  }

  /**
   * Whether the reference gives the model a sound start. A reference that cannot run the model
   * cannot blame the class either: the class has passed its checksums and plan check, so whatever
   * is degenerate in its start came with the model (or the compiler), not with the cache.
   */
  private boolean referenceStartIsDistribution(Model model, AlgorithmSpec spec) {
    try {
      return checks.startIsDistribution(model, spec);
    } catch (RuntimeException | OutOfMemoryError e) {
      return false;
    }
  }

  /** Whether {@code p[0 .. n)} lies in [0, 1] and sums to 1. */
  static boolean isDistribution(double[] p, int n) {
    double sum = 0;
    for (int v = 0; v < n; v++) {
      if (!(p[v] >= 0 && p[v] <= 1)) {
        return false;
      }
      sum += p[v];
    }
    return Math.abs(sum - 1) <= 1e-9;
  }

  private static String describe(double[] p, int n) {
    return Arrays.toString(Arrays.copyOf(p, n));
  }
}
