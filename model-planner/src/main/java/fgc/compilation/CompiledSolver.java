package fgc.compilation;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The output of one compilation: the key, the generated source, and the class bytes by binary name.
 */
public final class CompiledSolver {
  private final String key;
  private final String className;
  private final String source;
  private final Map<String, byte[]> classes;

  /**
   * The result of compiling the solver keyed {@code key}; {@code classes} and their arrays are
   * copied.
   *
   * @param key the cache key the class was compiled for
   * @param className the binary name of the class to instantiate
   * @param source the generated Java source, kept for {@code show} and for diagnosis
   * @param classes the class bytes by binary name, nested classes included
   */
  public CompiledSolver(String key, String className, String source, Map<String, byte[]> classes) {
    this.key = key;
    this.className = className;
    this.source = source;
    Map<String, byte[]> copy = new TreeMap<>();
    classes.forEach((name, bytes) -> copy.put(name, bytes.clone()));
    this.classes = Collections.unmodifiableMap(copy);
  }

  /**
   * The cache key the class was compiled for.
   *
   * @return the key
   */
  public String key() {
    return key;
  }

  /**
   * The binary name of the class implementing {@code GeneratedAlgorithm}.
   *
   * @return the class name
   */
  public String className() {
    return className;
  }

  /**
   * The generated Java source.
   *
   * @return the source
   */
  public String source() {
    return source;
  }

  /**
   * Class bytes by binary name (the map is unmodifiable; callers must not change the arrays).
   *
   * @return the class bytes
   */
  public Map<String, byte[]> classes() {
    return classes;
  }
}
