package fgc.plan;

import fgc.solver.FamilyTables;

/**
 * The message plan of factor-level belief propagation: one node per model factor, connected to its
 * variables by edges that each carry two messages (variable to factor, factor to variable). The
 * edges of factor {@code f} are {@code factorStart[f] .. factorStart[f+1]-1}, one per slot in scope
 * order; {@code variableEdges[variableStart[i] .. variableStart[i+1]-1]} are the edges of variable
 * {@code i}, in ascending edge order.
 *
 * <p>The plan holds the model's factor families ({@link #families()}, as {@link FamilyTables} reads
 * them) and one copy of each distinct table: its size, and the time to make it, are the model's
 * families, not its unrolled factors, so a cache hit's plan check on a million-variable grid costs
 * what a small grid's does. The flat tables ({@link #factorStarts()} ...) are rebuilt from the
 * families by the same {@link FamilyTables} the class runs at load, on first asking.
 *
 * <p>Its arrays are handed out as they are, not copied: callers read them and never write them.
 */
public final class FactorPlan {
  /**
   * Up to this many free values, max-product still takes the subset passes when the rows are sparse
   * (at most two non-zero entries per row on average): the passes then visit few subsets, fewer
   * than an assignment solve costs. The emitter writes those passes; the plan digest counts their
   * subsets.
   */
  public static final int MAX_PRODUCT_SPARSE_WIDTH = 10;

  private final String modelName;
  private final VariableLayout layout;
  private final int[] families;
  private final int factorCount;
  private final int edgeCount;
  private final int uniformArity;
  private final FactorData data;
  private FamilyTables tables;

  FactorPlan(
      String modelName,
      VariableLayout layout,
      int[] families,
      int factorCount,
      int edgeCount,
      int uniformArity,
      double[] weights,
      int maxArity,
      int sumScratch) {
    this.modelName = modelName;
    this.layout = layout;
    this.families = families;
    this.factorCount = factorCount;
    this.edgeCount = edgeCount;
    this.uniformArity = uniformArity;
    this.data = new FactorData(this, weights, maxArity, sumScratch);
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

  public int factorCount() {
    return factorCount;
  }

  public int edgeCount() {
    return edgeCount;
  }

  /**
   * The families as {@link FamilyTables#of} reads them: per family its kind code, arity, data, loop
   * dimensions, counts, first scope and zigzag-coded steps.
   */
  public int[] families() {
    return families;
  }

  public int arity(int factor) {
    return factorStarts()[factor + 1] - factorStarts()[factor];
  }

  /** The common arity when every factor has the same, else -1. */
  public int uniformArity() {
    return uniformArity;
  }

  public int maxVariableDegree() {
    int[] variableStart = variableStarts();
    int max = 0;
    for (int i = 0; i < variableCount(); i++) {
      max = Math.max(max, variableStart[i + 1] - variableStart[i]);
    }
    return max;
  }

  /** Kinds, weights and totals of the factors other than alldiff and neq. */
  public FactorData data() {
    return data;
  }

  /**
   * The flat tables, rebuilt from the families on first asking (as the class does when it loads).
   */
  synchronized FamilyTables tables() {
    if (tables == null) {
      tables =
          FamilyTables.of(
              families,
              layout.variableCount(),
              layout.width(),
              layout.uniformDomains() ? null : layout.variableOffsets(),
              layout.uniformDomains() ? null : layout.variableSizes());
    }
    return tables;
  }

  public int[] factorStarts() {
    return tables().factorStarts();
  }

  public int[] edgeVariables() {
    return tables().edgeVariables();
  }

  public int[] variableStarts() {
    return tables().variableStarts();
  }

  public int[] variableEdges() {
    return tables().variableEdges();
  }
}
