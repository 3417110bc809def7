package fgc.solver;

import java.util.Arrays;

/**
 * The per-factor and per-edge tables of a factor-node BP class, rebuilt when the class loads from
 * its factor families: the class holds a few numbers per family (its size is the model's text, not
 * its unrolled factors) and this makes the flat tables its kernels read.
 *
 * <p>{@code families} is, for each family in model order: its kind code ({@link FactorKernels}, 0
 * for all-different and neq), its arity, its data (the offset of its table in the weights for
 * {@code table} and {@code prior}, the shifted total for {@code sum}, else 0), its number of loop
 * dimensions {@code d}, then its {@code d} counts (outermost first), its first scope ({@code arity}
 * variables), and its steps, dimension by dimension, one per scope position, each {@link #zigzag
 * zigzag-coded} (a step may be negative, the tables hold non-negative ints). Member {@code (i0, i1,
 * ..)}'s scope is the first scope plus {@code i0 * steps[0] + i1 * steps[1] + ..}; members are
 * numbered with the last dimension fastest.
 *
 * <p>The tables: {@code factorStart[f] .. factorStart[f+1]-1} are factor {@code f}'s edges, one per
 * slot in scope order; {@code edgeVariable[e]} is edge {@code e}'s variable; {@code
 * variableEdges[variableStart[i] .. variableStart[i+1]-1]} are variable {@code i}'s edges in
 * ascending order; {@code kind[f]} is the factor's kind code and {@code info[infoStart[f] ..]} its
 * ints: for {@code table} and {@code prior} the weights' offset then, per slot, the variable's
 * lowest value less the class's and its domain size; for {@code sum} the shifted total.
 */
public final class FamilyTables {
  private final int[] factorStart;
  private final int[] edgeVariable;
  private final int[] variableStart;
  private final int[] variableEdges;
  private final int[] kind;
  private final int[] infoStart;
  private final int[] info;

  private FamilyTables(
      int[] factorStart,
      int[] edgeVariable,
      int[] variableStart,
      int[] variableEdges,
      int[] kind,
      int[] infoStart,
      int[] info) {
    this.factorStart = factorStart;
    this.edgeVariable = edgeVariable;
    this.variableStart = variableStart;
    this.variableEdges = variableEdges;
    this.kind = kind;
    this.infoStart = infoStart;
    this.info = info;
  }

  /**
   * A step as a non-negative int: {@code 2s} for {@code s >= 0}, {@code -2s - 1} below.
   *
   * @param step a step
   * @return its code
   */
  public static int zigzag(int step) {
    return (step << 1) ^ (step >> 31);
  }

  /**
   * The step of a {@link #zigzag} code.
   *
   * @param code a code
   * @return the step
   */
  public static int unzigzag(int code) {
    return (code >>> 1) ^ -(code & 1);
  }

  /**
   * Rebuilds the tables.
   *
   * @param families the families as the class holds them
   * @param variables the number of variables
   * @param width values per message
   * @param offsets each variable's lowest value less the class's, or null when every domain is the
   *     whole range
   * @param sizes each variable's domain size, or null likewise
   * @return the tables
   */
  public static FamilyTables of(
      int[] families, int variables, int width, int[] offsets, int[] sizes) {
    long factors = 0;
    long edges = 0;
    long infos = 0;
    for (int at = 0; at < families.length; ) {
      int k = families[at];
      int arity = families[at + 1];
      int dims = families[at + 3];
      long size = 1;
      for (int d = 0; d < dims; d++) {
        size *= families[at + 4 + d];
      }
      factors += size;
      edges += size * arity;
      infos += size * infoLength(k, arity);
      at += 4 + dims + arity + dims * arity;
    }
    int[] factorStart = new int[Math.toIntExact(factors + 1)];
    int[] edgeVariable = new int[Math.toIntExact(edges)];
    int[] kind = new int[(int) factors];
    int[] infoStart = new int[(int) factors + 1];
    int[] info = new int[Math.toIntExact(infos)];
    int f = 0;
    int e = 0;
    int n = 0;
    for (int at = 0; at < families.length; ) {
      int k = families[at];
      int arity = families[at + 1];
      int data = families[at + 2];
      int dims = families[at + 3];
      int countsAt = at + 4;
      int firstAt = countsAt + dims;
      int stepsAt = firstAt + arity;
      long size = 1;
      for (int d = 0; d < dims; d++) {
        size *= families[countsAt + d];
      }
      int members = (int) size;
      scopes(families, countsAt, dims, arity, edgeVariable, e);
      for (int m = 0; m < members; m++) {
        kind[f] = k;
        e += arity;
        factorStart[f + 1] = e;
        if (k == FactorKernels.TABLE || k == FactorKernels.PRIOR) {
          info[n++] = data;
          for (int s = e - arity; s < e; s++) {
            info[n++] = offsets == null ? 0 : offsets[edgeVariable[s]];
            info[n++] = sizes == null ? width : sizes[edgeVariable[s]];
          }
        } else if (k == FactorKernels.SUM) {
          info[n++] = data;
        }
        infoStart[f + 1] = n;
        f++;
      }
      at = stepsAt + dims * arity;
    }
    int[] variableStart = new int[variables + 1];
    for (int v : edgeVariable) {
      variableStart[v + 1]++;
    }
    for (int i = 0; i < variables; i++) {
      variableStart[i + 1] += variableStart[i];
    }
    int[] variableEdges = new int[edgeVariable.length];
    int[] fill = Arrays.copyOf(variableStart, variables);
    for (int x = 0; x < edgeVariable.length; x++) {
      variableEdges[fill[edgeVariable[x]]++] = x;
    }
    return new FamilyTables(
        factorStart, edgeVariable, variableStart, variableEdges, kind, infoStart, info);
  }

  /**
   * Writes the scopes of every member of one family into {@code out} from {@code outAt}, member
   * after member in loop order ({@code arity} variables each): the family's counts start at {@code
   * countsAt} in {@code families}, followed by its first scope and its {@link #zigzag}-coded steps.
   * The odometer every table built from families reads its members by.
   */
  static void scopes(int[] families, int countsAt, int dims, int arity, int[] out, int outAt) {
    for (int d = 0; d < dims; d++) {
      if (families[countsAt + d] == 0) {
        return;
      }
    }
    int firstAt = countsAt + dims;
    int stepsAt = firstAt + arity;
    int[] vars = Arrays.copyOfRange(families, firstAt, stepsAt);
    int[] steps = new int[dims * arity];
    for (int k = 0; k < steps.length; k++) {
      steps[k] = unzigzag(families[stepsAt + k]);
    }
    int[] index = new int[dims];
    int w = outAt;
    while (true) {
      System.arraycopy(vars, 0, out, w, arity);
      w += arity;
      int d = dims - 1;
      while (d >= 0 && index[d] + 1 == families[countsAt + d]) {
        // This loop index wraps: take its steps back off.
        for (int p = 0; p < arity; p++) {
          vars[p] -= index[d] * steps[d * arity + p];
        }
        index[d] = 0;
        d--;
      }
      if (d < 0) {
        return;
      }
      index[d]++;
      for (int p = 0; p < arity; p++) {
        vars[p] += steps[d * arity + p];
      }
    }
  }

  /** The info ints of a factor of kind code {@code kind} and {@code arity} slots. */
  private static int infoLength(int kind, int arity) {
    return kind == FactorKernels.TABLE || kind == FactorKernels.PRIOR
        ? 1 + 2 * arity
        : kind == FactorKernels.SUM ? 1 : 0;
  }

  /**
   * @return the first edge of each factor, and the edge count last
   */
  public int[] factorStarts() {
    return factorStart;
  }

  /**
   * @return each edge's variable
   */
  public int[] edgeVariables() {
    return edgeVariable;
  }

  /**
   * @return where each variable's edges start in {@link #variableEdges()}, and the edge count last
   */
  public int[] variableStarts() {
    return variableStart;
  }

  /**
   * @return the edges of each variable in turn
   */
  public int[] variableEdges() {
    return variableEdges;
  }

  /**
   * @return each factor's kind code
   */
  public int[] kinds() {
    return kind;
  }

  /**
   * @return where each factor's info starts, and the info's length last
   */
  public int[] infoStarts() {
    return infoStart;
  }

  /**
   * @return the info ints
   */
  public int[] info() {
    return info;
  }
}
