package fgc.cli;

import fgc.model.Evidence;
import fgc.model.Factor;
import fgc.model.Model;

/**
 * The command line's own check of an answer before it is printed, read from the model alone ({@link
 * Factor#potential}, the IR's definition of what a factor allows), never from the driver or the
 * compiled solver that found the answer: every variable has a value in its domain, every given
 * value is kept, every factor holds.
 */
final class AnswerCheck {
  private AnswerCheck() {}

  /**
   * Why {@code values} is no answer to {@code model} with {@code givens} ({@link Evidence#NONE}
   * where none), or null when it is one.
   */
  static String failure(Model model, int[] givens, int[] values) {
    if (values == null || values.length != model.variableCount()) {
      return "the answer has "
          + (values == null ? 0 : values.length)
          + " values for "
          + model.variableCount()
          + " variables";
    }
    for (int i = 0; i < values.length; i++) {
      if (!model.domainOf(i).contains(values[i])) {
        return model.variableName(i)
            + " = "
            + values[i]
            + " is outside its domain "
            + model.domainOf(i);
      }
      if (givens[i] != Evidence.NONE && givens[i] != values[i]) {
        return model.variableName(i)
            + " was given as "
            + givens[i]
            + " but the answer has "
            + values[i];
      }
    }
    int index = 0;
    for (Factor f : model.factors()) {
      int[] own = new int[f.arity()];
      for (int p = 0; p < own.length; p++) {
        own[p] = values[f.variable(p)];
      }
      if (!f.allows(own)) {
        StringBuilder where = new StringBuilder();
        for (int p = 0; p < own.length; p++) {
          where
              .append(p == 0 ? "" : ", ")
              .append(model.variableName(f.variable(p)))
              .append(" = ")
              .append(own[p]);
        }
        return "factor " + index + " (" + f.kind().keyword() + ") does not hold where " + where;
      }
      index++;
    }
    return null;
  }
}
