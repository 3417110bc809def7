package fgc.driver;

import fgc.model.Domain;
import fgc.model.Factor;
import fgc.model.FactorKind;
import fgc.model.Formula;
import fgc.model.Model;
import java.util.Optional;

/**
 * Whether an assignment breaks an {@code eq}, {@code sum}, {@code table} or {@code prior} factor,
 * read from the IR alone: a complete scope is judged by {@link Factor#allows}, the one definition
 * of what a factor allows. Variables without a value ({@link Assignments#NONE}) break nothing
 * unless no values of theirs could mend the factor (a sum already out of reach).
 */
final class FactorChecks {
  private FactorChecks() {}

  /** Why {@code values} break {@code f}, or null when they do not (yet). */
  static String violation(Model model, Factor f, int[] values) {
    int[] own = new int[f.arity()];
    boolean complete = true;
    for (int p = 0; p < own.length; p++) {
      own[p] = values[f.variable(p)];
      complete &= own[p] != Assignments.NONE;
    }
    if (!complete) {
      return f.kind() == FactorKind.SUM ? sumOutOfReach(model, f, values) : null;
    }
    if (f.allows(own)) {
      return null;
    }
    switch (f.kind()) {
      case EQ:
        return model.variableName(f.variable(0))
            + " is "
            + own[0]
            + " but "
            + model.variableName(f.variable(1))
            + " is "
            + own[1];
      case SUM:
        {
          long given = 0;
          for (int v : own) {
            given += v;
          }
          return "the values add up to " + given + ", not " + f.total();
        }
      case LINEAR:
        {
          long given = 0;
          for (int p = 0; p < own.length; p++) {
            given += f.coefficient(p) * own[p];
          }
          return "the weighted sum is "
              + given
              + ", not "
              + f.comparison().symbol()
              + " "
              + f.total();
        }
      default:
        {
          StringBuilder where = new StringBuilder();
          for (int p = 0; p < own.length; p++) {
            where
                .append(p == 0 ? "" : ", ")
                .append(model.variableName(f.variable(p)))
                .append(" = ")
                .append(own[p]);
          }
          Optional<Formula> formula = f.formula();
          return formula.isPresent() && formula.get().type() == Formula.Type.BOOL
              ? "the relation " + formula.get().text() + " does not hold where " + where
              : "the values have weight 0 (" + where + ")";
        }
    }
  }

  /**
   * Whether the values given in a sum's scope already add up past its total, or cannot reach it.
   */
  private static String sumOutOfReach(Model model, Factor f, int[] values) {
    long given = 0;
    long lo = 0;
    long hi = 0;
    for (int i : f.scope()) {
      Domain d = model.domainOf(i);
      long v = values[i];
      given += v == Assignments.NONE ? 0 : v;
      lo += v == Assignments.NONE ? d.lo() : 0;
      hi += v == Assignments.NONE ? d.hi() : 0;
    }
    return given + lo > f.total() || given + hi < f.total()
        ? "the given values add up to " + given + ", not " + f.total()
        : null;
  }
}
