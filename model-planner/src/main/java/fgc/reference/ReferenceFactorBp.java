package fgc.reference;

import fgc.model.Domain;
import fgc.model.Factor;
import fgc.model.Model;
import fgc.plan.Semiring;
import fgc.solver.Noise;
import fgc.solver.Numerics;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The reference interpreter of factor-level BP with exact all-different messages, sum-product or
 * max-product. Each factor message is computed by enumerating every injective assignment of the
 * factor's other variables (skipping zero entries) and summing, or taking the best of, their
 * products: the definition itself, exponential, and so only for tests on small or mostly observed
 * models. The schedule matches the generated code: factors in order, each reading its variables'
 * latest messages. An observed variable can only take its value, so the enumeration fixes it there;
 * messages into observed variables are left as they are (with a point-mass prior, none of their
 * entries can change a belief).
 */
public final class ReferenceFactorBp extends ReferenceAlgorithm {
  private final double damping;
  private final boolean maxProduct;
  private final int lo;
  private final int width;

  /** Edge ids of each variable, ascending; edges are numbered factor by factor, slot by slot. */
  private final List<List<Integer>> variableEdges = new ArrayList<>();

  private final int[] edgeVariable;
  private final int[] factorStart;
  private final double[][] toVariable;
  private final double[][] prior;

  /** Observed value of each variable, or null when free. */
  private final Integer[] observed;

  private int sweeps;
  private final BruteForceMessages bruteForce;

  public ReferenceFactorBp(Model model, double damping, Semiring semiring) {
    super(model);
    this.damping = damping;
    this.maxProduct = semiring == Semiring.MAX;
    int n = model.variableCount();
    int min = Integer.MAX_VALUE;
    int max = Integer.MIN_VALUE;
    for (int i = 0; i < n; i++) {
      min = Math.min(min, model.domainOf(i).lo());
      max = Math.max(max, model.domainOf(i).hi());
      variableEdges.add(new ArrayList<>());
    }
    this.lo = min;
    this.width = max - min + 1;
    this.bruteForce = new BruteForceMessages(lo, width);
    factorStart = new int[model.factors().size() + 1];
    List<Integer> edges = new ArrayList<>();
    for (int f = 0; f < model.factors().size(); f++) {
      Factor factor = model.factors().get(f);
      for (int s = 0; s < factor.arity(); s++) {
        variableEdges.get(factor.variable(s)).add(edges.size());
        edges.add(factor.variable(s));
      }
      factorStart[f + 1] = edges.size();
    }
    edgeVariable = edges.stream().mapToInt(Integer::intValue).toArray();
    toVariable = new double[edgeVariable.length][width];
    prior = new double[n][width];
    observed = new Integer[n];
    clearAllObserved();
    reset();
  }

  @Override
  public String algorithm() {
    return maxProduct ? "maxproduct" : "sumproduct";
  }

  @Override
  public void setObserved(int variable, int value) {
    checkInDomain(variable, value);
    Arrays.fill(prior[variable], 0.0);
    prior[variable][value - lo] = 1.0;
    observed[variable] = value;
  }

  @Override
  public void clearObserved(int variable) {
    Domain d = model.domainOf(variable);
    for (int v = 0; v < width; v++) {
      prior[variable][v] = d.contains((long) v + lo) ? 1.0 : 0.0;
    }
    observed[variable] = null;
  }

  @Override
  public void resetWithNoise(long seed, double scale) {
    double[] all = new double[edgeVariable.length * width];
    Noise.fill(all, width, seed, scale);
    for (int e = 0; e < edgeVariable.length; e++) {
      System.arraycopy(all, e * width, toVariable[e], 0, width);
    }
    sweeps = 0;
  }

  @Override
  public double update(int count) {
    double change = 0;
    for (int t = 0; t < count; t++) {
      change = 0;
      for (int f = 0; f < model.factors().size(); f++) {
        int arity = factorStart[f + 1] - factorStart[f];
        double[][] rows = new double[arity][];
        boolean[] used = new boolean[width];
        for (int s = 0; s < arity; s++) {
          int e = factorStart[f] + s;
          Integer value = observed[edgeVariable[e]];
          if (value == null) {
            rows[s] = cavity(edgeVariable[e], e);
          } else {
            // The slot can only take its observed value: a point-mass row.
            rows[s] = new double[width];
            rows[s][value - lo] = 1.0;
          }
        }
        for (int s = 0; s < arity; s++) {
          int e = factorStart[f] + s;
          if (observed[edgeVariable[e]] != null) {
            continue;
          }
          double[] raw =
              isAlldiff(model.factors().get(f))
                  ? exactMessage(rows, s, used)
                  : bruteForce.message(model.factors().get(f), rows, s, maxProduct);
          double[] fresh = normaliseAndDamp(raw, toVariable[e]);
          for (int v = 0; v < width; v++) {
            change = Math.max(change, Math.abs(fresh[v] - toVariable[e][v]));
          }
          toVariable[e] = fresh;
        }
      }
      sweeps++;
    }
    return change;
  }

  private static boolean isAlldiff(Factor factor) {
    return factor.kind() == fgc.model.FactorKind.ALLDIFF
        || factor.kind() == fgc.model.FactorKind.NEQ;
  }

  /**
   * The all-different message to slot {@code s}: per value, the sum (or best) over injective
   * assignments of the other slots, nested in the order {@link #otherSlots} gives.
   */
  private double[] exactMessage(double[][] rows, int s, boolean[] used) {
    int[] order = otherSlots(rows.length, s);
    double[] out = new double[width];
    for (int v = 0; v < width; v++) {
      used[v] = true;
      out[v] = enumerate(rows, order, 0, used);
      used[v] = false;
    }
    return out;
  }

  /**
   * The slots other than {@code s}: its partner {@code s ^ 1} first, then the rest in order. Where
   * products fall to {@code TINY}, a sum of them counts how many did, so the grouping of the
   * products decides the message; this is the grouping of the kernels' four-slot closed form (slot
   * 2's message is slot 3's row against the pairs of slots 0 and 1), and elsewhere it is the plain
   * order.
   */
  private static int[] otherSlots(int arity, int s) {
    int[] order = new int[arity - 1];
    int next = 0;
    int partner = s ^ 1;
    if (partner < arity) {
      order[next++] = partner;
    }
    for (int t = 0; t < arity; t++) {
      if (t != s && t != partner) {
        order[next++] = t;
      }
    }
    return order;
  }

  private double enumerate(double[][] rows, int[] order, int depth, boolean[] used) {
    if (depth == order.length) {
      return 1.0;
    }
    int slot = order[depth];
    double total = 0.0;
    for (int u = 0; u < width; u++) {
      if (!used[u] && rows[slot][u] != 0.0) {
        used[u] = true;
        double product = Numerics.times(rows[slot][u], enumerate(rows, order, depth + 1, used));
        total = maxProduct ? Math.max(total, product) : total + product;
        used[u] = false;
      }
    }
    return total;
  }

  private double[] normaliseAndDamp(double[] raw, double[] old) {
    double sum = 0.0;
    for (double x : raw) {
      sum += x;
    }
    double[] out = new double[width];
    double damped = 0.0;
    for (int v = 0; v < width; v++) {
      double x = sum > 0.0 ? raw[v] / sum : 0.0;
      // An exact zero is a value ruled out: damping it would let it back in.
      out[v] = x == 0.0 ? 0.0 : (1.0 - damping) * x + damping * old[v];
      damped += out[v];
    }
    for (int v = 0; v < width; v++) {
      out[v] = damped > 0.0 ? out[v] / damped : 0.0;
    }
    return out;
  }

  /**
   * Prior times the messages into {@code i} on every edge but {@code skip}, normalised (all zero if
   * impossible).
   */
  private double[] cavity(int i, int skip) {
    double[] x = prior[i].clone();
    for (int e : variableEdges.get(i)) {
      if (e == skip) {
        continue;
      }
      for (int v = 0; v < width; v++) {
        x[v] = Numerics.times(x[v], toVariable[e][v]);
      }
      Numerics.rescale(x, 0, width);
    }
    double sum = 0.0;
    for (double v : x) {
      sum += v;
    }
    for (int v = 0; v < width; v++) {
      x[v] = sum > 0.0 ? x[v] / sum : 0.0;
    }
    return x;
  }

  @Override
  public int sweepsDone() {
    return sweeps;
  }

  @Override
  public void marginal(int variable, double[] out) {
    Domain d = model.domainOf(variable);
    System.arraycopy(cavity(variable, -1), d.lo() - lo, out, 0, d.size());
  }

  @Override
  public boolean contradiction() {
    for (int i = 0; i < model.variableCount(); i++) {
      double sum = 0.0;
      for (double v : cavity(i, -1)) {
        sum += v;
      }
      if (!(sum > 0.0)) {
        return true;
      }
    }
    return false;
  }
}
