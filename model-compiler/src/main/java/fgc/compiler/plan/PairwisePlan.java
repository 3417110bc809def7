package fgc.compiler.plan;

/**
 * The message plan of pairwise belief propagation: every variable's neighbours, the directed edges
 * that carry messages between them, and their {@link PairPotentials}, over a {@link VariableLayout}.
 *
 * <p>Edge slots are grouped by source variable: the slots of variable {@code i} run from
 * {@code offset[i]} to {@code offset[i+1]-1}, one per neighbour in ascending order, and
 * {@code reverse[e]} is the slot of the same edge in the opposite direction.
 *
 * <p>The tables it and its {@link PairPotentials} hand out are their own, not copies: a
 * million-variable model's plan is made on every load of its class (the plan check), and copies
 * of its tables doubled what that allocates. Callers read them and never write them.
 */
public final class PairwisePlan {
  /** The plan family ({@code Algorithm.planFamily()}) of every algorithm built on this plan. */
  public static final String FAMILY = "pairwise";

  private final String modelName;
  private final VariableLayout layout;
  private final int[] offset;
  private final int[] neighbour;
  private final int[] reverse;
  private final int factorCount;
  private final PairPotentials potentials;

  PairwisePlan(String modelName, VariableLayout layout, int[] offset, int[] neighbour, int[] reverse, int factorCount,
      PairPotentials potentials) {
    this.modelName = modelName;
    this.layout = layout;
    this.offset = offset;
    this.neighbour = neighbour;
    this.reverse = reverse;
    this.factorCount = factorCount;
    this.potentials = potentials;
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

  /** What each edge computes beyond {@code neq}, and the unary weights. */
  public PairPotentials potentials() {
    return potentials;
  }

  /** Directed edges (two per pairwise factor). */
  public int edgeCount() {
    return neighbour.length;
  }

  /** Distinct pairs of variables joined by a factor, after expansion and merging. */
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

  /** Per variable and one past the last: its first edge slot (the plan's own table, to read only). */
  public int[] offsets() {
    return offset;
  }

  /** Per directed edge: the slot of the edge back (the plan's own table, to read only). */
  public int[] reverses() {
    return reverse;
  }
}
