package fgc.model;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Builds a {@link Model} from Java, checking every rule as it goes, so that a model built here and
 * one parsed from text are the same IR. Errors are {@link ModelException}s naming the culprit.
 *
 * <pre>{@code
 * ModelBuilder b = Model.builder("pair");
 * VariableArray x = b.variables("x", Domain.range(1, 3), 2);
 * b.neq(x.at(0), x.at(1));
 * Model m = b.observe("x").build();
 * }</pre>
 */
public final class ModelBuilder {
  private final String name;
  private final List<VariableArray> arrays = new ArrayList<>();
  private final List<Factor> factors = new ArrayList<>();
  private int nextIndex;

  ModelBuilder(String name) {
    this.name = Names.checkIdentifier(name, "model");
  }

  /** Declares an array {@code arrayName[dims...]} of variables over {@code domain}; no dims for a scalar. */
  public VariableArray variables(String arrayName, Domain domain, int... dims) {
    Names.checkIdentifier(arrayName, "variable");
    for (VariableArray a : arrays) {
      if (a.name().equals(arrayName)) {
        throw new ModelException("variable '" + arrayName + "' is declared twice");
      }
    }
    if (dims.length > Limits.MAX_RANK) {
      throw new ModelException("variable '" + arrayName + "' has rank " + dims.length + "; the limit is " + Limits.MAX_RANK);
    }
    long size = 1;
    for (int d : dims) {
      if (d < 1) {
        throw new ModelException("variable '" + arrayName + "' has a dimension of size " + d + "; sizes must be at least 1");
      }
      size *= d;
      if (nextIndex + size > Limits.MAX_VARIABLES) {
        throw new ModelException("variable '" + arrayName + "' takes the model past " + Limits.MAX_VARIABLES + " variables");
      }
    }
    VariableArray a = new VariableArray(arrayName, dims, domain, false, nextIndex);
    arrays.add(a);
    nextIndex += (int) size;
    return a;
  }

  /** Marks the array {@code arrayName} as observed: its values may be set as evidence at run time. */
  public ModelBuilder observe(String arrayName) {
    for (int i = 0; i < arrays.size(); i++) {
      if (arrays.get(i).name().equals(arrayName)) {
        arrays.set(i, arrays.get(i).withObserved(true));
        return this;
      }
    }
    throw new ModelException("cannot observe '" + arrayName + "': no such variable");
  }

  /** All variables in {@code scope} take different values. */
  public ModelBuilder alldiff(int... scope) {
    if (scope.length < 2) {
      throw new ModelException("alldiff needs at least 2 variables, got " + scope.length);
    }
    return add(FactorKind.ALLDIFF, scope);
  }

  public ModelBuilder alldiff(List<Integer> scope) {
    return alldiff(scope.stream().mapToInt(Integer::intValue).toArray());
  }

  /** Variables {@code a} and {@code b} take different values. */
  public ModelBuilder neq(int a, int b) {
    return add(FactorKind.NEQ, new int[] {a, b});
  }

  /** Variables {@code a} and {@code b} take the same value. */
  public ModelBuilder eq(int a, int b) {
    return add(FactorKind.EQ, new int[] {a, b});
  }

  /**
   * The values of {@code scope} add up to {@code total}. A total no assignment of the domains can
   * reach is an error here, not a model that silently has no solution.
   */
  public ModelBuilder sum(long total, int... scope) {
    if (scope.length < 1) {
      throw new ModelException("sum needs at least 1 variable, got 0");
    }
    long lo = 0;
    long hi = 0;
    for (int v : scope) {
      checkDeclared(FactorKind.SUM, v);
      lo += domainOf(v).lo();
      hi += domainOf(v).hi();
    }
    if (total < lo || total > hi) {
      throw new ModelException("sum of " + scope.length + " variables can only be " + lo + ".." + hi + ", never " + total);
    }
    return add(FactorKind.SUM, scope, new double[0], total);
  }

  public ModelBuilder sum(long total, List<Integer> scope) {
    return sum(total, scope.stream().mapToInt(Integer::intValue).toArray());
  }

  /**
   * An explicit potential over {@code scope}: one non-negative weight per joint value, row-major over
   * the variables' own domains (the last varies fastest), not all zero.
   */
  public ModelBuilder table(int[] scope, double[] weights) {
    if (scope.length < 1) {
      throw new ModelException("table needs at least 1 variable, got 0");
    }
    long entries = 1;
    for (int v : scope) {
      checkDeclared(FactorKind.TABLE, v);
      entries *= domainOf(v).size();
      if (entries > Limits.MAX_TABLE_ENTRIES) {
        throw new ModelException("table over " + scope.length + " variables has more than " + Limits.MAX_TABLE_ENTRIES
            + " entries; the limit is " + Limits.MAX_TABLE_ENTRIES);
      }
    }
    if (weights.length != entries) {
      throw new ModelException("table over " + describeScope(scope) + " needs " + entries + " weights (one per joint value), got "
          + weights.length);
    }
    return add(FactorKind.TABLE, scope, checkWeights("table", weights), 0);
  }

  public ModelBuilder table(List<Integer> scope, double[] weights) {
    return table(scope.stream().mapToInt(Integer::intValue).toArray(), weights);
  }

  /** A unary potential on {@code variable}: one non-negative weight per value of its domain, not all zero. */
  public ModelBuilder prior(int variable, double[] weights) {
    checkDeclared(FactorKind.PRIOR, variable);
    int size = domainOf(variable).size();
    if (weights.length != size) {
      throw new ModelException("prior on " + describe(variable) + " needs " + size + " weights (one per value), got " + weights.length);
    }
    return add(FactorKind.PRIOR, new int[] {variable}, checkWeights("prior", weights), 0);
  }

  /** Weights must be finite, non-negative and not all zero; -0.0 becomes 0.0 so the canonical text is unique. */
  private static double[] checkWeights(String what, double[] weights) {
    double[] out = new double[weights.length];
    boolean positive = false;
    for (int k = 0; k < weights.length; k++) {
      double w = weights[k];
      if (!(w >= 0) || Double.isInfinite(w)) {
        throw new ModelException(what + " weight " + (k + 1) + " is " + w + "; weights must be finite and non-negative");
      }
      out[k] = w == 0.0 ? 0.0 : w;
      positive = positive || w > 0;
    }
    if (!positive) {
      throw new ModelException(what + " weights are all zero: no value would be possible");
    }
    return out;
  }

  private void checkDeclared(FactorKind kind, int v) {
    if (v < 0 || v >= nextIndex) {
      throw new ModelException(kind.keyword() + " names variable " + v + ", which is not declared");
    }
  }

  private Domain domainOf(int v) {
    for (VariableArray a : arrays) {
      if (v >= a.firstIndex() && v < a.firstIndex() + a.size()) {
        return a.domain();
      }
    }
    throw new ModelException("variable " + v + " is not declared");
  }

  private String describeScope(int[] scope) {
    return scope.length == 1 ? describe(scope[0]) : scope.length + " variables";
  }

  private ModelBuilder add(FactorKind kind, int[] scope) {
    return add(kind, scope, new double[0], 0);
  }

  private ModelBuilder add(FactorKind kind, int[] scope, double[] weights, long total) {
    if (factors.size() >= Limits.MAX_FACTORS) {
      throw new ModelException("more than " + Limits.MAX_FACTORS + " factors");
    }
    if (scope.length > Limits.MAX_ARITY) {
      throw new ModelException(kind.keyword() + " over " + scope.length + " variables; the limit is " + Limits.MAX_ARITY);
    }
    Set<Integer> seen = new HashSet<>();
    for (int v : scope) {
      if (v < 0 || v >= nextIndex) {
        throw new ModelException(kind.keyword() + " names variable " + v + ", which is not declared");
      }
      if (!seen.add(v)) {
        throw new ModelException(kind.keyword() + " names " + describe(v) + " twice");
      }
    }
    factors.add(new Factor(kind, scope, weights, total));
    return this;
  }

  private String describe(int v) {
    for (VariableArray a : arrays) {
      if (v >= a.firstIndex() && v < a.firstIndex() + a.size()) {
        return a.elementName(v - a.firstIndex());
      }
    }
    return "variable " + v;
  }

  /** The finished model; the builder may not be used afterwards in a way that changes it. */
  public Model build() {
    if (arrays.isEmpty()) {
      throw new ModelException("model '" + name + "' declares no variables");
    }
    return new Model(name, arrays, factors);
  }
}
