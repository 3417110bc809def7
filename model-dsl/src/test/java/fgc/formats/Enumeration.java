package fgc.formats;

import fgc.model.Domain;
import fgc.model.Evidence;
import fgc.model.Factor;
import fgc.model.Model;

/**
 * Exact answers for tiny models by visiting every assignment: log Z, each variable's marginal and a
 * most probable assignment under evidence. It evaluates every factor kind from its definition,
 * independently of the UAI writer's tables, so tests can hold the two against each other. Only for
 * models of at most {@link #MAX_ASSIGNMENTS} assignments.
 */
public final class Enumeration {
  public static final long MAX_ASSIGNMENTS = 1L << 24;

  /**
   * The answers: {@code marginals[i][v]} is P(variable i has value index v | evidence); {@code map}
   * holds domain values.
   */
  public record Result(double logZ, double[][] marginals, int[] map) {}

  private Enumeration() {}

  public static Result run(Model model) {
    return run(model, Evidence.none(model));
  }

  public static Result run(Model model, Evidence evidence) {
    int n = model.variableCount();
    Domain[] domains = domains(model);
    long total = 1;
    for (int i = 0; i < n; i++) {
      total *= domains[i].size();
      if (total > MAX_ASSIGNMENTS) {
        throw new IllegalArgumentException(
            model + " has more than " + MAX_ASSIGNMENTS + " assignments");
      }
    }
    int[] fixed = evidence.values();
    int[] value = new int[n];
    for (int i = 0; i < n; i++) {
      value[i] = fixed[i] == Evidence.NONE ? domains[i].lo() : fixed[i];
    }
    double z = 0;
    double best = -1;
    int[] map = null;
    double[][] mass = new double[n][];
    for (int i = 0; i < n; i++) {
      mass[i] = new double[domains[i].size()];
    }
    while (true) {
      double w = 1;
      for (Factor f : model.factors()) {
        w *= value(domains, f, value);
      }
      z += w;
      for (int i = 0; i < n; i++) {
        mass[i][value[i] - domains[i].lo()] += w;
      }
      if (w > best) { // strictly greater: the first best assignment in this order wins ties
        best = w;
        map = value.clone();
      }
      int i = n - 1;
      while (i >= 0) {
        if (fixed[i] == Evidence.NONE && value[i] < domains[i].hi()) {
          value[i]++;
          break;
        }
        if (fixed[i] == Evidence.NONE) {
          value[i] = domains[i].lo();
        }
        i--;
      }
      if (i < 0) {
        break;
      }
    }
    for (double[] m : mass) {
      for (int v = 0; v < m.length; v++) {
        m[v] = z > 0 ? m[v] / z : Double.NaN;
      }
    }
    return new Result(Math.log(z), mass, z > 0 ? map : null);
  }

  /**
   * The unnormalised weight of a full assignment of domain values: the product of every factor's
   * value, in factor order.
   */
  public static double weight(Model model, int[] value) {
    Domain[] domains = domains(model);
    double w = 1;
    for (Factor f : model.factors()) {
      w *= value(domains, f, value);
    }
    return w;
  }

  /** One factor's value at a full assignment, from the factor kinds' definitions. */
  public static double value(Model model, Factor f, int[] value) {
    return value(domains(model), f, value);
  }

  private static Domain[] domains(Model model) {
    Domain[] out = new Domain[model.variableCount()];
    for (int i = 0; i < out.length; i++) {
      out[i] = model.domainOf(i);
    }
    return out;
  }

  private static double value(Domain[] domains, Factor f, int[] value) {
    switch (f.kind()) {
      case TABLE, PRIOR -> {
        int index = 0;
        for (int p = 0; p < f.arity(); p++) {
          Domain d = domains[f.variable(p)];
          index = index * d.size() + (value[f.variable(p)] - d.lo());
        }
        return f.weight(index);
      }
      case NEQ -> {
        return value[f.variable(0)] != value[f.variable(1)] ? 1 : 0;
      }
      case EQ -> {
        return value[f.variable(0)] == value[f.variable(1)] ? 1 : 0;
      }
      case ALLDIFF -> {
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (int v : f.scope()) {
          if (!seen.add(value[v])) {
            return 0;
          }
        }
        return 1;
      }
      case SUM -> {
        long s = 0;
        for (int v : f.scope()) {
          s += value[v];
        }
        return s == f.total() ? 1 : 0;
      }
      default -> throw new IllegalStateException(f.kind().toString());
    }
  }
}
