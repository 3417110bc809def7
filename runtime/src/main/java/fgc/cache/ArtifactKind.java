package fgc.cache;

import fgc.algorithm.GeneratedAlgorithm;
import fgc.algorithm.Propagator;
import fgc.compilation.AlgorithmSpec;
import fgc.model.Model;
import fgc.plan.BitmaskTables;

/**
 * What kind of class an entry holds and how a defined instance of it is checked: all that differs
 * between a solver and the exact search's propagator on the one path that reads, verifies and
 * defines entries. A solver must report its model's plan digest and pass a smoke run; a propagator
 * must report the digest of its model's search tables, and has no smoke run (every answer the
 * search gives is checked against the model anyway).
 *
 * @param <T> the interface the entry's class implements
 */
abstract class ArtifactKind<T> {
  private final Class<T> type;

  ArtifactKind(Class<T> type) {
    this.type = type;
  }

  /** The interface the class must implement. */
  final Class<T> type() {
    return type;
  }

  /** The kind of an entry whose key material names {@code spec}. */
  static ArtifactKind<?> of(AlgorithmSpec spec) {
    if (spec.name().equals(SolverCache.PROPAGATOR)) {
      return Propagators.INSTANCE;
    }
    return Solvers.INSTANCE;
  }

  /** The refusal of a class {@code className} that is not of this kind. */
  abstract String notOfKind(String className);

  /** The key the instance was compiled for. */
  abstract String key(T instance);

  /** The digest the instance reports. */
  abstract String digest(T instance);

  /** The refusal of an instance whose digest (abbreviated) is not the model's. */
  abstract String foreignDigest(String reported, String expected);

  /**
   * The digest the model's class of this kind must report, for a verify that has only the model its
   * key material reads back as; null when there is none to check. Throws what the planner throws.
   */
  abstract String expectedDigest(Model model, AlgorithmSpec spec, ModelChecks checks);

  /** The last check of an instance, after its key and digest; none unless the kind has one. */
  void smoke(T instance, Model model, AlgorithmSpec spec, EntryDefiner definer) {}

  /** Compiled solvers. */
  static final class Solvers extends ArtifactKind<GeneratedAlgorithm> {
    static final Solvers INSTANCE = new Solvers();

    private Solvers() {
      super(GeneratedAlgorithm.class);
    }

    @Override
    String notOfKind(String className) {
      return className + " does not implement GeneratedAlgorithm";
    }

    @Override
    String key(GeneratedAlgorithm instance) {
      return instance.key();
    }

    @Override
    String digest(GeneratedAlgorithm instance) {
      return instance.planDigest();
    }

    @Override
    String foreignDigest(String reported, String expected) {
      return "class reports plan digest "
          + reported
          + ", the model's plan gives "
          + expected
          + ": it was made for another model or plan";
    }

    @Override
    String expectedDigest(Model model, AlgorithmSpec spec, ModelChecks checks) {
      return PlannedDigest.now(checks, model, spec).get();
    }

    @Override
    void smoke(GeneratedAlgorithm instance, Model model, AlgorithmSpec spec, EntryDefiner definer) {
      definer.smokeTest(instance, model, spec);
    }
  }

  /** The exact search's generated propagators. */
  static final class Propagators extends ArtifactKind<Propagator> {
    static final Propagators INSTANCE = new Propagators();

    private Propagators() {
      super(Propagator.class);
    }

    @Override
    String notOfKind(String className) {
      return className + " is not a Propagator";
    }

    @Override
    String key(Propagator instance) {
      return instance.key();
    }

    @Override
    String digest(Propagator instance) {
      return instance.tablesDigest();
    }

    @Override
    String foreignDigest(String reported, String expected) {
      return "propagator reports tables digest "
          + reported
          + ", the model's tables give "
          + expected
          + ": it was made for other tables";
    }

    @Override
    String expectedDigest(Model model, AlgorithmSpec spec, ModelChecks checks) {
      return BitmaskTables.of(model).digest();
    }
  }
}
