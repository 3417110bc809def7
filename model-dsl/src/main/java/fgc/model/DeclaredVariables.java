package fgc.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The variable arrays a {@link ModelBuilder} has declared, at rising flat indices: declaring,
 * observing and labelling them, finding the array and domain of a flat index, and naming variables
 * in error messages ({@code x[0]}).
 */
final class DeclaredVariables {
  private final List<VariableArray> arrays = new ArrayList<>();

  /**
   * Each array's position in {@link #arrays}, by name: a file of 20,000 arrays (UAI, BIF) builds in
   * linear time.
   */
  private final Map<String, Integer> arrayPositions = new HashMap<>();

  private int nextIndex;

  /** {@link ModelBuilder#variables}. */
  VariableArray declare(String arrayName, Domain domain, int... dims) {
    Names.checkIdentifier(arrayName, "variable");
    if (arrayPositions.containsKey(arrayName)) {
      throw new ModelException("variable '" + arrayName + "' is declared twice");
    }
    if (dims.length > Limits.MAX_RANK) {
      throw new ModelException(
          "variable '"
              + arrayName
              + "' has rank "
              + dims.length
              + "; the limit is "
              + Limits.MAX_RANK);
    }
    long size = 1;
    for (int d : dims) {
      if (d < 1) {
        throw new ModelException(
            "variable '"
                + arrayName
                + "' has a dimension of size "
                + d
                + "; sizes must be at least 1");
      }
      size *= d;
      if (nextIndex + size > Limits.MAX_VARIABLES) {
        throw new ModelException(
            "variable '"
                + arrayName
                + "' takes the model past "
                + Limits.MAX_VARIABLES
                + " variables");
      }
    }
    VariableArray a = new VariableArray(arrayName, dims, domain, false, nextIndex);
    arrayPositions.put(arrayName, arrays.size());
    arrays.add(a);
    nextIndex += (int) size;
    return a;
  }

  /** {@link ModelBuilder#observe}. */
  void observe(String arrayName) {
    Integer i = arrayPositions.get(arrayName);
    if (i != null) {
      arrays.set(i, arrays.get(i).withObserved(true));
      return;
    }
    throw new ModelException("cannot observe '" + arrayName + "': no such variable");
  }

  /** {@link ModelBuilder#labels}. */
  void labels(String arrayName, List<String> labels) {
    Integer i = arrayPositions.get(arrayName);
    if (i == null) {
      throw new ModelException("cannot name the values of '" + arrayName + "': no such variable");
    }
    VariableArray a = arrays.get(i);
    if (labels.size() != a.domain().size()) {
      throw new ModelException(
          "'"
              + arrayName
              + "' has "
              + a.domain().size()
              + " values but "
              + labels.size()
              + " names were given");
    }
    Set<String> seen = new HashSet<>();
    for (String l : labels) {
      if (!isLabel(l)) {
        throw new ModelException(
            "'"
                + l
                + "' cannot name a value of '"
                + arrayName
                + "': a name is 1.."
                + ModelBuilder.MAX_LABEL_LENGTH
                + " characters, with no control characters, '=' or ':' and no blank at either end");
      }
      if (!seen.add(l)) {
        throw new ModelException("'" + arrayName + "' names two values '" + l + "'");
      }
    }
    arrays.set(i, a.withLabels(labels));
  }

  private static boolean isLabel(String l) {
    if (l == null
        || l.isEmpty()
        || l.length() > ModelBuilder.MAX_LABEL_LENGTH
        || l.isBlank()
        || !l.strip().equals(l)) {
      return false;
    }
    for (int k = 0; k < l.length(); k++) {
      char c = l.charAt(k);
      if (Character.isISOControl(c) || c == '=' || c == ':') {
        return false;
      }
    }
    return true;
  }

  /** How many variables the arrays hold: the next array starts at this flat index. */
  int count() {
    return nextIndex;
  }

  /** The arrays, in the order they were declared. */
  List<VariableArray> arrays() {
    return arrays;
  }

  void checkDeclared(FactorKind kind, int v) {
    checkDeclared(kind.keyword(), v);
  }

  void checkDeclared(String what, int v) {
    if (v < 0 || v >= nextIndex) {
      throw new ModelException(what + " names variable " + v + ", which is not declared");
    }
  }

  Domain domainOf(int v) {
    VariableArray a = arrayHolding(v);
    if (a == null) {
      throw new ModelException("variable " + v + " is not declared");
    }
    return a.domain();
  }

  /**
   * The array that holds flat index {@code v}, or null: a binary search, as arrays are declared at
   * rising indices.
   */
  VariableArray arrayHolding(int v) {
    int lo = 0;
    int hi = arrays.size() - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      VariableArray a = arrays.get(mid);
      if (v < a.firstIndex()) {
        hi = mid - 1;
      } else if (v >= a.firstIndex() + a.size()) {
        lo = mid + 1;
      } else {
        return a;
      }
    }
    return null;
  }

  String describeScope(int[] scope) {
    return scope.length == 1 ? describe(scope[0]) : scope.length + " variables";
  }

  String describe(int v) {
    VariableArray a = arrayHolding(v);
    return a != null ? a.elementName(v - a.firstIndex()) : "variable " + v;
  }

  String describeAll(int[] scope) {
    StringBuilder sb = new StringBuilder();
    for (int p = 0; p < scope.length && p < 8; p++) {
      sb.append(p == 0 ? "" : ", ").append(describe(scope[p]));
    }
    return scope.length > 8
        ? sb.append(", ... (").append(scope.length).append(" variables)").toString()
        : sb.toString();
  }

  Domain[] domains(int[] scope) {
    Domain[] out = new Domain[scope.length];
    for (int p = 0; p < scope.length; p++) {
      out[p] = domainOf(scope[p]);
    }
    return out;
  }

  /** {@code x[0] = 3, x[1] = 5}. */
  String assignment(int[] scope, int[] values) {
    StringBuilder sb = new StringBuilder();
    for (int p = 0; p < scope.length; p++) {
      sb.append(p == 0 ? "" : ", ").append(describe(scope[p])).append(" = ").append(values[p]);
    }
    return sb.toString();
  }
}
