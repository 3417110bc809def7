package fgc.driver;

import fgc.model.Domain;
import fgc.model.Factor;
import fgc.model.Model;

/**
 * Whether an assignment breaks an {@code eq}, {@code sum}, {@code table} or {@code prior} factor,
 * read from the IR alone. Variables without a value ({@link Assignments#NONE}) break nothing unless
 * no values of theirs could mend the factor (a sum already out of reach).
 */
final class FactorChecks {
  private FactorChecks() {}

  /** Why {@code values} break {@code f}, or null when they do not (yet). */
  static String violation(Model model, Factor f, int[] values) {
    switch (f.kind()) {
      case EQ: {
        int a = values[f.variable(0)];
        int b = values[f.variable(1)];
        return a != Assignments.NONE && b != Assignments.NONE && a != b
            ? model.variableName(f.variable(0)) + " is " + a + " but " + model.variableName(f.variable(1)) + " is " + b : null;
      }
      case SUM: {
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
            ? (lo == 0 && hi == 0 ? "the values add up to " + given : "the given values add up to " + given)
                + ", not " + f.total() : null;
      }
      case TABLE:
      case PRIOR: {
        int entry = 0;
        for (int i : f.scope()) {
          if (values[i] == Assignments.NONE) {
            return null;
          }
          Domain d = model.domainOf(i);
          entry = entry * d.size() + (values[i] - d.lo());
        }
        return f.weight(entry) == 0.0 ? "the values have weight 0" : null;
      }
      default:
        throw new IllegalStateException("no check for factor kind " + f.kind());
    }
  }
}
