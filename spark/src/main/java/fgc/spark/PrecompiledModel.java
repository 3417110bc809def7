package fgc.spark;

import fgc.lang.FgcLanguage;
import fgc.model.Model;
import fgc.runtime.Solver;
import fgc.solver.GeneratedAlgorithm;
import java.io.Serializable;
import java.lang.reflect.InvocationTargetException;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A model and the class that fgc-maven-plugin generated for it, named rather than held, so that a
 * Spark task can carry it to the executors: only the names travel, and each executor JVM reads the
 * model once and makes solver instances from the class in the application jar. Nothing is compiled
 * on an executor.
 *
 * <pre>{@code
 * PrecompiledModel latin = PrecompiledModel.bundled("latin", Map.of("n", 4L), "com.acme.Latin4");
 * PrecompiledModel mine =
 *     PrecompiledModel.resource("models/mine.fg", Map.of(), "com.acme.MineSumProduct");
 * }</pre>
 */
public final class PrecompiledModel implements Serializable {
  private static final long serialVersionUID = 1L;

  /**
   * Models read so far in this JVM: a model is immutable, so every task of an executor shares it.
   */
  private static final Map<PrecompiledModel, Model> MODELS = new ConcurrentHashMap<>();

  private final boolean bundled;
  private final String name;
  private final TreeMap<String, Long> params;
  private final String className;

  private PrecompiledModel(
      boolean bundled, String name, Map<String, Long> params, String className) {
    this.bundled = bundled;
    this.name = Objects.requireNonNull(name, "name");
    this.params = new TreeMap<>(Objects.requireNonNull(params, "params"));
    this.className = Objects.requireNonNull(className, "className");
  }

  /**
   * A model bundled with fgc ({@code sudoku}, {@code latin}, ...) with {@code params}, run by
   * {@code className}.
   */
  public static PrecompiledModel bundled(String name, Map<String, Long> params, String className) {
    return new PrecompiledModel(true, name, params, className);
  }

  /**
   * A model read from the class path ({@code path} as given to {@code ClassLoader.getResource}; the
   * plugin copies each model beside the classes, so the application jar holds it), run by {@code
   * className}.
   */
  public static PrecompiledModel resource(String path, Map<String, Long> params, String className) {
    return new PrecompiledModel(false, path, params, className);
  }

  /**
   * The bundled Sudoku model for grids of {@code side} (4, 9 or 16) and its class in the {@code
   * generated} module; IllegalArgumentException for another side.
   */
  public static PrecompiledModel sudoku(int side) {
    String className =
        switch (side) {
          case 4 -> "fgc.generated.Sudoku4";
          case 9 -> "fgc.generated.Sudoku9";
          case 16 -> "fgc.generated.Sudoku16";
          default ->
              throw new IllegalArgumentException(
                  "no precompiled Sudoku solver for "
                      + side
                      + "x"
                      + side
                      + " grids (fgc.generated has 4x4, 9x9 and 16x16)");
        };
    return bundled("sudoku", Map.of("n", Math.round(Math.sqrt(side))), className);
  }

  /** The generated class's name. */
  public String className() {
    return className;
  }

  /** The model, read once per JVM. */
  public Model model() {
    return MODELS.computeIfAbsent(this, PrecompiledModel::read);
  }

  private Model read() {
    return bundled ? FgcLanguage.bundled(name, params) : FgcLanguage.resource(name, params);
  }

  /**
   * A new solver: a fresh instance of the generated class, checked against the model. The class is
   * looked up through the thread's context class loader first, which on an executor is the one that
   * holds the application jar (the loader of this class may be a parent that does not see it).
   */
  public Solver newSolver() {
    return Solver.precompiled(model(), newAlgorithm());
  }

  private GeneratedAlgorithm newAlgorithm() {
    Class<?> type = load();
    if (!GeneratedAlgorithm.class.isAssignableFrom(type)) {
      throw new IllegalArgumentException(
          className
              + " is not a generated solver (it does not implement "
              + GeneratedAlgorithm.class.getName()
              + ")");
    }
    try {
      return (GeneratedAlgorithm) type.getConstructor().newInstance();
    } catch (NoSuchMethodException | InstantiationException | IllegalAccessException e) {
      throw new IllegalArgumentException(
          className + " has no public no-argument constructor: " + e, e);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException(
          "creating " + className + " failed: " + e.getCause(), e.getCause());
    }
  }

  private Class<?> load() {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    ClassNotFoundException missing = null;
    for (ClassLoader loader :
        new ClassLoader[] {context, PrecompiledModel.class.getClassLoader()}) {
      if (loader == null) {
        continue;
      }
      try {
        return Class.forName(className, true, loader);
      } catch (ClassNotFoundException e) {
        missing = e;
      }
    }
    throw new IllegalArgumentException(
        "class "
            + className
            + " is not on the class path: ship it in the"
            + " application jar (fgc-maven-plugin generates it at build time)",
        missing);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PrecompiledModel p
        && p.bundled == bundled
        && p.name.equals(name)
        && p.params.equals(params)
        && p.className.equals(className);
  }

  @Override
  public int hashCode() {
    return Objects.hash(bundled, name, params, className);
  }

  @Override
  public String toString() {
    return (bundled ? "bundled model " : "model ")
        + name
        + (params.isEmpty() ? "" : " " + params)
        + " run by "
        + className;
  }
}
