package fgc.plan;

import fgc.model.Domain;
import fgc.model.Limits;
import fgc.model.Model;

/**
 * How variables' values sit in message vectors: every domain is aligned on one global range {@code
 * lo .. lo+width-1}, so a message is {@code width} doubles and factors compare values, not
 * positions. A variable with a narrower domain has prior zero outside it.
 */
public final class VariableLayout {
  private final int lo;
  private final int width;
  private final int[] variableLo;
  private final int[] variableSize;

  private VariableLayout(int lo, int width, int[] variableLo, int[] variableSize) {
    this.lo = lo;
    this.width = width;
    this.variableLo = variableLo;
    this.variableSize = variableSize;
  }

  public static VariableLayout of(Model model) {
    int n = model.variableCount();
    int[] varLo = new int[n];
    int[] varSize = new int[n];
    int lo = Integer.MAX_VALUE;
    int hi = Integer.MIN_VALUE;
    int at = 0;
    for (fgc.model.VariableArray a : model.arrays()) {
      Domain d = a.domain();
      for (int k = 0; k < a.size(); k++, at++) {
        varLo[at] = d.lo();
        varSize[at] = d.size();
      }
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
    return new VariableLayout(lo, (int) width, varLo, varSize);
  }

  public int variableCount() {
    return variableLo.length;
  }

  /** The lowest value of any variable: value {@code lo} is message entry 0. */
  public int lo() {
    return lo;
  }

  /** Entries per message: the size of the union of all domains' ranges. */
  public int width() {
    return width;
  }

  public int variableLo(int variable) {
    return variableLo[variable];
  }

  public int variableSize(int variable) {
    return variableSize[variable];
  }

  /** Whether every variable has the whole range, so no per-variable range tables are needed. */
  public boolean uniformDomains() {
    for (int i = 0; i < variableLo.length; i++) {
      if (variableLo[i] != lo || variableSize[i] != width) {
        return false;
      }
    }
    return true;
  }

  /** Each variable's lowest value as an offset from {@link #lo()}. */
  public int[] variableOffsets() {
    int[] out = new int[variableLo.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = variableLo[i] - lo;
    }
    return out;
  }

  public int[] variableSizes() {
    return variableSize.clone();
  }
}
