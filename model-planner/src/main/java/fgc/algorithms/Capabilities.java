package fgc.algorithms;

import fgc.model.Factor;
import fgc.model.Model;
import java.util.HashSet;
import java.util.Set;

/**
 * What an algorithm's answers are, for the code that reports, chooses or compares them: the CLI,
 * the bench and Spark ask an {@link Algorithm#capabilities()} instead of switching on its name, so
 * a new algorithm says these things once, in its descriptor.
 *
 * @param exact whether its marginals (and log Z, and a most probable assignment) are exact, so it
 *     can answer UAI tasks and serve as the others' reference
 * @param marginals what {@code marginal(i)} returns
 * @param exactOnTree the graph on which its message passing is exact once converged when that graph
 *     has no cycle, or null when no graph makes it exact
 */
public record Capabilities(boolean exact, Marginals marginals, TreeGraph exactOnTree) {
  /** Exact inference: exact marginals whatever the graph. */
  public static Capabilities exactInference() {
    return new Capabilities(true, Marginals.EXACT, null);
  }

  /**
   * Message passing whose beliefs are {@code marginals}, exact once converged where {@code
   * exactOnTree} has no cycle (or never: null).
   */
  public static Capabilities messagePassing(Marginals marginals, TreeGraph exactOnTree) {
    return new Capabilities(false, marginals, exactOnTree);
  }

  /**
   * Whether message passing is exact on {@code model} once converged: its graph is a tree (a
   * forest).
   */
  public boolean exactOnTreeOf(Model model) {
    return exactOnTree != null && exactOnTree.isTree(model);
  }

  /**
   * What an algorithm's marginals are.
   *
   * @param what the words {@code run --marginals} uses for them when they are not exact, e.g.
   *     "loopy BP", "max-marginals", "Dirichlet posterior means"
   * @param probabilities whether they are probabilities (max-marginals are not: each is the weight
   *     of the best assignment with that value, normalised)
   */
  public record Marginals(String what, boolean probabilities) {
    /** Exact posterior marginals. */
    public static final Marginals EXACT = new Marginals("exact marginals", true);

    /** Sum-product beliefs: approximate marginals on a graph with cycles. */
    public static final Marginals BP_BELIEFS = new Marginals("loopy BP", true);

    /** Max-product beliefs: max-marginals, not probabilities. */
    public static final Marginals MAX_MARGINALS = new Marginals("max-marginals", false);
  }

  /** The graph whose cycles make an algorithm's message passing approximate. */
  public enum TreeGraph {
    /**
     * A node per variable and per factor, an edge per factor slot: the graph of one-node-per-factor
     * BP.
     */
    FACTOR_GRAPH {
      @Override
      public boolean isTree(Model model) {
        return factorGraphIsForest(model);
      }
    },
    /**
     * A node per variable, an edge per pair of variables some factor joins: the graph of BP on
     * pairs.
     */
    PAIRWISE_GRAPH {
      @Override
      public boolean isTree(Model model) {
        return pairwiseGraphIsForest(model);
      }
    };

    /**
     * Whether this graph of {@code model} has no cycle.
     *
     * @param model the model
     * @return true for a forest
     */
    public abstract boolean isTree(Model model);
  }

  /** Whether the factor graph has no cycle. A factor over the same variable twice is a cycle. */
  private static boolean factorGraphIsForest(Model model) {
    int[] parent = roots(model);
    for (Factor f : model.factors()) {
      // The factor's slots join its variables: each slot after the first must reach a new
      // component.
      int root = find(parent, f.variable(0));
      for (int s = 1; s < f.arity(); s++) {
        int other = find(parent, f.variable(s));
        if (other == root) {
          return false;
        }
        parent[other] = root;
      }
    }
    return true;
  }

  /**
   * Whether the pairwise graph has no cycle: an all-different, eq or neq over k variables joins all
   * k(k-1)/2 of its pairs; factors on the same pair share its one edge.
   */
  private static boolean pairwiseGraphIsForest(Model model) {
    int[] parent = roots(model);
    Set<Long> edges = new HashSet<>();
    for (Factor f : model.factors()) {
      for (int a = 0; a < f.arity(); a++) {
        for (int b = a + 1; b < f.arity(); b++) {
          int x = Math.min(f.variable(a), f.variable(b));
          int y = Math.max(f.variable(a), f.variable(b));
          if (!edges.add(((long) x << 32) | y)) {
            continue;
          }
          int rx = find(parent, x);
          int ry = find(parent, y);
          if (rx == ry) {
            return false;
          }
          parent[ry] = rx;
        }
      }
    }
    return true;
  }

  private static int[] roots(Model model) {
    int[] parent = new int[model.variableCount()];
    for (int i = 0; i < parent.length; i++) {
      parent[i] = i;
    }
    return parent;
  }

  private static int find(int[] parent, int i) {
    while (parent[i] != i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  }
}
