package fgc.compiler.plan;

/**
 * The message plan of pairwise belief propagation: every variable's neighbours and the directed
 * edges that carry messages between them. Values of all variables are aligned on one global range
 * {@code lo .. lo+width-1}, so a message is {@code width} doubles and {@code neq} compares values,
 * not positions; a variable with a narrower domain has prior zero outside it.
 *
 * <p>Edge slots are grouped by source variable: the slots of variable {@code i} run from
 * {@code offset[i]} to {@code offset[i+1]-1}, one per neighbour in ascending order, and
 * {@code reverse[e]} is the slot of the same edge in the opposite direction.
 */
public final class PairwisePlan {
  private final String modelName;
  private final int lo;
  private final int width;
  private final int[] variableLo;
  private final int[] variableSize;
  private final int[] offset;
  private final int[] neighbour;
  private final int[] reverse;
  private final int factorCount;

  PairwisePlan(String modelName, int lo, int width, int[] variableLo, int[] variableSize,
      int[] offset, int[] neighbour, int[] reverse, int factorCount) {
    this.modelName = modelName;
    this.lo = lo;
    this.width = width;
    this.variableLo = variableLo;
    this.variableSize = variableSize;
    this.offset = offset;
    this.neighbour = neighbour;
    this.reverse = reverse;
    this.factorCount = factorCount;
  }

  public String modelName() {
    return modelName;
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

  /** Directed edges (two per pairwise factor). */
  public int edgeCount() {
    return neighbour.length;
  }

  /** Distinct pairwise {@code neq} factors after expansion and de-duplication. */
  public int factorCount() {
    return factorCount;
  }

  public int firstEdge(int variable) {
    return offset[variable];
  }

  public int degree(int variable) {
    return offset[variable + 1] - offset[variable];
  }

  public int neighbour(int edge) {
    return neighbour[edge];
  }

  public int reverse(int edge) {
    return reverse[edge];
  }

  public int maxDegree() {
    int max = 0;
    for (int i = 0; i < variableCount(); i++) {
      max = Math.max(max, degree(i));
    }
    return max;
  }

  /** The common degree when every variable has the same number of neighbours, else -1. */
  public int regularDegree() {
    for (int i = 1; i < variableCount(); i++) {
      if (degree(i) != degree(0)) {
        return -1;
      }
    }
    return degree(0);
  }

  /** Whether every variable has the same domain, so no per-variable range tables are needed. */
  public boolean uniformDomains() {
    for (int i = 0; i < variableCount(); i++) {
      if (variableLo[i] != lo || variableSize[i] != width) {
        return false;
      }
    }
    return true;
  }

  public int[] offsets() {
    return offset.clone();
  }

  public int[] reverses() {
    return reverse.clone();
  }

  public int[] variableLos() {
    return variableLo.clone();
  }

  public int[] variableSizes() {
    return variableSize.clone();
  }
}
