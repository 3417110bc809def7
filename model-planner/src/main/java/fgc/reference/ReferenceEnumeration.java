package fgc.reference;

import fgc.model.Domain;
import fgc.model.Factor;
import fgc.model.Model;
import fgc.plan.EliminationPlanner;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The reference interpreter of exact inference: the definitions themselves, by enumerating every
 * assignment that agrees with the evidence. {@code Z} is the sum of the products of every factor, a
 * marginal is the share of {@code Z} of the assignments with each value, the most probable
 * assignment is the one with the largest product. The enumeration is depth first with each factor
 * multiplied in as soon as its scope is assigned, and a partial assignment of weight zero (or with
 * two equal values an all-different factor keeps apart) is not extended: its extensions all weigh
 * zero, so the sums are the same, in fewer steps.
 *
 * <p>Ties are broken as {@code elimination} breaks them: variables are assigned in the reverse of
 * the planner's elimination order, values lowest first, and the first assignment of largest product
 * found wins, i.e. the lexicographically smallest in that order. Exponential, for tests on small
 * models: a computation that visits more than {@link #MAX_NODES} partial assignments is refused.
 */
public final class ReferenceEnumeration extends ReferenceAlgorithm {
  /** Partial assignments one computation may visit. */
  public static final long MAX_NODES = 1L << 24;

  private final int[] sequence;

  /**
   * The factors whose scope is complete once {@code sequence[d]} is assigned, per depth {@code d}.
   */
  private final List<List<Factor>> completeAt = new ArrayList<>();

  /**
   * Per depth, the pairs of variables an alldiff or neq keeps apart whose later one is assigned
   * there: an equal pair rules the partial assignment out before the factor's scope is complete.
   */
  private final List<List<int[]>> apartAt = new ArrayList<>();

  private final Integer[] observed;
  private final int[] values;
  private final double[][] marginals;
  private int[] best;
  private double bestWeight;
  private double total;
  private long nodes;
  private boolean stale = true;
  private int sweeps;

  public ReferenceEnumeration(Model model) {
    super(model);
    int n = model.variableCount();
    int[] order = EliminationPlanner.order(model);
    sequence = new int[n];
    int[] depth = new int[n];
    for (int d = 0; d < n; d++) {
      sequence[d] = order[n - 1 - d];
      depth[sequence[d]] = d;
      completeAt.add(new ArrayList<>());
      apartAt.add(new ArrayList<>());
    }
    for (Factor f : model.factors()) {
      if (f.kind() == fgc.model.FactorKind.ALLDIFF || f.kind() == fgc.model.FactorKind.NEQ) {
        for (int a = 0; a < f.arity(); a++) {
          for (int b = a + 1; b < f.arity(); b++) {
            apartAt
                .get(Math.max(depth[f.variable(a)], depth[f.variable(b)]))
                .add(new int[] {f.variable(a), f.variable(b)});
          }
        }
      }
      int last = 0;
      for (int v : f.scope()) {
        last = Math.max(last, depth[v]);
      }
      completeAt.get(last).add(f);
    }
    observed = new Integer[n];
    values = new int[n];
    marginals = new double[n][];
    for (int i = 0; i < n; i++) {
      marginals[i] = new double[model.domainOf(i).size()];
    }
  }

  @Override
  public String algorithm() {
    return "elimination";
  }

  @Override
  public boolean exact() {
    return true;
  }

  @Override
  public void setObserved(int variable, int value) {
    checkInDomain(variable, value);
    observed[variable] = value;
    stale = true;
  }

  @Override
  public void clearObserved(int variable) {
    observed[variable] = null;
    stale = true;
  }

  @Override
  public void resetWithNoise(long seed, double scale) {
    sweeps = 0;
  }

  @Override
  public double update(int count) {
    if (count > 0) {
      fresh();
      sweeps += count;
    }
    return 0.0;
  }

  @Override
  public int sweepsDone() {
    return sweeps;
  }

  @Override
  public void marginal(int variable, double[] out) {
    fresh();
    for (int v = 0; v < marginals[variable].length; v++) {
      out[v] = total > 0.0 ? marginals[variable][v] / total : 0.0;
    }
  }

  @Override
  public boolean contradiction() {
    fresh();
    return !(total > 0.0);
  }

  @Override
  public double logPartition() {
    fresh();
    return Math.log(total);
  }

  @Override
  public boolean mostProbable(int[] out) {
    fresh();
    if (!(total > 0.0)) {
      return false;
    }
    System.arraycopy(best, 0, out, 0, best.length);
    return true;
  }

  private void fresh() {
    if (!stale) {
      return;
    }
    for (double[] m : marginals) {
      Arrays.fill(m, 0.0);
    }
    total = 0.0;
    bestWeight = 0.0;
    best = null;
    nodes = 0;
    extend(0, 1.0);
    stale = false;
  }

  private void extend(int d, double weight) {
    if (d == sequence.length) {
      total += weight;
      for (int i = 0; i < values.length; i++) {
        marginals[i][values[i] - model.domainOf(i).lo()] += weight;
      }
      if (weight > bestWeight) {
        bestWeight = weight;
        best = values.clone();
      }
      return;
    }
    int x = sequence[d];
    Domain domain = model.domainOf(x);
    int from = observed[x] == null ? domain.lo() : observed[x];
    int to = observed[x] == null ? domain.hi() : observed[x];
    for (int value = from; value <= to; value++) {
      if (++nodes > MAX_NODES) {
        throw new IllegalStateException(
            "enumerating model "
                + model.name()
                + " visits more than "
                + MAX_NODES
                + " partial assignments");
      }
      values[x] = value;
      if (!apart(d)) {
        continue;
      }
      double w = weight;
      for (Factor f : completeAt.get(d)) {
        w *= weight(f);
      }
      if (w != 0.0) {
        extend(d + 1, w);
      }
    }
  }

  private boolean apart(int d) {
    for (int[] pair : apartAt.get(d)) {
      if (values[pair[0]] == values[pair[1]]) {
        return false;
      }
    }
    return true;
  }

  /**
   * The factor's potential at the current values: the model's own definition ({@link
   * Factor#potential}).
   */
  private double weight(Factor f) {
    int[] at = new int[f.arity()];
    for (int s = 0; s < at.length; s++) {
      at[s] = values[f.variable(s)];
    }
    return f.potential(at);
  }
}
