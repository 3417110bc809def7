package fgc.plan;

import fgc.model.Domain;
import fgc.model.Limits;
import fgc.model.Model;
import fgc.model.VariableArray;
import java.util.Arrays;
import java.util.List;

/**
 * How variables' values sit in message vectors: every domain is aligned on one global range {@code
 * lo .. lo+width-1}, so a message is {@code width} doubles and factors compare values, not
 * positions. A variable with a narrower domain has prior zero outside it. Held per variable array,
 * as the model declares them: a plan check of a million-variable grid reads one array, not a
 * million variables.
 */
public final class VariableLayout {
  private final int lo;
  private final int width;
  private final int variables;

  /** Per array: its first variable (ascending), its domain's lowest value and size. */
  private final int[] arrayStart;

  private final int[] arrayLo;
  private final int[] arraySize;

  private VariableLayout(
      int lo, int width, int variables, int[] arrayStart, int[] arrayLo, int[] arraySize) {
    this.lo = lo;
    this.width = width;
    this.variables = variables;
    this.arrayStart = arrayStart;
    this.arrayLo = arrayLo;
    this.arraySize = arraySize;
  }

  public static VariableLayout of(Model model) {
    List<VariableArray> arrays = model.arrays();
    int[] start = new int[arrays.size()];
    int[] arrayLo = new int[arrays.size()];
    int[] arraySize = new int[arrays.size()];
    int lo = Integer.MAX_VALUE;
    int hi = Integer.MIN_VALUE;
    int at = 0;
    for (int k = 0; k < arrays.size(); k++) {
      VariableArray a = arrays.get(k);
      Domain d = a.domain();
      start[k] = at;
      arrayLo[k] = d.lo();
      arraySize[k] = d.size();
      at += a.size();
      lo = Math.min(lo, d.lo());
      hi = Math.max(hi, d.hi());
    }
    long width = (long) hi - lo + 1;
    if (width > Limits.MAX_DOMAIN) {
      throw new PlanException(
          "the domains of model "
              + model.name()
              + " span "
              + lo
              + ".."
              + hi
              + " ("
              + width
              + " values); messages align all values on one range of at most "
              + Limits.MAX_DOMAIN);
    }
    return new VariableLayout(lo, (int) width, at, start, arrayLo, arraySize);
  }

  public int variableCount() {
    return variables;
  }

  /** The lowest value of any variable: value {@code lo} is message entry 0. */
  public int lo() {
    return lo;
  }

  /** Entries per message: the size of the union of all domains' ranges. */
  public int width() {
    return width;
  }

  /** The array that holds {@code variable}: the last whose first variable is at most it. */
  private int arrayOf(int variable) {
    if (variable < 0 || variable >= variables) {
      throw new IndexOutOfBoundsException("variable " + variable + " of " + variables);
    }
    int k = Arrays.binarySearch(arrayStart, variable);
    if (k < 0) {
      return -k - 2;
    }
    while (k + 1 < arrayStart.length && arrayStart[k + 1] == variable) {
      k++; // arrays of no variables share their first index with the next
    }
    return k;
  }

  public int variableLo(int variable) {
    return arrayLo[arrayOf(variable)];
  }

  public int variableSize(int variable) {
    return arraySize[arrayOf(variable)];
  }

  /** Whether every variable has the whole range, so no per-variable range tables are needed. */
  public boolean uniformDomains() {
    for (int k = 0; k < arrayStart.length; k++) {
      if (arrayLo[k] != lo || arraySize[k] != width) {
        return false;
      }
    }
    return true;
  }

  /** Each variable's lowest value as an offset from {@link #lo()}. */
  public int[] variableOffsets() {
    int[] out = new int[variables];
    for (int k = 0; k < arrayStart.length; k++) {
      int end = k + 1 < arrayStart.length ? arrayStart[k + 1] : variables;
      Arrays.fill(out, arrayStart[k], end, arrayLo[k] - lo);
    }
    return out;
  }

  /** Each variable's number of values. */
  public int[] variableSizes() {
    int[] out = new int[variables];
    for (int k = 0; k < arrayStart.length; k++) {
      int end = k + 1 < arrayStart.length ? arrayStart[k + 1] : variables;
      Arrays.fill(out, arrayStart[k], end, arraySize[k]);
    }
    return out;
  }
}
