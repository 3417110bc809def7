package fgc.plan;

import fgc.model.Factor;
import fgc.model.FactorKind;
import fgc.model.Model;
import java.util.Locale;

/**
 * An estimate of one sweep's work, in simple operations on message entries (a multiply-add, a
 * comparison), for the worst case: no evidence, every message dense. Evidence makes sweeps cheaper
 * (observed slots leave the all-different passes), so this is an upper bound for a run's first
 * sweeps, to tell a model that takes seconds per sweep from one that takes microseconds; it is not
 * a timing. O(factors) to compute, so a run can ask for it on every cache hit.
 *
 * <p>Per factor, with {@code a} its arity and {@code W} the values of a message: all-different and
 * {@code neq}, {@code 3 W 2^W} (the subset passes; max-product above 8 values, {@code 2 W^3} for
 * the assignment solve); {@code sum}, {@code 3 W (a + (W-1) a (a-1) / 2)} (three passes over the
 * partial sums); {@code table}, {@code entries * a^2}; {@code eq}, {@code a^2 W}; each slot's
 * incoming product, {@code degree * W}. Pairwise BP: {@code 6 W} per directed edge, and {@code Ws *
 * Wr} more for a table edge.
 */
public final class SweepCost {
  private final long operations;
  private final int dominantFactor;
  private final long dominantOperations;
  private final String dominantText;
  private final boolean pairwise;
  private final boolean elimination;

  private SweepCost(
      long operations,
      int dominantFactor,
      long dominantOperations,
      String dominantText,
      boolean pairwise) {
    this(operations, dominantFactor, dominantOperations, dominantText, pairwise, false);
  }

  private SweepCost(
      long operations,
      int dominantFactor,
      long dominantOperations,
      String dominantText,
      boolean pairwise,
      boolean elimination) {
    this.operations = operations;
    this.dominantFactor = dominantFactor;
    this.dominantOperations = dominantOperations;
    this.dominantText = dominantText;
    this.pairwise = pairwise;
    this.elimination = elimination;
  }

  /** Whether this is the cost of exact inference's one pass, not of a sweep of messages. */
  public boolean onePass() {
    return elimination;
  }

  /**
   * The estimate for BP with one node per factor on {@code model}, in the max-product semiring or
   * not.
   */
  public static SweepCost factorNodes(Model model, boolean max) {
    // Family by family, each member's cost from its variables (family.variable), no member made:
    // the
    // same sums, in the same order, as over the factors one by one.
    int width = width(model);
    long[] degree = new long[model.variableCount()];
    for (fgc.model.FactorFamily family : model.families()) {
      for (long m = 0; m < family.size(); m++) {
        for (int s = 0; s < family.arity(); s++) {
          degree[family.variable(m, s)]++;
        }
      }
    }
    long total = 0;
    int worst = -1;
    long worstCost = -1;
    long k = 0;
    for (fgc.model.FactorFamily family : model.families()) {
      Factor f = family.first();
      long own = factorCost(f, width, max, null);
      long w = width;
      for (long m = 0; m < family.size(); m++, k++) {
        long cost = own;
        for (int s = 0; s < family.arity(); s++) {
          cost = saturatedAdd(cost, degree[family.variable(m, s)] * w);
        }
        total = saturatedAdd(total, cost);
        if (cost > worstCost) {
          worst = (int) k;
          worstCost = cost;
        }
      }
    }
    return new SweepCost(
        total,
        worst,
        worstCost,
        worst < 0 ? "" : describe(model.factors().get(worst), width),
        false);
  }

  /** The estimate for BP on pairs of variables on {@code model}. */
  public static SweepCost pairwise(Model model) {
    return pairwiseByFamily(model);
  }

  /**
   * The estimate for exact inference by {@code plan}: its one pass is the whole run. Each step
   * visits its clique's entries once to collect and once to distribute, reading every table and
   * message it multiplies at each (its operands, its groups of children, and in the distribute pass
   * its parent's message and the outputs); a most probable assignment costs the collect pass again.
   */
  public static SweepCost elimination(EliminationPlan plan) {
    long total = 0;
    int worst = -1;
    long worstCost = -1;
    for (int t = 0; t < plan.stepCount(); t++) {
      EliminationPlan.Step step = plan.step(t);
      long reads = 2L * (step.operands.length + step.groups.length) + 3;
      long cost = saturatedTimes(step.entries, reads);
      total = saturatedAdd(total, cost);
      if (cost > worstCost) {
        worst = t;
        worstCost = cost;
      }
    }
    String text =
        worst < 0
            ? ""
            : "step "
                + worst
                + ", a clique of "
                + plan.step(worst).entries
                + " entries over "
                + plan.step(worst).vars.length
                + " variables";
    return new SweepCost(total, worst, worstCost, text, false, true);
  }

  /**
   * Pairwise BP's cost, family by family: a family's members share their kind, arity and domains,
   * so each costs what its first does, and the most costly factor is the first member of the first
   * family of the highest cost, as it is factor by factor.
   */
  private static SweepCost pairwiseByFamily(Model model) {
    int width = width(model);
    long total = 0;
    int worst = -1;
    long worstCost = -1;
    long k = 0;
    Factor worstFactor = null;
    for (fgc.model.FactorFamily family : model.families()) {
      Factor f = family.first();
      long cost = pairwiseCost(model, f, width);
      total = saturatedAdd(total, saturatedTimes(cost, family.size()));
      if (cost > worstCost) {
        worst = (int) k;
        worstCost = cost;
        worstFactor = f;
      }
      k += family.size();
    }
    return new SweepCost(
        total, worst, worstCost, worst < 0 ? "" : describe(worstFactor, width), true);
  }

  private static long factorCost(Factor f, int width, boolean max, long[] degree) {
    long a = f.arity();
    long w = width;
    long cost = a * w; // the stores
    for (int s = 0;
        degree != null && s < f.arity();
        s++) { // null: the caller adds the neighbours' degrees
      cost = saturatedAdd(cost, degree[f.variable(s)] * w);
    }
    switch (f.kind()) {
      case ALLDIFF:
      case NEQ:
        return saturatedAdd(
            cost,
            max && width > 8 ? 2 * w * w * w : saturatedTimes(3 * w, 1L << Math.min(width, 62)));
      case SUM:
        return saturatedAdd(cost, 3 * w * (a + (w - 1) * a * (a - 1) / 2));
      case TABLE:
        return saturatedAdd(cost, f.weightCount() * a * a);
      case EQ:
        return saturatedAdd(cost, a * a * w);
      default:
        return cost;
    }
  }

  private static long pairwiseCost(Model model, Factor f, int width) {
    long a = f.arity();
    long edges = a * (a - 1); // directed
    long cost = edges * 6 * width;
    if (f.kind() == FactorKind.TABLE && f.arity() == 2) {
      cost += 2L * model.domainOf(f.variable(0)).size() * model.domainOf(f.variable(1)).size();
    }
    return f.arity() == 1 ? width : cost;
  }

  private static int width(Model model) {
    long lo = Long.MAX_VALUE;
    long hi = Long.MIN_VALUE;
    for (fgc.model.VariableArray a : model.arrays()) {
      lo = Math.min(lo, a.domain().lo());
      hi = Math.max(hi, a.domain().hi());
    }
    return (int) Math.min(Integer.MAX_VALUE, hi - lo + 1);
  }

  private static long saturatedTimes(long a, long b) {
    long high = Math.multiplyHigh(a, b);
    long low = a * b;
    return high != 0 || low < 0 ? Long.MAX_VALUE : low;
  }

  private static long saturatedAdd(long a, long b) {
    long s = a + b;
    return s < 0 ? Long.MAX_VALUE : s;
  }

  private static String describe(Factor f, int width) {
    return f.kind().keyword()
        + " over "
        + f.arity()
        + (f.arity() == 1 ? " variable" : " variables")
        + " of "
        + width
        + " values";
  }

  /** Estimated operations of one sweep (saturating at {@code Long.MAX_VALUE}). */
  public long operations() {
    return operations;
  }

  /** The factor that costs most, or -1 for a model without factors. */
  public int dominantFactor() {
    return dominantFactor;
  }

  public long dominantOperations() {
    return dominantOperations;
  }

  /**
   * The costliest factor and its share, e.g. {@code most of it in factor 0 (sum over 1024 variables
   * of 16 values)}.
   */
  public String dominant() {
    if (dominantFactor < 0) {
      return "no factors";
    }
    String share =
        dominantOperations * 2 >= operations ? "most of it" : scientific(dominantOperations);
    if (elimination) {
      return share + " in " + dominantText;
    }
    return share + " in factor " + dominantFactor + " (" + dominantText + ")";
  }

  /** What makes the costliest factor expensive, and what would make it cheaper. */
  public String advice(Model model) {
    if (dominantFactor < 0) {
      return "";
    }
    if (elimination) {
      return "exact inference visits every entry of its cliques, which grow with the elimination"
          + " width: fewer or narrower variables in the widest part of the model make it cheaper,"
          + " or an approximate algorithm (--algorithm sumproduct) costs a sweep of messages"
          + " instead";
    }
    if (pairwise) {
      return "pairwise BP's messages cost its directed edges times the values"
          + " (an alldiff of k variables has k(k-1) edges):"
          + " fewer or smaller factors, or narrower domains, make sweeps cheaper";
    }
    switch (model.factors().get(dominantFactor).kind()) {
      case SUM:
        return "a sum's messages cost its arity squared times the values squared:"
            + " split a long sum into partial sums chained through auxiliary variables,"
            + " or narrow the domains";
      case TABLE:
        return "a table's messages cost its entries times its arity squared: use smaller tables";
      case ALLDIFF:
      case NEQ:
        return "exact all-different messages cost 2^values per factor:"
            + " bp-pairwise costs edges times values";
      default:
        return "fewer or smaller factors, or narrower domains, make sweeps cheaper";
    }
  }

  /** {@code 3.8e8}: a rough count, two significant digits. */
  public static String scientific(long n) {
    if (n < 100_000) {
      return Long.toString(n);
    }
    return String.format(Locale.ROOT, "%.1e", (double) n).replace("e+0", "e").replace("e+", "e");
  }
}
