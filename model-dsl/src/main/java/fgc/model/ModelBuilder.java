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

  private ModelBuilder add(FactorKind kind, int[] scope) {
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
    factors.add(new Factor(kind, scope));
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
