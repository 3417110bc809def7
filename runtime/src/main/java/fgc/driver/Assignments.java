package fgc.driver;

import fgc.model.Domain;
import fgc.model.Factor;
import fgc.model.Model;
import fgc.model.VariableArray;
import java.util.Arrays;
import java.util.List;

/** Checks a full assignment against the model's factors, read from the IR (not from any solver). */
public final class Assignments {
  /** Marks a variable without a value in an evidence or assignment array. */
  public static final int NONE = Integer.MIN_VALUE;

  private Assignments() {}

  /**
   * An array of {@link #NONE}, one per variable.
   *
   * @param model the model
   * @return a fresh array with no value set
   */
  public static int[] empty(Model model) {
    int[] a = new int[model.variableCount()];
    Arrays.fill(a, NONE);
    return a;
  }

  /**
   * The first factor (with its index) that {@code values} breaks, or null when every factor holds.
   *
   * @param model the model
   * @param values one value per variable
   * @return the broken factor described, or null
   */
  public static String firstViolation(Model model, int[] values) {
    if (values.length != model.variableCount()) {
      return "the assignment has "
          + values.length
          + " values for "
          + model.variableCount()
          + " variables";
    }
    // Array by array, so each variable's domain is not searched for (the exact driver checks every
    // answer).
    for (VariableArray a : model.arrays()) {
      Domain domain = a.domain();
      for (int i = a.firstIndex(), end = i + a.size(); i < end; i++) {
        if (values[i] == NONE || !domain.contains(values[i])) {
          return model.variableName(i) + " has no value in its domain";
        }
      }
    }
    return firstViolationAmongGiven(model, values);
  }

  /**
   * The first factor that the values present in a partial assignment already break, or null.
   * Variables without a value ({@link #NONE}) are free and break nothing.
   *
   * @param model the model
   * @param values one value per variable, or {@link #NONE}
   * @return the broken factor described, or null
   */
  public static String firstViolationAmongGiven(Model model, int[] values) {
    List<Factor> factors = model.factors();
    for (int index = 0; index < factors.size(); index++) {
      Factor f = factors.get(index);
      switch (f.kind()) {
        case NEQ:
        case ALLDIFF:
          if (allDistinct(f, values)) {
            break;
          }
          // Some pair repeats: find it, to name it.
          for (int a = 0; a < f.arity(); a++) {
            int x = values[f.variable(a)];
            for (int b = a + 1; b < f.arity() && x != NONE; b++) {
              if (x == values[f.variable(b)]) {
                return "factor "
                    + index
                    + " ("
                    + f.kind().keyword()
                    + "): "
                    + model.variableName(f.variable(a))
                    + " and "
                    + model.variableName(f.variable(b))
                    + " are both "
                    + x;
              }
            }
          }
          break;
        default:
          String why = FactorChecks.violation(model, f, values);
          if (why != null) {
            return "factor " + index + " (" + f.kind().keyword() + "): " + why;
          }
      }
    }
    return null;
  }

  /**
   * Whether the set values in {@code f}'s scope are pairwise different: one pass with a bitmask
   * when they fit in 64 values above the smallest, all pairs otherwise. (The exact driver checks
   * every answer with this, so it is on its hot path.)
   */
  private static boolean allDistinct(Factor f, int[] values) {
    int lo = Integer.MAX_VALUE;
    int hi = Integer.MIN_VALUE;
    for (int a = 0; a < f.arity(); a++) {
      int x = values[f.variable(a)];
      if (x != NONE) {
        lo = Math.min(lo, x);
        hi = Math.max(hi, x);
      }
    }
    if (lo == Integer.MAX_VALUE) {
      return true;
    }
    if ((long) hi - lo < 64) {
      long seen = 0;
      for (int a = 0; a < f.arity(); a++) {
        int x = values[f.variable(a)];
        if (x != NONE) {
          long bit = 1L << (x - lo);
          if ((seen & bit) != 0) {
            return false;
          }
          seen |= bit;
        }
      }
      return true;
    }
    for (int a = 0; a < f.arity(); a++) {
      int x = values[f.variable(a)];
      for (int b = a + 1; b < f.arity() && x != NONE; b++) {
        if (x == values[f.variable(b)]) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * How many factors a complete assignment breaks (0 for a solution).
   *
   * @param model the model
   * @param values one value per variable
   * @return the number of broken factors
   */
  public static int countViolations(Model model, int[] values) {
    int broken = 0;
    for (Factor f : model.factors()) {
      switch (f.kind()) {
        case NEQ:
        case ALLDIFF:
          boolean ok = true;
          for (int a = 0; a < f.arity() && ok; a++) {
            for (int b = a + 1; b < f.arity() && ok; b++) {
              ok = values[f.variable(a)] != values[f.variable(b)];
            }
          }
          broken += ok ? 0 : 1;
          break;
        default:
          broken += FactorChecks.violation(model, f, values) == null ? 0 : 1;
      }
    }
    return broken;
  }
}
