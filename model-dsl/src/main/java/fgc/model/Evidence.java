package fgc.model;

import java.util.Arrays;

/**
 * Observed values for some of a model's variables, by flat index: what a data file or the command
 * line gives before solving. It is not part of the model (so not of its cache key): the same
 * compiled solver takes any evidence.
 */
public final class Evidence {
  /**
   * Marks a variable without an observed value (the same marker as {@code
   * fgc.driver.Assignments.NONE}).
   */
  public static final int NONE = Integer.MIN_VALUE;

  private final int[] values;

  private Evidence(int[] values) {
    this.values = values;
  }

  /**
   * No observed value for any of {@code model}'s variables.
   *
   * @param model the model
   * @return the empty evidence
   */
  public static Evidence none(Model model) {
    int[] v = new int[model.variableCount()];
    Arrays.fill(v, NONE);
    return new Evidence(v);
  }

  /**
   * The evidence {@code values} (one per variable, {@link #NONE} where free), each checked against
   * its array and domain.
   *
   * @param model the model
   * @param values one entry per variable
   * @return the evidence
   */
  public static Evidence of(Model model, int[] values) {
    if (values.length != model.variableCount()) {
      throw new ModelException(
          "evidence for "
              + values.length
              + " variables; model "
              + model.name()
              + " has "
              + model.variableCount());
    }
    for (int i = 0; i < values.length; i++) {
      if (values[i] == NONE) {
        continue;
      }
      VariableArray a = model.arrayOf(i);
      if (!a.observed()) {
        throw new ModelException(
            "'" + a.name() + "' is not observed (add: observe " + a.name() + ";)");
      }
      if (!a.domain().contains(values[i])) {
        throw new ModelException(
            model.variableName(i) + " = " + values[i] + " is outside its domain " + a.domain());
      }
    }
    return new Evidence(values.clone());
  }

  /**
   * A builder of evidence for {@code model}, starting with nothing observed.
   *
   * @param model the model
   * @return an empty builder
   */
  public static Builder builder(Model model) {
    return new Builder(model, none(model).values);
  }

  /**
   * A builder that starts from this evidence.
   *
   * @param model the model this evidence belongs to
   * @return a builder holding this evidence
   */
  public Builder toBuilder(Model model) {
    return new Builder(model, of(model, values).values);
  }

  /**
   * Whether variable {@code variable} has an observed value.
   *
   * @param variable a flat index
   * @return true when it is observed
   */
  public boolean isObserved(int variable) {
    return values[variable] != NONE;
  }

  /**
   * The observed value of {@code variable}, or {@link #NONE}.
   *
   * @param variable a flat index
   * @return its observed value, or {@link #NONE}
   */
  public int value(int variable) {
    return values[variable];
  }

  /**
   * One entry per variable: its observed value or {@link #NONE}.
   *
   * @return a copy of the values
   */
  public int[] values() {
    return values.clone();
  }

  /**
   * How many variables have an observed value.
   *
   * @return the number of observed variables
   */
  public int count() {
    int n = 0;
    for (int v : values) {
      n += v == NONE ? 0 : 1;
    }
    return n;
  }

  /**
   * Observed values set one at a time, by flat index or by name ({@code wet}, {@code cell[0][4]}),
   * each checked against its array (it must be observed) and its domain; setting a variable twice
   * to different values is an error.
   */
  public static final class Builder {
    private final Model model;
    private final int[] values;

    private Builder(Model model, int[] values) {
      this.model = model;
      this.values = values;
    }

    /**
     * Observes {@code variable} (a flat index) at {@code value}.
     *
     * @param variable a flat index
     * @param value a value of its domain
     * @return this builder
     */
    public Builder set(int variable, int value) {
      if (variable < 0 || variable >= values.length) {
        throw new ModelException(
            "variable "
                + variable
                + " out of range 0.."
                + (values.length - 1)
                + " of model "
                + model.name());
      }
      String name = model.variableName(variable);
      VariableArray a = model.arrayOf(variable);
      if (!a.observed()) {
        throw new ModelException(
            "'" + a.name() + "' is not observed (add: observe " + a.name() + ";)");
      }
      if (!a.domain().contains(value)) {
        throw new ModelException(name + " = " + value + " is outside its domain " + a.domain());
      }
      if (values[variable] != NONE && values[variable] != value) {
        throw new ModelException(
            name + " is observed twice: " + values[variable] + " and " + value);
      }
      values[variable] = value;
      return this;
    }

    /**
     * Observes the variable named {@code name} ({@code wet}, {@code cell[0][4]}) at {@code value}.
     *
     * @param name the variable's name
     * @param value a value of its domain
     * @return this builder
     */
    public Builder set(String name, int value) {
      return set(model.variableIndex(name), value);
    }

    /**
     * The evidence set so far.
     *
     * @return the evidence
     */
    public Evidence build() {
      return new Evidence(values.clone());
    }
  }
}
