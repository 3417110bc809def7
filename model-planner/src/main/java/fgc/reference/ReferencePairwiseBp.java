package fgc.reference;

import fgc.model.Domain;
import fgc.model.Factor;
import fgc.model.FactorKind;
import fgc.model.Model;
import fgc.plan.Semiring;
import fgc.solver.Dirichlets;
import fgc.solver.Noise;
import fgc.solver.Numerics;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The reference interpreter of pairwise sum-product BP: written straight from the definitions,
 * generic over any model, and slow on purpose. It shares no plan or table with the compiler; it
 * reads the model itself. Each cavity is recomputed from scratch as (prior times the messages
 * before it) times (the messages after it), with the same rescaling and summation order as the
 * generated code; it normalises by dividing entry by entry where the generated code multiplies by
 * one reciprocal (and skips the second normalisation without damping), so the two agree to rounding
 * when both are right. Schedule: variables in order, each sending all its messages from the latest
 * ones it has received.
 *
 * <p>Two variables joined by any factors exchange one message, through the product of those
 * factors' potentials, evaluated value by value from the model: {@code neq}/{@code alldiff} 0 on
 * equal values, {@code eq} 0 on different ones, a table its weight (0 outside the domains). A pair
 * with only {@code neq} constraints sums the cavity as a left plus a right sum, any other pair as
 * {@code sum over u of psi(u, v) cavity(u)}. Unary factors ({@code prior}, one-variable {@code
 * table}) multiply their weights into the prior; under Dirichlet priors into the mean, which is
 * then normalised.
 *
 * <p>In the max-product semiring ({@code bp-pairwise-max}) every sum over the sender's values is
 * its largest term instead.
 *
 * <p>Tree-reweighted ({@code trw-pairwise}, edge appearance probability {@code rho}): every message
 * into a variable enters its products raised to {@code rho}; the cavity towards neighbour {@code j}
 * is that product times {@code j}'s own message raised to {@code rho - 1} (the belief divided by
 * it), zero where that message is zero (a division by zero taken as zero, as libDAI does); a pair's
 * potential enters raised to {@code 1 / rho}.
 */
public final class ReferencePairwiseBp extends ReferenceAlgorithm {
  private final double damping;
  private final int lo;
  private final int width;
  private final List<List<Integer>> neighbours = new ArrayList<>();

  /** The factors joining each pair of variables, in model order, keyed by {@link #pair}. */
  private final Map<Long, List<Factor>> pairFactors = new HashMap<>();

  /** The unary factors of each variable, in model order. */
  private final List<List<Factor>> unaryFactors = new ArrayList<>();

  /** Message from i to j, keyed by {@code (long) i * n + j}. */
  private final Map<Long, double[]> messages = new HashMap<>();

  private final double[][] prior;

  /**
   * Dirichlet pseudo-counts per variable (ep-dirichlet), or null for hard evidence (bp-pairwise).
   */
  private final double[][] alpha;

  private final double freeCount;
  private final double givenCount;

  /** Max-product: each message entry is the largest term rather than the sum. */
  private final boolean max;

  /** Tree-reweighted, with edge appearance probability {@link #rho}. */
  private final boolean reweighted;

  private final double rho;

  private int sweeps;

  /** {@code bp-pairwise}: hard evidence. */
  public ReferencePairwiseBp(Model model, double damping) {
    this(model, damping, 0.0, 0.0, false);
  }

  /** {@code bp-pairwise-max} in the max semiring: hard evidence, max-product messages. */
  public ReferencePairwiseBp(Model model, double damping, Semiring semiring) {
    this(model, damping, 0.0, 0.0, semiring == Semiring.MAX);
  }

  /**
   * {@code ep-dirichlet} when {@code freeCount > 0}: each variable's prior is the mean of a
   * Dirichlet with {@code freeCount} per value ({@code givenCount} on an observed value), and a
   * marginal is the mean of the posterior Dirichlet projected from the belief.
   */
  public ReferencePairwiseBp(Model model, double damping, double freeCount, double givenCount) {
    this(model, damping, freeCount, givenCount, false);
  }

  /**
   * {@code trw-pairwise}: hard evidence, messages tree-reweighted with edge appearance probability
   * {@code rho}.
   *
   * @param model the model
   * @param damping the damping
   * @param rho the edge appearance probability, in (0, 1]
   * @return the interpreter
   */
  public static ReferencePairwiseBp reweighted(Model model, double damping, double rho) {
    return new ReferencePairwiseBp(model, damping, 0.0, 0.0, false, rho);
  }

  private ReferencePairwiseBp(
      Model model, double damping, double freeCount, double givenCount, boolean maxProduct) {
    this(model, damping, freeCount, givenCount, maxProduct, Double.NaN);
  }

  private ReferencePairwiseBp(
      Model model,
      double damping,
      double freeCount,
      double givenCount,
      boolean maxProduct,
      double rho) {
    super(model);
    this.max = maxProduct;
    this.reweighted = !Double.isNaN(rho);
    this.rho = rho;
    this.damping = damping;
    this.freeCount = freeCount;
    this.givenCount = givenCount;
    int n = model.variableCount();
    int min = Integer.MAX_VALUE;
    int max = Integer.MIN_VALUE;
    List<TreeSet<Integer>> sets = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Domain d = model.domainOf(i);
      min = Math.min(min, d.lo());
      max = Math.max(max, d.hi());
      sets.add(new TreeSet<>());
    }
    this.lo = min;
    this.width = max - min + 1;
    for (int i = 0; i < n; i++) {
      unaryFactors.add(new ArrayList<>());
    }
    for (Factor f : model.factors()) {
      if (f.kind() == FactorKind.PRIOR || f.kind() == FactorKind.TABLE && f.arity() == 1) {
        unaryFactors.get(f.variable(0)).add(f);
        continue;
      }
      if (f.kind() == FactorKind.SUM || f.kind() == FactorKind.TABLE && f.arity() > 2) {
        throw new IllegalArgumentException(
            "bp-pairwise has no messages for "
                + f.kind().keyword()
                + " factors over "
                + f.arity()
                + " variables");
      }
      // alldiff is the product of neq over every pair of its scope; neq, eq and a table are one
      // pair.
      for (int a = 0; a < f.arity(); a++) {
        for (int b = 0; b < f.arity(); b++) {
          if (a != b) {
            sets.get(f.variable(a)).add(f.variable(b));
          }
          if (a < b) {
            pairFactors
                .computeIfAbsent(pair(f.variable(a), f.variable(b)), k -> new ArrayList<>())
                .add(f);
          }
        }
      }
    }
    for (TreeSet<Integer> s : sets) {
      neighbours.add(new ArrayList<>(s));
    }
    this.prior = new double[n][width];
    this.alpha = freeCount > 0 ? new double[n][width] : null;
    clearAllObserved();
    reset();
  }

  @Override
  public String algorithm() {
    return alpha != null
        ? "ep-dirichlet"
        : max ? "bp-pairwise-max" : reweighted ? "trw-pairwise" : "bp-pairwise";
  }

  @Override
  public void setObserved(int variable, int value) {
    checkInDomain(variable, value);
    if (alpha == null) {
      java.util.Arrays.fill(prior[variable], 0.0);
      prior[variable][value - lo] = 1.0;
    } else {
      clearObserved(variable);
      alpha[variable][value - lo] = givenCount;
      Dirichlets.mean(alpha[variable], 0, width, prior[variable], 0);
    }
    weigh(variable);
  }

  @Override
  public void clearObserved(int variable) {
    Domain d = model.domainOf(variable);
    for (int v = 0; v < width; v++) {
      prior[variable][v] = d.contains((long) v + lo) ? 1.0 : 0.0;
      if (alpha != null) {
        alpha[variable][v] = d.contains((long) v + lo) ? freeCount : 0.0;
      }
    }
    if (alpha != null) {
      Dirichlets.mean(alpha[variable], 0, width, prior[variable], 0);
    }
    weigh(variable);
  }

  /**
   * Multiplies the variable's unary weights into its prior (normalised again under Dirichlet
   * priors).
   */
  private void weigh(int variable) {
    if (unaryFactors.get(variable).isEmpty()) {
      return;
    }
    Domain d = model.domainOf(variable);
    double[] x = prior[variable];
    for (int v = 0; v < width; v++) {
      if (d.contains((long) v + lo)) {
        double w = 1.0;
        for (Factor f : unaryFactors.get(variable)) {
          w = Numerics.times(w, f.weight(v + lo - d.lo()));
        }
        x[v] = Numerics.times(x[v], w);
      }
    }
    if (alpha != null) {
      double sum = 0.0;
      for (int v = 0; v < width; v++) {
        sum = sum + x[v];
      }
      for (int v = 0; sum > 0.0 && v < width; v++) {
        x[v] = x[v] / sum;
      }
    }
  }

  @Override
  public void resetWithNoise(long seed, double scale) {
    int edges = 0;
    for (List<Integer> nb : neighbours) {
      edges += nb.size();
    }
    double[] all = new double[edges * width];
    Noise.fill(all, width, seed, scale);
    int e = 0;
    for (int i = 0; i < neighbours.size(); i++) {
      for (int j : neighbours.get(i)) {
        double[] m = new double[width];
        System.arraycopy(all, e * width, m, 0, width);
        messages.put(key(i, j), m);
        e++;
      }
    }
    sweeps = 0;
  }

  @Override
  public double update(int count) {
    double change = 0;
    for (int t = 0; t < count; t++) {
      change = 0;
      for (int i = 0; i < neighbours.size(); i++) {
        List<Integer> nb = neighbours.get(i);
        for (int k = 0; k < nb.size(); k++) {
          double[] old = messages.get(key(i, nb.get(k)));
          double[] fresh = send(i, k, old);
          for (int v = 0; v < width; v++) {
            change = Math.max(change, Math.abs(fresh[v] - old[v]));
          }
          messages.put(key(i, nb.get(k)), fresh);
        }
      }
      sweeps++;
    }
    return change;
  }

  /**
   * The message from {@code i} to its {@code k}-th neighbour: the pair's potential summed over the
   * cavity.
   */
  private double[] send(int i, int k, double[] old) {
    List<Integer> nb = neighbours.get(i);
    double[] left = product(i, 0, k);
    double[] right = suffix(i, k + 1, nb.size());
    double[] cavity = new double[width];
    double[] own = messages.get(key(nb.get(k), i));
    for (int u = 0; u < width; u++) {
      // The belief over the receiver's own message: zero where that message is zero.
      double l =
          !reweighted
              ? left[u]
              : own[u] == 0.0 ? 0.0 : Numerics.times(left[u], Math.pow(own[u], rho - 1.0));
      cavity[u] = Numerics.times(l, right[u]);
    }
    double[] out =
        onlyNeq(i, nb.get(k))
            ? (max ? neqMaxima(cavity) : neqSums(cavity))
            : potentialSums(i, nb.get(k), cavity);
    double sum = 0.0;
    for (double x : out) {
      sum = sum + x;
    }
    if (sum > 0.0) {
      double keep = 1.0 - damping;
      double damped = 0.0;
      for (int v = 0; v < width; v++) {
        double x = out[v] / sum;
        // An exact zero is a value ruled out: damping it would let it back in.
        x = x == 0.0 ? 0.0 : keep * x + damping * old[v];
        out[v] = x;
        damped = damped + x;
      }
      for (int v = 0; v < width; v++) {
        out[v] = out[v] / damped;
      }
    }
    return out;
  }

  private boolean onlyNeq(int i, int j) {
    for (Factor f : pairFactors.get(pair(i, j))) {
      if (f.kind() != FactorKind.NEQ && f.kind() != FactorKind.ALLDIFF) {
        return false;
      }
    }
    return true;
  }

  /**
   * The neq message: for each value, the cavity summed over every other value, below plus above.
   */
  private double[] neqSums(double[] cavity) {
    double[] out = new double[width];
    for (int v = 0; v < width; v++) {
      double below = 0.0;
      for (int u = 0; u < v; u++) {
        below = below + cavity[u];
      }
      double above = 0.0;
      for (int u = width - 1; u > v; u--) {
        above = above + cavity[u];
      }
      out[v] = below + above;
    }
    return out;
  }

  /** The max-product neq message: for each value, the largest cavity entry at any other value. */
  private double[] neqMaxima(double[] cavity) {
    double[] out = new double[width];
    for (int v = 0; v < width; v++) {
      for (int u = 0; u < width; u++) {
        if (u != v) {
          out[v] = Math.max(out[v], cavity[u]);
        }
      }
    }
    return out;
  }

  /**
   * The message from {@code i} to {@code j}: {@code out(v) = sum over u of psi(u, v) cavity(u)}
   * (max-product: the largest term).
   */
  private double[] potentialSums(int i, int j, double[] cavity) {
    double[] out = new double[width];
    for (int v = 0; v < width; v++) {
      double s = 0.0;
      for (int u = 0; u < width; u++) {
        double psi = potential(i, j, u + lo, v + lo);
        double term = Numerics.times(reweighted ? Math.pow(psi, 1.0 / rho) : psi, cavity[u]);
        s = max ? Math.max(s, term) : s + term;
      }
      out[v] = s;
    }
    return out;
  }

  /**
   * The product of every factor between {@code i} and {@code j} at {@code i = a}, {@code j = b}, in
   * model order.
   */
  private double potential(int i, int j, int a, int b) {
    double p = 1.0;
    for (Factor f : pairFactors.get(pair(i, j))) {
      switch (f.kind()) {
        case NEQ:
        case ALLDIFF:
          p = a == b ? 0.0 : p;
          break;
        case EQ:
          p = a != b ? 0.0 : p;
          break;
        default:
          p = Numerics.times(p, tableWeight(f, i, a, j, b));
          break;
      }
    }
    return p;
  }

  /**
   * A two-variable table's weight with {@code i = a} and {@code j = b}; 0 outside either domain.
   */
  private double tableWeight(Factor f, int i, int a, int j, int b) {
    Domain di = model.domainOf(i);
    Domain dj = model.domainOf(j);
    if (!di.contains(a) || !dj.contains(b)) {
      return 0.0;
    }
    return f.variable(0) == i
        ? f.weight((a - di.lo()) * dj.size() + (b - dj.lo()))
        : f.weight((b - dj.lo()) * di.size() + (a - di.lo()));
  }

  /**
   * The prior times the messages from neighbours {@code 0 .. to-1} into {@code i}, rescaled after
   * each.
   */
  private double[] product(int i, int from, int to) {
    double[] x = prior[i].clone();
    List<Integer> nb = neighbours.get(i);
    for (int k = from; k < to; k++) {
      double[] m = messages.get(key(nb.get(k), i));
      for (int v = 0; v < width; v++) {
        x[v] = Numerics.times(x[v], weighted(m[v]));
      }
      rescale(x);
    }
    return x;
  }

  /** The messages from neighbours {@code from .. to-1} into {@code i}, multiplied from the last. */
  private double[] suffix(int i, int from, int to) {
    double[] x = new double[width];
    java.util.Arrays.fill(x, 1.0);
    List<Integer> nb = neighbours.get(i);
    for (int k = to - 1; k >= from; k--) {
      double[] m = messages.get(key(nb.get(k), i));
      for (int v = 0; v < width; v++) {
        x[v] = Numerics.times(weighted(m[v]), x[v]);
      }
      rescale(x);
    }
    return x;
  }

  /** A message entry as a product takes it: raised to {@code rho} when tree-reweighted. */
  private double weighted(double m) {
    return reweighted ? Math.pow(m, rho) : m;
  }

  private static void rescale(double[] x) {
    Numerics.rescale(x, 0, x.length);
  }

  @Override
  public int sweepsDone() {
    return sweeps;
  }

  @Override
  public void marginal(int variable, double[] out) {
    double[] b = belief(variable);
    if (alpha != null) {
      double[] posterior = new double[width];
      Dirichlets.project(alpha[variable], 0, b, 0, width, posterior, 0);
      Dirichlets.mean(posterior, 0, width, b, 0);
    }
    Domain d = model.domainOf(variable);
    System.arraycopy(b, d.lo() - lo, out, 0, d.size());
  }

  private double[] belief(int i) {
    double[] x = product(i, 0, neighbours.get(i).size());
    double sum = 0.0;
    for (double v : x) {
      sum = sum + v;
    }
    for (int v = 0; v < width; v++) {
      x[v] = sum > 0.0 ? x[v] / sum : 0.0;
    }
    return x;
  }

  @Override
  public boolean contradiction() {
    for (int i = 0; i < model.variableCount(); i++) {
      double sum = 0;
      for (double v : belief(i)) {
        sum += v;
      }
      if (!(sum > 0.0)) {
        return true;
      }
    }
    return false;
  }

  private static long pair(int a, int b) {
    return ((long) Math.min(a, b) << 32) | Math.max(a, b);
  }

  private long key(int from, int to) {
    return (long) from * model.variableCount() + to;
  }
}
