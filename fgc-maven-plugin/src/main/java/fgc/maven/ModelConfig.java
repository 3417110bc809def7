package fgc.maven;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One model to precompile: its {@code .fg} file, parameters, optional data file, and the solvers to
 * generate from it.
 *
 * <pre>{@code
 * <model>
 *   <file>sudoku.fg</file>
 *   <params><n>3</n></params>
 *   <solvers>
 *     <solver><className>com.acme.Sudoku9</className></solver>
 *   </solvers>
 * </model>
 * }</pre>
 */
public class ModelConfig {
  /** The model file, relative to the plugin's source directory (or absolute). */
  private String file;

  /** An optional data file ({@code .fgd}), relative to the source directory (or absolute). */
  private String data;

  /** Parameter values by name, overriding the model's defaults; each must be a whole number. */
  private Map<String, String> params = new LinkedHashMap<>();

  /** The solvers to generate; at least one. */
  private List<SolverConfig> solvers = new ArrayList<>();

  /** For Maven and tests. */
  public ModelConfig() {}

  /**
   * A model file with the given solvers.
   *
   * @param file the model file
   * @param solvers the solvers to generate from it
   */
  public ModelConfig(String file, List<SolverConfig> solvers) {
    this.file = file;
    this.solvers = new ArrayList<>(solvers);
  }

  /**
   * The model file.
   *
   * @return the model file's path, as configured
   */
  public String getFile() {
    return file;
  }

  /**
   * Sets the model file.
   *
   * @param file the model file's path
   */
  public void setFile(String file) {
    this.file = file;
  }

  /**
   * The data file, or null.
   *
   * @return the data file's path, as configured, or null
   */
  public String getData() {
    return data;
  }

  /**
   * Sets the data file.
   *
   * @param data the data file's path, or null for none
   */
  public void setData(String data) {
    this.data = data;
  }

  /**
   * The parameter overrides.
   *
   * @return the parameter values by name
   */
  public Map<String, String> getParams() {
    return params;
  }

  /**
   * Sets the parameter overrides.
   *
   * @param params the parameter values by name
   */
  public void setParams(Map<String, String> params) {
    this.params = params == null ? new LinkedHashMap<>() : params;
  }

  /**
   * The solvers to generate.
   *
   * @return the solvers
   */
  public List<SolverConfig> getSolvers() {
    return solvers;
  }

  /**
   * Sets the solvers to generate.
   *
   * @param solvers the solvers
   */
  public void setSolvers(List<SolverConfig> solvers) {
    this.solvers = solvers == null ? new ArrayList<>() : solvers;
  }
}
