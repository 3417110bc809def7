package fgc.driver.search;

import fgc.driver.search.alldiff.AllDifferent;
import fgc.driver.search.arithmetic.Equal;
import fgc.driver.search.arithmetic.Linear;
import fgc.driver.search.table.Table;
import fgc.model.Factor;
import fgc.model.FactorKind;
import fgc.model.Limits;
import fgc.model.Model;
import fgc.model.VariableArray;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the search solves: variables with integer ranges and the constraints between them, made from
 * a model's factors ({@link #of}) or one by one ({@link #builder}). Soft factors constrain only
 * where they weigh 0: a prior's zero removes the value, a table's zero the tuple; every positive
 * weight is allowed alike for a solution. A soft factor (a table or prior with two different
 * positive weights) is also a {@link Cost}, {@code -ln weight}, which only {@link Search#minimize}
 * reads. Its constraints keep scratch space and the state of one search: a problem belongs to the
 * one {@link Search} made from it.
 */
final class Problem {
  /** How a linear relation compares its sum with the right-hand side. */
  enum Comparison {
    EQ,
    NE,
    LT,
    LE,
    GT,
    GE
  }

  final Domains initial;
  final List<Constraint> constraints;

  /** The soft factors' costs, for branch and bound. */
  final List<Cost> costs;

  /** Per variable, the constraints on it. */
  final int[][] on;

  /** A relation over no open variable that cannot hold, or a domain emptied by a unary factor. */
  final boolean infeasible;

  private Problem(
      Domains initial, List<Constraint> constraints, List<Cost> costs, boolean infeasible) {
    this.initial = initial;
    this.constraints = List.copyOf(constraints);
    this.costs = List.copyOf(costs);
    this.infeasible = infeasible;
    int[] degree = new int[initial.variables];
    for (Constraint c : constraints) {
      for (int v : c.vars) {
        degree[v]++;
      }
    }
    this.on = new int[initial.variables][];
    for (int v = 0; v < on.length; v++) {
      on[v] = new int[degree[v]];
      degree[v] = 0;
    }
    for (int k = 0; k < constraints.size(); k++) {
      for (int v : constraints.get(k).vars) {
        on[v][degree[v]++] = k;
      }
    }
  }

  int variables() {
    return initial.variables;
  }

  /**
   * The constraints of {@code model}: alldiff and neq as all-different, eq as equality, sum as a
   * linear equation, a linear factor as its linear relation (bounds consistent), a table's positive
   * entries as the tuples of a compact table, a prior's (and a one-variable table's) zeros removed
   * from the domain. IllegalArgumentException, in words, for a factor kind it has no constraint
   * for.
   */
  static Problem of(Model model) {
    return from(model).build();
  }

  /** A builder holding the constraints of {@code model} ({@link #of}), to add more to. */
  static Builder from(Model model) {
    int n = model.variableCount();
    int[] lo = new int[n];
    int[] size = new int[n];
    for (VariableArray a : model.arrays()) {
      for (int v = a.firstIndex(); v < a.firstIndex() + a.size(); v++) {
        lo[v] = a.domain().lo();
        size[v] = a.domain().size();
      }
    }
    Builder b = new Builder(lo, size);
    int index = 0;
    for (Factor f : model.factors()) {
      int[] scope = f.scope();
      switch (f.kind()) {
        case ALLDIFF:
        case NEQ:
          b.allDifferent(scope);
          break;
        case EQ:
          for (int p = 1; p < scope.length; p++) {
            b.equal(scope[0], scope[p]);
          }
          break;
        case SUM:
          {
            long[] ones = new long[scope.length];
            Arrays.fill(ones, 1L);
            b.linear(scope, ones, Comparison.EQ, f.total());
            break;
          }
        case LINEAR:
          {
            long[] coef = new long[scope.length];
            for (int p = 0; p < coef.length; p++) {
              coef[p] = f.coefficient(p);
            }
            Comparison cmp =
                switch (f.comparison()) {
                  case EQUAL -> Comparison.EQ;
                  case NOT_EQUAL -> Comparison.NE;
                  case AT_MOST -> Comparison.LE;
                };
            b.linear(scope, coef, cmp, f.total());
            break;
          }
        case TABLE:
        case PRIOR:
          {
            BitSet allowed = new BitSet(f.weightCount());
            for (int k = 0; k < f.weightCount(); k++) {
              if (f.weight(k) > 0) {
                allowed.set(k);
              }
            }
            b.table(scope, allowed);
            if (soft(f)) {
              double[] costs = new double[f.weightCount()];
              for (int k = 0; k < costs.length; k++) {
                costs[k] = f.weight(k) > 0 ? -Math.log(f.weight(k)) : Double.POSITIVE_INFINITY;
              }
              b.cost(scope, costs);
            }
            break;
          }
        default:
          // Every kind of today has its constraint; a new kind is refused where the model made it.
          throw new IllegalArgumentException(
              model.atFactor(
                  index,
                  "the exact search has no constraint for factor "
                      + index
                      + " of model "
                      + model.name()
                      + ", a "
                      + f.kind().keyword()
                      + " factor"));
      }
      index++;
    }
    return b;
  }

  /**
   * Whether {@code f} is a table or prior with two different positive weights: one that weighs, not
   * only allows.
   */
  static boolean soft(Factor f) {
    if (f.kind() != FactorKind.TABLE && f.kind() != FactorKind.PRIOR) {
      return false;
    }
    double seen = 0;
    for (int k = 0; k < f.weightCount(); k++) {
      double w = f.weight(k);
      if (w > 0) {
        if (seen > 0 && w != seen) {
          return true;
        }
        seen = w;
      }
    }
    return false;
  }

  /**
   * Variables {@code 0 .. lo.length - 1}, variable {@code v} over {@code lo[v] .. lo[v] + size[v] -
   * 1}.
   */
  static Builder builder(int[] lo, int[] size) {
    return new Builder(lo, size);
  }

  /**
   * Adds constraints one by one; tables over equal domains with equal tuples share their supports.
   */
  static final class Builder {
    private final Domains d;
    private final List<Constraint> constraints = new ArrayList<>();
    private final List<Diffusion.Table> costs = new ArrayList<>();
    private final Map<String, Table.Tuples> shared = new HashMap<>();
    private boolean infeasible;

    Builder(int[] lo, int[] size) {
      for (int s : size) {
        if (s < 1 || s > Limits.MAX_DOMAIN) {
          throw new IllegalArgumentException(
              "a domain of " + s + " values; the exact search takes 1 to " + Limits.MAX_DOMAIN);
        }
      }
      this.d = new Domains(lo, size);
    }

    Builder allDifferent(int... vars) {
      constraints.add(new AllDifferent(vars, d));
      return this;
    }

    Builder equal(int a, int b) {
      constraints.add(new Equal(a, b));
      return this;
    }

    /**
     * {@code sum of coef[k] * vars[k] cmp rhs}; a variable named twice has its coefficients added.
     */
    Builder linear(int[] vars, long[] coef, Comparison cmp, long rhs) {
      Map<Integer, Long> terms = new LinkedHashMap<>();
      for (int k = 0; k < vars.length; k++) {
        terms.merge(vars[k], coef[k], Math::addExact);
      }
      terms.values().removeIf(c -> c == 0);
      long sign = cmp == Comparison.GT || cmp == Comparison.GE ? -1 : 1;
      long bound = sign * rhs - (cmp == Comparison.LT || cmp == Comparison.GT ? 1 : 0);
      Linear.Kind kind =
          cmp == Comparison.EQ
              ? Linear.Kind.EQUAL
              : cmp == Comparison.NE ? Linear.Kind.NOT_EQUAL : Linear.Kind.AT_MOST;
      int[] v = new int[terms.size()];
      long[] c = new long[terms.size()];
      long magnitude = Math.abs(bound);
      int k = 0;
      for (Map.Entry<Integer, Long> t : terms.entrySet()) {
        v[k] = t.getKey();
        c[k] = sign * t.getValue();
        long largest =
            Math.max(Math.abs((long) d.lo(v[k])), Math.abs((long) d.lo(v[k]) + d.size(v[k]) - 1));
        if (Math.abs(c[k]) > Linear.MAX_MAGNITUDE / Math.max(1, largest)) {
          throw new IllegalArgumentException(
              "a linear relation's coefficient "
                  + t.getValue()
                  + " is too large for the exact search");
        }
        magnitude += Math.abs(c[k]) * largest;
        if (magnitude > Linear.MAX_MAGNITUDE) {
          throw new IllegalArgumentException(
              "a linear relation's terms can add up past 2^60, too far for the exact search");
        }
        k++;
      }
      if (v.length == 0) {
        boolean holds =
            kind == Linear.Kind.EQUAL
                ? bound == 0
                : kind == Linear.Kind.NOT_EQUAL ? bound != 0 : 0 <= bound;
        infeasible |= !holds;
        return this;
      }
      constraints.add(new Linear(v, c, kind, bound));
      return this;
    }

    /**
     * Only the joint values in {@code allowed} (row-major over the variables' full domains, the
     * last fastest); over one variable this just narrows its domain.
     */
    Builder table(int[] vars, BitSet allowed) {
      if (vars.length == 1) {
        for (int i = 0; i < d.size(vars[0]); i++) {
          if (!allowed.get(i)) {
            infeasible |= !d.remove(vars[0], i);
          }
        }
        return this;
      }
      int[] sizes = new int[vars.length];
      for (int p = 0; p < vars.length; p++) {
        sizes[p] = d.size(vars[p]);
      }
      String key = Arrays.toString(sizes) + Arrays.toString(allowed.toLongArray());
      Table.Tuples tuples = shared.computeIfAbsent(key, x -> new Table.Tuples(sizes, allowed));
      constraints.add(new Table(vars, tuples, d));
      return this;
    }

    /**
     * A cost {@code costs[k]} for joint value {@code k} of {@code vars} (row-major over their full
     * domains).
     */
    Builder cost(int[] vars, double[] costs) {
      int[] sizes = new int[vars.length];
      for (int p = 0; p < vars.length; p++) {
        sizes[p] = d.size(vars[p]);
      }
      this.costs.add(new Diffusion.Table(vars.clone(), sizes, costs));
      return this;
    }

    /**
     * The problem, its costs first moved by {@link Diffusion} so that branch and bound starts from
     * a tighter bound (every assignment's total cost is unchanged).
     */
    Problem build() {
      d.commit(); // the narrowed domains are where every search starts
      int[] sizes = new int[d.variables];
      for (int v = 0; v < sizes.length; v++) {
        sizes[v] = d.size(v);
      }
      List<Cost> bounded = new ArrayList<>();
      if (!costs.isEmpty()) {
        for (Diffusion.Table t : Diffusion.of(costs, sizes)) {
          bounded.add(new Cost(t.vars(), t.sizes(), t.costs()));
        }
      }
      return new Problem(d, constraints, bounded, infeasible);
    }
  }
}
