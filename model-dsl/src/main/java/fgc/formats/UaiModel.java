package fgc.formats;

import fgc.model.Model;

/**
 * A model read from a UAI file, with the file's numbering kept explicit. The numbering is the
 * identity: UAI variable {@code i} is the model's flat variable {@code i}, function {@code k} of
 * the file is the model's factor {@code k} (a table over the scope as the file lists it), and value
 * {@code v} of a variable is domain value {@code v} (domains are {@code 0..card-1}).
 *
 * <p>Each UAI variable {@code i} is a scalar named {@code xi} ({@code x0 ... x(n-1)}), whatever the
 * cardinalities, so UAI variable 7 is {@code x7} and {@code --observe x7=1} sets it. Every variable
 * is observed, so a {@code .evid} file (or {@code --observe}) can set any of them.
 */
public final class UaiModel {
  /** The network type the file's first line names. */
  public enum Type {
    /** A Markov network: the functions are arbitrary non-negative tables. */
    MARKOV,
    /** A Bayesian network: each function is a conditional probability table. */
    BAYES
  }

  private final Model model;
  private final Type type;
  private final String sourceName;
  private final int[] cardinalities;

  UaiModel(Model model, Type type, String sourceName, int[] cardinalities) {
    this.model = model;
    this.type = type;
    this.sourceName = sourceName;
    this.cardinalities = cardinalities.clone();
  }

  /**
   * The model, one scalar {@code xi} per UAI variable {@code i}.
   *
   * @return the model
   */
  public Model model() {
    return model;
  }

  /**
   * Whether the file holds a Markov or a Bayesian network.
   *
   * @return the type
   */
  public Type type() {
    return type;
  }

  /**
   * The name the file was read under (its path), which errors about it name.
   *
   * @return the source's name
   */
  public String sourceName() {
    return sourceName;
  }

  /**
   * How many variables the file declares.
   *
   * @return the number of variables
   */
  public int variableCount() {
    return cardinalities.length;
  }

  /**
   * The cardinality of UAI variable {@code uaiVariable}.
   *
   * @param uaiVariable a variable's number in the file
   * @return its cardinality
   */
  public int cardinality(int uaiVariable) {
    return cardinalities[uaiVariable];
  }

  /**
   * The model's flat index of UAI variable {@code uaiVariable}: the same number.
   *
   * @param uaiVariable a variable's number in the file
   * @return its flat index in the model
   */
  public int modelIndex(int uaiVariable) {
    if (uaiVariable < 0 || uaiVariable >= cardinalities.length) {
      throw new IndexOutOfBoundsException(
          "UAI variable " + uaiVariable + " of " + cardinalities.length);
    }
    return uaiVariable;
  }

  /**
   * The model's name for UAI variable {@code uaiVariable}: {@code x7} for variable 7.
   *
   * @param uaiVariable a variable's number in the file
   * @return its name in the model
   */
  public String variableName(int uaiVariable) {
    return model.variableName(modelIndex(uaiVariable));
  }

  @Override
  public String toString() {
    return type + " " + model;
  }
}
