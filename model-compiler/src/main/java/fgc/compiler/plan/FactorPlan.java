package fgc.compiler.plan;

/**
 * The message plan of factor-level belief propagation: one node per model factor, connected to its
 * variables by edges that each carry two messages (variable to factor, factor to variable).
 * The edges of factor {@code f} are {@code factorStart[f] .. factorStart[f+1]-1}, one per slot in
 * scope order; {@code variableEdges[variableStart[i] .. variableStart[i+1]-1]} are the edges of
 * variable {@code i}, in ascending edge order.
 *
 * <p>Its tables, and its {@link FactorData}'s, are handed out as they are, not copied (a
 * million-factor model's plan is made on every load of its class, for the plan check): callers
 * read them and never write them.
 */
public final class FactorPlan {
  private final String modelName;
  private final VariableLayout layout;
  private final int[] factorStart;
  private final int[] edgeVariable;
  private final int[] variableStart;
  private final int[] variableEdges;
  private final FactorData data;

  FactorPlan(String modelName, VariableLayout layout, int[] factorStart, int[] edgeVariable, int[] variableStart, int[] variableEdges,
      FactorData data) {
    this.data = data;
    this.modelName = modelName;
    this.layout = layout;
    this.factorStart = factorStart;
    this.edgeVariable = edgeVariable;
    this.variableStart = variableStart;
    this.variableEdges = variableEdges;
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
    return factorStart.length - 1;
  }

  public int edgeCount() {
    return edgeVariable.length;
  }

  public int arity(int factor) {
    return factorStart[factor + 1] - factorStart[factor];
  }

  /** The common arity when every factor has the same, else -1. */
  public int uniformArity() {
    for (int f = 1; f < factorCount(); f++) {
      if (arity(f) != arity(0)) {
        return -1;
      }
    }
    return factorCount() == 0 ? 0 : arity(0);
  }

  public int maxVariableDegree() {
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

  public int[] factorStarts() {
    return factorStart;
  }

  public int[] edgeVariables() {
    return edgeVariable;
  }

  public int[] variableStarts() {
    return variableStart;
  }

  public int[] variableEdges() {
    return variableEdges;
  }
}
