package fgc.model;

import java.util.Arrays;

/**
 * Observed values for some of a model's variables, by flat index: what a data file or the command
 * line gives before solving. It is not part of the model (so not of its cache key): the same
 * compiled solver takes any evidence.
 */
public final class Evidence {
  /** Marks a variable without an observed value (the same marker as {@code fgc.driver.Assignments.NONE}). */
  public static final int NONE = Integer.MIN_VALUE;

  private final int[] values;

  private Evidence(int[] values) {
    this.values = values;
  }

  /** No observed value for any of {@code model}'s variables. */
  public static Evidence none(Model model) {
    int[] v = new int[model.variableCount()];
    Arrays.fill(v, NONE);
    return new Evidence(v);
  }

  /** The evidence {@code values} (one per variable, {@link #NONE} where free), each checked against its array and domain. */
  public static Evidence of(Model model, int[] values) {
    if (values.length != model.variableCount()) {
      throw new ModelException("evidence for " + values.length + " variables; model " + model.name() + " has " + model.variableCount());
    }
    for (int i = 0; i < values.length; i++) {
      if (values[i] == NONE) {
        continue;
      }
      VariableArray a = model.arrayOf(i);
      if (!a.observed()) {
        throw new ModelException("'" + a.name() + "' is not observed (add: observe " + a.name() + ";)");
      }
      if (!a.domain().contains(values[i])) {
        throw new ModelException(model.variableName(i) + " = " + values[i] + " is outside its domain " + a.domain());
      }
    }
    return new Evidence(values.clone());
  }

  /** One entry per variable: its observed value or {@link #NONE}. */
  public int[] values() {
    return values.clone();
  }

  public int count() {
    int n = 0;
    for (int v : values) {
      n += v == NONE ? 0 : 1;
    }
    return n;
  }
}
