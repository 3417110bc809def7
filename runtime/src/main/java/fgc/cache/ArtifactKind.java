package fgc.cache;

import fgc.compilation.AlgorithmSpec;
import fgc.compilation.Artifact;
import fgc.model.Model;
import fgc.plan.BitmaskTables;
import fgc.solver.GeneratedAlgorithm;
import fgc.solver.Propagator;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

/**
 * What kind of class an entry holds and how a defined class of it is checked: all that differs
 * between a solver and the exact search's propagator on the one path that reads, verifies and
 * defines entries. A solver must report its model's plan digest and pass a smoke run; a propagator
 * must report the digest of its model's search tables, and has no smoke run (every answer the
 * search gives is checked against the model anyway). Each {@link Artifact} (the kind an entry's key
 * material and manifest name) has one, found by {@link #of}.
 *
 * @param <T> the interface the entry's class implements
 */
abstract class ArtifactKind<T> {
  private final Artifact artifact;
  private final Class<T> type;

  ArtifactKind(Artifact artifact, Class<T> type) {
    this.artifact = artifact;
    this.type = type;
  }

  /** The kind's name in key material and manifests. */
  final Artifact artifact() {
    return artifact;
  }

  /** The interface the class must implement. */
  final Class<T> type() {
    return type;
  }

  /**
   * The kind of an entry whose key material names {@code artifact}. Looked up when called, not in a
   * static table: a table built while this class initialises would hold null for a subclass whose
   * own initialisation started it.
   */
  static ArtifactKind<?> of(Artifact artifact) {
    for (ArtifactKind<?> kind : new ArtifactKind<?>[] {Solvers.INSTANCE, Propagators.INSTANCE}) {
      if (kind.artifact == artifact) {
        return kind;
      }
    }
    throw new IllegalArgumentException("internal error: no cache kind for " + artifact);
  }

  /** The refusal of a class {@code className} that is not of this kind. */
  abstract String notOfKind(String className);

  /** The key a defined class was compiled for and the digest it reports. */
  record Reported(String key, String digest) {}

  /**
   * The key and digest {@code type} reports: from its constants where the kind has them, so that
   * checking a class costs no instance (a solver's instance holds state the size of its model).
   */
  abstract Reported reported(Class<? extends T> type) throws ReflectiveOperationException;

  /** The refusal of an instance whose digest (abbreviated) is not the model's. */
  abstract String foreignDigest(String reported, String expected);

  /**
   * The digest the model's class of this kind must report, for a verify that has only the model its
   * key material reads back as (and its algorithm, null for a kind without one); null when there is
   * none to check. Throws what the planner throws.
   */
  abstract String expectedDigest(Model model, AlgorithmSpec spec, ModelChecks checks);

  /**
   * The last check of a class, after its key and digest: an instance made by {@code constructor}
   * and smoke-run, given back for use; null for a kind without one.
   */
  T smoke(
      Constructor<? extends T> constructor,
      String className,
      Model model,
      AlgorithmSpec spec,
      EntryDefiner definer) {
    return null;
  }

  /** Compiled solvers. */
  static final class Solvers extends ArtifactKind<GeneratedAlgorithm> {
    static final Solvers INSTANCE = new Solvers();

    private Solvers() {
      super(Artifact.SOLVER, GeneratedAlgorithm.class);
    }

    @Override
    String notOfKind(String className) {
      return className + " does not implement GeneratedAlgorithm";
    }

    @Override
    Reported reported(Class<? extends GeneratedAlgorithm> type)
        throws ReflectiveOperationException {
      return new Reported(constant(type, "KEY"), constant(type, "PLAN_DIGEST"));
    }

    /** The public static String constant {@code name} of {@code type}. */
    private static String constant(Class<?> type, String name) throws NoSuchFieldException {
      Field field = type.getField(name);
      if (!Modifier.isStatic(field.getModifiers()) || field.getType() != String.class) {
        throw new NoSuchFieldException(name + " is not a static String");
      }
      try {
        return (String) field.get(null);
      } catch (IllegalAccessException e) {
        throw new NoSuchFieldException(name + " cannot be read");
      }
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
    GeneratedAlgorithm smoke(
        Constructor<? extends GeneratedAlgorithm> constructor,
        String className,
        Model model,
        AlgorithmSpec spec,
        EntryDefiner definer) {
      GeneratedAlgorithm instance = definer.instantiate(constructor, className);
      definer.smokeTest(instance, model, spec);
      return instance;
    }
  }

  /** The exact search's generated propagators. */
  static final class Propagators extends ArtifactKind<Propagator> {
    static final Propagators INSTANCE = new Propagators();

    private Propagators() {
      super(Artifact.PROPAGATOR, Propagator.class);
    }

    @Override
    String notOfKind(String className) {
      return className + " is not a Propagator";
    }

    @Override
    Reported reported(Class<? extends Propagator> type) throws ReflectiveOperationException {
      Propagator instance = type.getDeclaredConstructor().newInstance();
      return new Reported(instance.key(), instance.tablesDigest());
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
