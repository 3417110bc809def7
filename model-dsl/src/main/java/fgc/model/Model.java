package fgc.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The ground model IR: named variable arrays and the factors between their elements, with every
 * loop already unrolled. It is immutable and knows nothing of any algorithm. Its
 * {@link #canonicalText()} is the stable identity the compiler's cache key is built on; the name is
 * not part of it, so one model saved under two names is one model (and one compiled solver).
 */
public final class Model {
  /**
   * Bumped whenever the canonical text format changes, so old cache keys never match new text: 2
   * left the model's name out.
   */
  public static final int CANONICAL_FORMAT = 2;

  private final String name;
  private final List<VariableArray> arrays;
  private final List<Factor> factors;
  private final int variableCount;
  private final Map<String, VariableArray> byName;
  /** Per factor, where it was made; null when no factor has an origin (a model built in Java). */
  private final List<Origin> origins;

  Model(String name, List<VariableArray> arrays, List<Factor> factors) {
    this(name, arrays, factors, List.of());
  }

  Model(String name, List<VariableArray> arrays, List<Factor> factors, List<Origin> origins) {
    this.origins = origins.size() == factors.size() && origins.stream().anyMatch(o -> o != null)
        ? Collections.unmodifiableList(new ArrayList<>(origins)) : null;
    this.name = name;
    this.arrays = Collections.unmodifiableList(new ArrayList<>(arrays));
    this.factors = Collections.unmodifiableList(new ArrayList<>(factors));
    int n = 0;
    Map<String, VariableArray> map = new LinkedHashMap<>();
    for (VariableArray a : arrays) {
      n += a.size();
      map.put(a.name(), a);
    }
    this.variableCount = n;
    this.byName = Collections.unmodifiableMap(map);
  }

  /**
   * {@code message} about factor {@code factor}, placed where the model's source made that factor
   * ({@code file:line:col: message} and the line with a caret), or as it is when no origin is known.
   *
   * @param factor the factor's index
   * @param message what is wrong
   * @return the message, with the factor's origin when known
   */
  public String atFactor(int factor, String message) {
    Origin o = origins == null || factor < 0 || factor >= origins.size() ? null : origins.get(factor);
    return o == null ? message : o.at(message);
  }

  /**
   * A builder of a model named {@code name}: the way to make one from Java.
   *
   * @param name the model's name
   * @return an empty builder
   */
  public static ModelBuilder builder(String name) {
    return new ModelBuilder(name);
  }

  /**
   * The model's name, from its file or its builder.
   *
   * @return the name
   */
  public String name() {
    return name;
  }

  /**
   * The variable arrays, in declaration order; their variables are numbered consecutively.
   *
   * @return the arrays
   */
  public List<VariableArray> arrays() {
    return arrays;
  }

  /**
   * The array called {@code arrayName}, or null.
   *
   * @param arrayName the array's name
   * @return the array, or null when there is none of that name
   */
  public VariableArray array(String arrayName) {
    return byName.get(arrayName);
  }

  /**
   * The factors, in declaration order.
   *
   * @return the factors
   */
  public List<Factor> factors() {
    return factors;
  }

  /**
   * How many variables the model has, over all arrays.
   *
   * @return the number of variables
   */
  public int variableCount() {
    return variableCount;
  }

  /**
   * The array that holds flat variable {@code index}.
   *
   * @param index a flat index
   * @return its array
   */
  public VariableArray arrayOf(int index) {
    for (int k = 0; k < arrays.size(); k++) { // by index: the planners ask per factor variable, an iterator each time added up
      VariableArray a = arrays.get(k);
      if (index >= a.firstIndex() && index < a.firstIndex() + a.size()) {
        return a;
      }
    }
    throw new IndexOutOfBoundsException("variable " + index + " of " + variableCount);
  }

  /**
   * The domain of flat variable {@code index}.
   *
   * @param index a flat index
   * @return its domain
   */
  public Domain domainOf(int index) {
    return arrayOf(index).domain();
  }

  /**
   * The flat index of the variable named {@code name}: an array's name and one {@code [i]} per
   * dimension ({@code cell[0][4]}), or the name alone for a scalar ({@code wet}).
   *
   * @param name the variable's name
   * @return its flat index
   */
  public int variableIndex(String name) {
    int bracket = name.indexOf('[');
    String arrayName = (bracket < 0 ? name : name.substring(0, bracket)).trim();
    VariableArray a = array(arrayName);
    if (a == null) {
      throw new ModelException("model " + this.name + " has no variable '" + arrayName + "'");
    }
    List<Integer> indices = new ArrayList<>();
    String rest = bracket < 0 ? "" : name.substring(bracket).trim();
    while (!rest.isEmpty()) {
      int close = rest.indexOf(']');
      if (!rest.startsWith("[") || close < 0) {
        throw new ModelException("'" + name + "' is not a variable name such as " + a.elementName(0));
      }
      try {
        indices.add(Integer.parseInt(rest.substring(1, close).trim()));
      } catch (NumberFormatException e) {
        throw new ModelException("'" + name + "' is not a variable name such as " + a.elementName(0));
      }
      rest = rest.substring(close + 1).trim();
    }
    return a.at(indices.stream().mapToInt(Integer::intValue).toArray());
  }

  /**
   * A readable name such as {@code cell[0][4]}.
   *
   * @param index a flat index
   * @return its name
   */
  public String variableName(int index) {
    VariableArray a = arrayOf(index);
    return a.elementName(index - a.firstIndex());
  }

  /**
   * The canonical text: one line per array and per factor, in declaration order, integers in
   * decimal, LF line ends, no locale or platform dependence. A sum line ends {@code = total}; a
   * table or prior line ends {@code : w1 w2 ...}, each weight in its shortest round-trip form
   * ({@link DecimalText}, as {@link Double#toString} writes it), so equal weights always print alike;
   * a table computed from a relation or weight formula ends {@code ~ formula} instead
   * ({@link Formula#text()}, variables numbered by scope position) when that is the shorter. Two
   * models are the same model for the compiler exactly when their canonical texts are equal. The
   * name is left out: it changes neither the plan nor the solver, and a model copied into a file of
   * another name should find the solver it already has.
   *
   * @return the canonical text
   */
  public String canonicalText() {
    StringBuilder sb = new StringBuilder(64 + factors.size() * 16);
    sb.append("fgc-model ").append(CANONICAL_FORMAT).append('\n');
    for (VariableArray a : arrays) {
      sb.append("var ").append(a.name());
      for (int d : a.dims()) {
        sb.append(' ').append(d);
      }
      sb.append(" in ").append(a.domain().lo()).append("..").append(a.domain().hi());
      sb.append(a.observed() ? " observed" : " latent").append('\n');
    }
    for (Factor f : factors) {
      sb.append(f.kind().keyword());
      for (int i = 0; i < f.arity(); i++) {
        sb.append(' ').append(f.variable(i));
      }
      if (f.kind() == FactorKind.SUM) {
        sb.append(" = ").append(f.total());
      }
      if (f.writtenAsFormula()) {
        sb.append(" ~ ").append(f.formula().get().text()); // shorter than its table: the key does not grow with it
      } else if (f.kind().weighted()) {
        sb.append(" :");
        for (int k = 0; k < f.weightCount(); k++) {
          sb.append(' ').append(DecimalText.of(f.weight(k))); // shortest text that round-trips exactly
        }
      }
      sb.append('\n');
    }
    return sb.append("end\n").toString();
  }

  /** Equal canonical texts: the same model for the compiler, whatever the two are named. */
  @Override
  public boolean equals(Object o) {
    return o instanceof Model && ((Model) o).canonicalText().equals(canonicalText());
  }

  @Override
  public int hashCode() {
    return canonicalText().hashCode();
  }

  @Override
  public String toString() {
    return "model " + name + " (" + variableCount + " variables, " + factors.size() + " factors)";
  }
}
