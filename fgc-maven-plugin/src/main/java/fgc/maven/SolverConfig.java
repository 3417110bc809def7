package fgc.maven;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One solver to generate from a model: an algorithm, its options, and the Java class it becomes.
 *
 * <pre>{@code
 * <solver>
 *   <algorithm>sumproduct</algorithm>
 *   <className>com.acme.SprinklerSumProduct</className>
 *   <options><damping>0.5</damping></options>
 * </solver>
 * }</pre>
 */
public class SolverConfig {
  /**
   * The algorithm: {@code maxproduct} (the default) or another name {@code fgc run --help} lists.
   */
  private String algorithm;

  /**
   * The fully qualified name of the generated class, e.g. {@code com.acme.SprinklerSumProduct}. It
   * is stable across compiler versions, so code can write {@code new
   * com.acme.SprinklerSumProduct()}.
   */
  private String className;

  /**
   * The algorithm's options by name (e.g. {@code damping}); unset ones take the algorithm's
   * defaults.
   */
  private Map<String, String> options = new LinkedHashMap<>();

  /** For Maven and tests. */
  public SolverConfig() {}

  /**
   * A solver with no option overrides.
   *
   * @param algorithm the algorithm's name, or null for the default
   * @param className the generated class's fully qualified name
   */
  public SolverConfig(String algorithm, String className) {
    this.algorithm = algorithm;
    this.className = className;
  }

  /**
   * The algorithm's name, or null for the default.
   *
   * @return the name, or null
   */
  public String getAlgorithm() {
    return algorithm;
  }

  /**
   * Sets the algorithm's name.
   *
   * @param algorithm the algorithm's name, or null for the default
   */
  public void setAlgorithm(String algorithm) {
    this.algorithm = algorithm;
  }

  /**
   * The generated class's fully qualified name.
   *
   * @return the class name
   */
  public String getClassName() {
    return className;
  }

  /**
   * Sets the generated class's fully qualified name.
   *
   * @param className the fully qualified name
   */
  public void setClassName(String className) {
    this.className = className;
  }

  /**
   * The option overrides, by name.
   *
   * @return the option values by name
   */
  public Map<String, String> getOptions() {
    return options;
  }

  /**
   * Sets the option overrides.
   *
   * @param options the option values by name
   */
  public void setOptions(Map<String, String> options) {
    this.options = options == null ? new LinkedHashMap<>() : options;
  }
}
