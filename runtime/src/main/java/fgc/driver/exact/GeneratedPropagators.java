package fgc.driver.exact;

import fgc.compiler.backend.JaninoBackend;
import java.lang.reflect.Constructor;
import java.util.LinkedHashMap;
import java.util.Map;
import org.codehaus.commons.compiler.util.reflect.ByteArrayClassLoader;

/**
 * Compiles a {@link Propagator} per model ({@link PropagatorSource}, then Janino) and keeps the
 * classes of the last {@value #KEPT} models in memory, keyed by their source (which is a function
 * of the tables), so each model is compiled once. Thread-safe; each call returns a new instance,
 * since a propagator keeps per-search state.
 */
public final class GeneratedPropagators {
  static final int KEPT = 8;

  private final Map<String, Constructor<? extends Propagator>> classes = new LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Constructor<? extends Propagator>> eldest) {
      return size() > KEPT;
    }
  };

  /** Whether {@link #of} gives a propagator for {@code tables}. */
  public static boolean fits(BitmaskTables tables) {
    return PropagatorSource.fits(tables);
  }

  /** A new propagator for {@code tables}, compiled on the first call for these tables; null when they do not {@link #fits fit}. */
  public Propagator of(BitmaskTables tables) {
    if (!fits(tables)) {
      return null;
    }
    String source = PropagatorSource.of(tables);
    Constructor<? extends Propagator> constructor;
    synchronized (classes) {
      constructor = classes.get(source);
      if (constructor == null) {
        constructor = compile(source);
        classes.put(source, constructor);
      }
    }
    try {
      return constructor.newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("internal error: the generated propagator cannot be made: " + e, e);
    }
  }

  private static Constructor<? extends Propagator> compile(String source) {
    ClassLoader parent = Propagator.class.getClassLoader();
    Map<String, byte[]> bytes = JaninoBackend.compile(PropagatorSource.CLASS + ".java", source, parent);
    ClassLoader loader = new ByteArrayClassLoader(bytes, parent);
    try {
      Class<?> type = Class.forName(PropagatorSource.PACKAGE + "." + PropagatorSource.CLASS, true, loader);
      return type.asSubclass(Propagator.class).getConstructor();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("internal error: the generated propagator does not load: " + e, e);
    }
  }
}
