package fgc.plan;

import fgc.solver.PairFamilies;
import fgc.solver.PairwiseKernels;

/**
 * The message plan of pairwise belief propagation, as the model's factor families: per family its
 * potential ({@code neq}, {@code eq}, or a table or unary weights), its counts, first variables and
 * steps ({@link #families()}, in {@link PairFamilies}' form), and the distinct weight tables they
 * point into ({@link #weights()}). Its size is the model's families', not its unrolled factors': a
 * class holds these numbers, and {@link PairFamilies} rebuilds from them the tables of every
 * variable's neighbours, the directed edges that carry messages between them, and their {@link
 * PairPotentials}, when it loads.
 *
 * <p>Those tables are also here ({@link #tables()}, made on first use), for what looks at the edges
 * of a plan ({@code fgc show}, tests): edge slots grouped by source variable, the slots of variable
 * {@code i} from {@code offset[i]} to {@code offset[i+1]-1}, one per neighbour in ascending order,
 * and {@code reverse[e]} the slot of the same edge in the opposite direction. The tables handed out
 * are their own, not copies: callers read them and never write them.
 */
public final class PairwisePlan {
  /** The plan family ({@code Algorithm.planFamily()}) of every algorithm built on this plan. */
  public static final String FAMILY = "pairwise";

  private final String modelName;
  private final VariableLayout layout;
  private final int[] families;
  private final double[] weights;
  private final long pairOccurrences;
  private final boolean anyEdgeKernel;
  private final boolean anyUnary;
  private volatile PairFamilies tables;

  PairwisePlan(
      String modelName,
      VariableLayout layout,
      int[] families,
      double[] weights,
      long pairOccurrences) {
    this.modelName = modelName;
    this.layout = layout;
    this.families = families;
    this.weights = weights;
    this.pairOccurrences = pairOccurrences;
    boolean kernel = false;
    boolean unary = false;
    for (int at = 0; at < families.length; at = next(families, at)) {
      int potential = families[at];
      int arity = families[at + 1];
      // A pair with an eq or a table is an EQ or MATRIX edge; a family of no members makes none.
      boolean members = size(families, at) > 0;
      kernel |= members && arity >= 2 && potential != PairFamilies.NEQ;
      unary |=
          members && arity == 1 && potential != PairFamilies.NEQ && potential != PairFamilies.EQ;
    }
    this.anyEdgeKernel = kernel;
    this.anyUnary = unary;
  }

  /** Where the family after the one at {@code at} starts. */
  private static int next(int[] families, int at) {
    int arity = families[at + 1];
    int dims = families[at + 2];
    return at + 3 + dims + arity + dims * arity;
  }

  /** How many members the family at {@code at} has. */
  private static long size(int[] families, int at) {
    long size = 1;
    for (int d = 0; d < families[at + 2]; d++) {
      size *= families[at + 3 + d];
    }
    return size;
  }

  public String modelName() {
    return modelName;
  }

  public VariableLayout layout() {
    return layout;
  }

  public int variableCount() {
    return layout.variableCount();
  }

  /** The families, in {@link PairFamilies}' form (the plan's own table, to read only). */
  public int[] families() {
    return families;
  }

  /** The distinct weight tables the families point into (the plan's own table, to read only). */
  public double[] weights() {
    return weights;
  }

  /** How many families the model has. */
  public int familyCount() {
    int count = 0;
    for (int at = 0; at < families.length; at = next(families, at)) {
      count++;
    }
    return count;
  }

  /**
   * The pairs the factors join, each alldiff of k variables k(k-1)/2, a pair joined twice counted
   * twice.
   */
  public long pairOccurrences() {
    return pairOccurrences;
  }

  /**
   * A bound on any variable's number of neighbours, from the families alone: a member gives each of
   * its variables {@code arity - 1} neighbours, and a variable is in at most one member per scope
   * position when the family's steps at that position are a mixed radix (each larger than the span
   * of the smaller ones), else in at most all of them. At most {@code variables - 1}.
   */
  public long degreeBound() {
    long bound = 0;
    for (int at = 0; at < families.length; at = next(families, at)) {
      int arity = families[at + 1];
      if (arity < 2) {
        continue;
      }
      int dims = families[at + 2];
      long size = size(families, at);
      for (int p = 0; p < arity && bound < variableCount(); p++) {
        long[][] dim = new long[dims][];
        for (int d = 0; d < dims; d++) {
          int code = families[at + 3 + dims + arity + d * arity + p];
          long step =
              (code & 1) == 0
                  ? code >>> 1
                  : (code + 1L) >>> 1; // its size: the sign does not matter
          dim[d] = new long[] {step, families[at + 3 + d]};
        }
        java.util.Arrays.sort(dim, (a, b) -> Long.compare(a[0], b[0]));
        long span = 0;
        boolean injective = true;
        for (long[] d : dim) {
          if (d[1] > 1 && d[0] <= span) {
            injective = false;
          }
          span += d[0] * (d[1] - 1);
        }
        bound += (arity - 1L) * (injective ? Math.min(1, size) : size);
      }
    }
    return Math.min(bound, Math.max(0, variableCount() - 1L));
  }

  /** Whether some edge needs {@link PairwiseKernels} (an {@code EQ} or {@code MATRIX} edge). */
  public boolean anyEdgeKernel() {
    return anyEdgeKernel;
  }

  /** Whether some variable has unary weights. */
  public boolean anyUnary() {
    return anyUnary;
  }

  /**
   * Whether every edge is a plain {@code neq} and no variable has unary weights: the classic plan.
   */
  public boolean onlyNeq() {
    return !anyEdgeKernel && !anyUnary;
  }

  /** The edge tables a class rebuilds from the families, made here on first use. */
  public PairFamilies tables() {
    PairFamilies t = tables;
    if (t == null) {
      t =
          PairFamilies.of(
              layout.variableCount(),
              layout.width(),
              layout.uniformDomains() ? null : layout.variableOffsets(),
              layout.uniformDomains() ? null : layout.variableSizes(),
              families,
              weights);
      tables = t;
    }
    return t;
  }

  /** What each edge computes beyond {@code neq}, and the unary weights (from {@link #tables()}). */
  public PairPotentials potentials() {
    return new PairPotentials(tables(), anyEdgeKernel, anyUnary);
  }

  /** Directed edges (two per distinct pair). */
  public int edgeCount() {
    return tables().edgeCount();
  }

  /** Distinct pairs of variables joined by a factor, after expansion and merging. */
  public int factorCount() {
    return tables().edgeCount() / 2;
  }

  public int firstEdge(int variable) {
    return tables().offsets()[variable];
  }

  public int degree(int variable) {
    int[] offset = tables().offsets();
    return offset[variable + 1] - offset[variable];
  }

  public int neighbour(int edge) {
    return tables().neighbours()[edge];
  }

  public int reverse(int edge) {
    return tables().reverses()[edge];
  }

  public int maxDegree() {
    return tables().maxDegree();
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

  /** Per variable and one past the last: its first edge slot (to read only). */
  public int[] offsets() {
    return tables().offsets();
  }

  /** Per directed edge: the slot of the edge back (to read only). */
  public int[] reverses() {
    return tables().reverses();
  }
}
