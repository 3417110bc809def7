package fgc.cache;

import fgc.algorithm.GeneratedAlgorithm;
import fgc.compilation.AlgorithmSpec;
import fgc.model.Model;
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
   * Defines the verified bytes in a fresh loader, checks the class's kind, its own key and its
   * digest against {@code digest} (unless null), and runs the kind's smoke test. Any linkage error,
   * initialiser failure, foreign digest or insane marginal is a {@link CorruptEntryException}.
   */
  <T> Constructor<? extends T> define(
      ArtifactKind<T> kind,
      Map<String, byte[]> classes,
      String className,
      String key,
      String digest,
      Model model,
      AlgorithmSpec spec) {
    definitions.incrementAndGet();
    try {
      Class<?> type =
          Class.forName(
              className, true, new VerifiedClassLoader(classes, kind.type().getClassLoader()));
      if (!kind.type().isAssignableFrom(type)) {
        throw new CorruptEntryException(LoadStage.DEFINE, kind.notOfKind(className));
      }
      Constructor<? extends T> ctor = type.asSubclass(kind.type()).getDeclaredConstructor();
      T instance = ctor.newInstance();
      if (!key.equals(kind.key(instance))) {
        throw new CorruptEntryException(LoadStage.DEFINE, "class was compiled for another key");
      }
      String reported = kind.digest(instance);
      if (digest != null && !digest.equals(reported)) {
        throw new CorruptEntryException(
            LoadStage.PLAN, kind.foreignDigest(abbreviate(reported), abbreviate(digest)));
      }
      kind.smoke(instance, model, spec, this);
      return ctor;
    } catch (CorruptEntryException e) {
      throw e;
    } catch (Exception | LinkageError | StackOverflowError e) {
      Throwable cause =
          e instanceof InvocationTargetException && e.getCause() != null ? e.getCause() : e;
      throw new CorruptEntryException(
          LoadStage.DEFINE,
          "class " + className + " failed to load: " + SolverCache.describe(cause),
          e);
    }
  }

  /**
   * A class just compiled (by this process, from this model) whose digest the check could not
   * confirm: smoke-tested only.
   */
  <T> Constructor<? extends T> defineUnchecked(
      ArtifactKind<T> kind,
      Map<String, byte[]> classes,
      String className,
      Model model,
      AlgorithmSpec spec) {
    definitions.incrementAndGet();
    try {
      Class<?> type =
          Class.forName(
              className, true, new VerifiedClassLoader(classes, kind.type().getClassLoader()));
      Constructor<? extends T> ctor = type.asSubclass(kind.type()).getDeclaredConstructor();
      kind.smoke(ctor.newInstance(), model, spec, this);
      return ctor;
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
