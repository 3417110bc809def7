package fgc.driver.search;

import fgc.driver.Assignments;
import fgc.model.Domain;
import fgc.model.Factor;
import fgc.model.Formula;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.ModelException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Small seeded random models (2 to 8 variables of 2 to 5 values, at most {@link #MAX_JOINT} joint
 * values) with every factor kind: tables and priors with zeros, relations, sums, alldiff, neq, eq;
 * and the brute-force count of their solutions, judged by the model's own definition of what a
 * factor allows ({@link Factor#allows}).
 */
final class RandomModels {
  static final long MAX_JOINT = 20_000;

  private RandomModels() {}

  /** A linear relation {@code sum of coef[k] * vars[k] cmp rhs}. */
  record LinearRelation(int[] vars, long[] coef, Problem.Comparison cmp, long rhs) {
    Formula formula() {
      java.util.List<Formula> terms = new ArrayList<>();
      for (int k = 0; k < vars.length; k++) {
        terms.add(Formula.mul(Formula.constant(coef[k]), Formula.variable(vars[k])));
      }
      return Formula.compare(
          Formula.Op.valueOf(cmp.name()), Formula.add(terms), Formula.constant(rhs));
    }
  }

  /** A random model: the same seed, the same model. */
  static Model model(long seed) {
    return model(seed, List.of());
  }

  /**
   * The model of {@code seed} with {@code linear} added as relations (which the model makes tables,
   * or sums); those the builder refuses (they hold nowhere) are left out and removed from the list.
   */
  static Model model(long seed, List<LinearRelation> linear) {
    return model(seed, linear, false);
  }

  /**
   * As {@link #model(long, List)}, with {@code linear} added as linear factors ({@link
   * ModelBuilder#linear(Formula)}) when {@code asLinearFactors}, whatever their size.
   */
  static Model model(long seed, List<LinearRelation> linear, boolean asLinearFactors) {
    Random r = new Random(seed);
    while (true) {
      int n = 2 + r.nextInt(7);
      int[] lo = new int[n];
      int[] size = new int[n];
      long joint = 1;
      for (int v = 0; v < n; v++) {
        lo[v] = r.nextInt(5) - 2;
        size[v] = 2 + r.nextInt(4);
        joint *= size[v];
      }
      if (joint > MAX_JOINT) {
        continue;
      }
      ModelBuilder b = Model.builder("random" + seed);
      for (int v = 0; v < n; v++) {
        b.variables("x" + v, Domain.range(lo[v], lo[v] + size[v] - 1));
      }
      int factors = 1 + r.nextInt(n + 2);
      for (int k = 0; k < factors; k++) {
        try {
          addFactor(b, r, n, lo, size);
        } catch (ModelException e) {
          // A relation that holds nowhere or a sum out of reach: the builder refuses it, which is
          // its business.
        }
      }
      for (java.util.Iterator<LinearRelation> it = linear.iterator(); it.hasNext(); ) {
        try {
          Formula f = it.next().formula();
          if (asLinearFactors) {
            b.linear(f);
          } else {
            b.relation(f);
          }
        } catch (ModelException e) {
          it.remove();
        }
      }
      return b.build();
    }
  }

  private static void addFactor(ModelBuilder b, Random r, int n, int[] lo, int[] size) {
    switch (r.nextInt(9)) {
      case 0:
      case 1:
        {
          int[] scope = scope(r, n, 1 + r.nextInt(Math.min(3, n)));
          int entries = 1;
          for (int v : scope) {
            entries *= size[v];
          }
          double[] w = new double[entries];
          double zeros = 0.2 + 0.6 * r.nextDouble();
          for (int e = 0; e < entries; e++) {
            w[e] = r.nextDouble() < zeros ? 0.0 : 0.25 + r.nextInt(4);
          }
          w[r.nextInt(entries)] = 1.0;
          b.table(scope, w);
          break;
        }
      case 2:
        {
          int v = r.nextInt(n);
          double[] w = new double[size[v]];
          for (int e = 0; e < w.length; e++) {
            w[e] = r.nextInt(3) == 0 ? 0.0 : r.nextDouble() + 0.01;
          }
          w[r.nextInt(w.length)] = 0.5;
          b.prior(v, w);
          break;
        }
      case 3:
      case 4:
        {
          b.relation(randomRelation(r, scope(r, n, 1 + r.nextInt(Math.min(3, n)))));
          break;
        }
      case 5:
        {
          int[] scope = scope(r, n, 1 + r.nextInt(Math.min(4, n)));
          long least = 0;
          long most = 0;
          for (int v : scope) {
            least += lo[v];
            most += lo[v] + size[v] - 1;
          }
          b.sum(least + (long) r.nextInt((int) (most - least + 1)), scope);
          break;
        }
      case 6:
        b.alldiff(scope(r, n, 2 + r.nextInt(Math.min(3, n - 1))));
        break;
      case 7:
        {
          int[] two = scope(r, n, 2);
          b.neq(two[0], two[1]);
          break;
        }
      default:
        {
          int[] two = scope(r, n, 2);
          b.eq(two[0], two[1]);
        }
    }
  }

  /**
   * A relation over {@code vars}: a linear comparison with coefficients, or one with abs, a product
   * or a remainder.
   */
  static Formula randomRelation(Random r, int[] vars) {
    Formula.Op[] comparisons = {
      Formula.Op.EQ, Formula.Op.NE, Formula.Op.LT, Formula.Op.LE, Formula.Op.GT, Formula.Op.GE
    };
    Formula.Op op = comparisons[r.nextInt(comparisons.length)];
    List<Formula> terms = new ArrayList<>();
    for (int v : vars) {
      terms.add(Formula.mul(Formula.constant(r.nextInt(7) - 3), Formula.variable(v)));
    }
    Formula left;
    switch (r.nextInt(4)) {
      case 0:
        left = Formula.abs(Formula.add(terms));
        break;
      case 1:
        left = Formula.mul(Formula.variable(vars[0]), Formula.add(terms));
        break;
      case 2:
        left =
            Formula.mod(Formula.add(Formula.add(terms), Formula.constant(20)), Formula.constant(3));
        break;
      default:
        left = Formula.add(terms);
    }
    return Formula.compare(op, left, Formula.constant(r.nextInt(7) - 3));
  }

  /**
   * Random linear relations over the variables of {@code model}: coefficients -3..3 (some variables
   * twice), every comparison.
   */
  static List<LinearRelation> linearRelations(Model model, Random r) {
    List<LinearRelation> out = new ArrayList<>();
    int n = model.variableCount();
    for (int k = 1 + r.nextInt(3); k > 0; k--) {
      int arity = 1 + r.nextInt(Math.min(4, n));
      int[] vars = scope(r, n, arity);
      long[] coef = new long[arity];
      for (int j = 0; j < arity; j++) {
        coef[j] = r.nextInt(7) - 3L;
      }
      if (arity >= 2 && r.nextInt(4) == 0) {
        vars[1] = vars[0]; // a variable twice: its coefficients add up
      }
      Problem.Comparison cmp = Problem.Comparison.values()[r.nextInt(6)];
      out.add(new LinearRelation(vars, coef, cmp, r.nextInt(13) - 6));
    }
    return out;
  }

  /** {@code k} distinct variables of {@code 0 .. n-1}, in random order. */
  static int[] scope(Random r, int n, int k) {
    List<Integer> all = new ArrayList<>();
    for (int v = 0; v < n; v++) {
      all.add(v);
    }
    java.util.Collections.shuffle(all, r);
    return all.subList(0, k).stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * Random evidence: each variable given a value of its domain with probability {@code p}, else
   * none.
   */
  static int[] evidence(Model model, Random r, double p) {
    int[] e = Assignments.empty(model);
    for (int v = 0; v < e.length; v++) {
      if (r.nextDouble() < p) {
        Domain d = model.domainOf(v);
        e[v] = d.lo() + r.nextInt(d.size());
      }
    }
    return e;
  }

  /**
   * Every assignment that keeps {@code evidence} and that every factor allows ({@link
   * Factor#allows}, the model's one definition of it, without the words {@link
   * Assignments#firstViolation} finds for each broken factor), counted one by one.
   */
  static long bruteForceCount(Model model, int[] evidence) {
    int n = model.variableCount();
    List<Factor> factors = model.factors();
    int[][] own = new int[factors.size()][];
    for (int k = 0; k < own.length; k++) {
      own[k] = new int[factors.get(k).arity()];
    }
    int[] values = new int[n];
    for (int v = 0; v < n; v++) {
      values[v] = model.domainOf(v).lo();
    }
    long count = 0;
    while (true) {
      if (keeps(values, evidence) && allowed(factors, own, values)) {
        count++;
      }
      int v = n - 1;
      while (v >= 0 && values[v] == model.domainOf(v).hi()) {
        values[v] = model.domainOf(v).lo();
        v--;
      }
      if (v < 0) {
        return count;
      }
      values[v]++;
    }
  }

  private static boolean allowed(List<Factor> factors, int[][] own, int[] values) {
    for (int k = 0; k < own.length; k++) {
      Factor f = factors.get(k);
      for (int p = 0; p < own[k].length; p++) {
        own[k][p] = values[f.variable(p)];
      }
      if (!f.allows(own[k])) {
        return false;
      }
    }
    return true;
  }

  static boolean keeps(int[] values, int[] evidence) {
    for (int v = 0; v < values.length; v++) {
      if (evidence[v] != Assignments.NONE && values[v] != evidence[v]) {
        return false;
      }
    }
    return true;
  }
}
