package fgc.compilation;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/** The output of one compilation: the key, the generated source, and the class bytes by binary name. */
public final class CompiledSolver {
  private final String key;
  private final String className;
  private final String source;
  private final Map<String, byte[]> classes;

  public CompiledSolver(String key, String className, String source, Map<String, byte[]> classes) {
    this.key = key;
    this.className = className;
    this.source = source;
    Map<String, byte[]> copy = new TreeMap<>();
    classes.forEach((name, bytes) -> copy.put(name, bytes.clone()));
    this.classes = Collections.unmodifiableMap(copy);
  }

  public String key() {
    return key;
  }

  /** The binary name of the class implementing {@code GeneratedAlgorithm}. */
  public String className() {
    return className;
  }

  public String source() {
    return source;
  }

  /** Class bytes by binary name (the map is unmodifiable; callers must not change the arrays). */
  public Map<String, byte[]> classes() {
    return classes;
  }
}
