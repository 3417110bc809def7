package fgc.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The ground model IR: named variable arrays and the factors between their elements, with every
 * loop already unrolled. It is immutable and knows nothing of any algorithm. Its {@link
 * #canonicalText()} is the stable identity the compiler's cache key is built on; the name is not
 * part of it, so one model saved under two names is one model (and one compiled solver).
 */
public final class Model {
  private final String name;
  private final List<VariableArray> arrays;

  /** The families as they were built (a statement's loop, a run of factors added one by one). */
  private final List<FactorFamily> built;

  /** Per built family, the number of the first factor it holds, and the factor count at the end. */
  private final int[] builtStarts;

  private final int factorCount;
  private final List<Factor> factors;
  private volatile List<FactorFamily> families;
  private final int variableCount;
  private final Map<String, VariableArray> byName;

  /** The non-empty arrays and their first indices, ascending: arrayOf is a binary search. */
  private final VariableArray[] lookup;

  private final int[] starts;

  /**
   * Per built family, where it was made; null when no family has an origin (a model built in Java).
   */
  private final List<Origin> origins;

  Model(String name, List<VariableArray> arrays, List<FactorFamily> built, List<Origin> origins) {
    this.origins =
        origins.size() == built.size() && origins.stream().anyMatch(o -> o != null)
            ? Collections.unmodifiableList(new ArrayList<>(origins))
            : null;
    this.name = name;
    this.arrays = Collections.unmodifiableList(new ArrayList<>(arrays));
    this.built = List.copyOf(built);
    this.builtStarts = new int[built.size() + 1];
    long total = 0;
    for (int k = 0; k < built.size(); k++) {
      builtStarts[k] = (int) total;
      total += built.get(k).size();
    }
    if (total > Integer.MAX_VALUE) {
      throw new ModelException("more than " + Integer.MAX_VALUE + " factors");
    }
    this.factorCount = (int) total;
    builtStarts[built.size()] = factorCount;
    this.factors = new FactorView();
    int n = 0;
    // Only looked up, never iterated (arrays keeps the order): a plain map, sized once, for files
    // of a scalar per variable.
    Map<String, VariableArray> map = new java.util.HashMap<>(arrays.size() * 4 / 3 + 1);
    for (VariableArray a : arrays) {
      n += a.size();
      map.put(a.name(), a);
    }
    this.variableCount = n;
    this.byName = Collections.unmodifiableMap(map);
    List<VariableArray> filled = new ArrayList<>();
    for (VariableArray a : arrays) {
      if (a.size() > 0) {
        filled.add(a);
      }
    }
    this.lookup = filled.toArray(new VariableArray[0]);
    this.starts = new int[lookup.length];
    for (int k = 0; k < lookup.length; k++) {
      starts[k] = lookup[k].firstIndex();
    }
  }

  /** The factors as a list made on demand from the families: a member is made when it is read. */
  private final class FactorView extends java.util.AbstractList<Factor>
      implements java.util.RandomAccess {
    @Override
    public Factor get(int index) {
      int k = builtFamily(index);
      return built.get(k).member(index - builtStarts[k]);
    }

    @Override
    public int size() {
      return factorCount;
    }
  }

  /** The built family that holds factor {@code index}. */
  private int builtFamily(int index) {
    if (index < 0 || index >= factorCount) {
      throw new IndexOutOfBoundsException("factor " + index + " of " + factorCount);
    }
    int lo = 0;
    int hi = built.size() - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (builtStarts[mid] <= index) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  /**
   * {@code message} about factor {@code factor}, placed where the model's source made that factor
   * ({@code file:line:col: message} and the line with a caret), or as it is when no origin is
   * known.
   *
   * @param factor the factor's index
   * @param message what is wrong
   * @return the message, with the factor's origin when known
   */
  public String atFactor(int factor, String message) {
    Origin o =
        origins == null || factor < 0 || factor >= factorCount
            ? null
            : origins.get(builtFamily(factor));
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
   * The factors, in declaration order: a view over {@link #families()} that makes each factor when
   * it is read, so code that needs ground factors has them, and code that plans by family never
   * makes them.
   *
   * @return the factors
   */
  public List<Factor> factors() {
    return factors;
  }

  /**
   * How many factors the model has (the size of {@link #factors()}).
   *
   * @return the number of factors
   */
  public int factorCount() {
    return factorCount;
  }

  /**
   * The factors as families, in declaration order: each the longest runs of factors alike but for a
   * step in their scopes, and runs of such families in step as one family of one more dimension.
   * They are canonical: a function of the factors in order, however the model was built, so two
   * models with the same factors have the same families. Their cost is in the rows of the model's
   * loops, not in its factors.
   *
   * @return the families, whose members in order are {@link #factors()}
   */
  public List<FactorFamily> families() {
    List<FactorFamily> f = families;
    if (f == null) {
      f = CanonicalFamilies.of(built);
      families = f;
    }
    return f;
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
    // A binary search, not a scan: readers make one array per variable, and callers ask per
    // variable.
    int lo = 0;
    int hi = starts.length - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (starts[mid] <= index) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    if (hi >= 0 && index >= 0 && index < starts[hi] + lookup[hi].size()) {
      return lookup[hi];
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
        throw new ModelException(
            "'" + name + "' is not a variable name such as " + a.elementName(0));
      }
      try {
        indices.add(Integer.parseInt(rest.substring(1, close).trim()));
      } catch (NumberFormatException e) {
        throw new ModelException(
            "'" + name + "' is not a variable name such as " + a.elementName(0));
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
   * How {@code value} of variable {@code index} is written: the value's name when its array names
   * its values ({@link VariableArray#labels()}), else the number.
   *
   * @param index a flat index
   * @param value a value of its domain (a value outside it is written as the number)
   * @return the value's name or number
   */
  public String valueText(int index, int value) {
    VariableArray a = arrayOf(index);
    return a.labels().isEmpty() || !a.domain().contains(value)
        ? Integer.toString(value)
        : a.labels().get(value - a.domain().lo());
  }

  /**
   * The canonical text ({@link CanonicalText}): two models are the same model for the compiler
   * exactly when their canonical texts are equal.
   *
   * @return the canonical text
   */
  public String canonicalText() {
    return CanonicalText.of(this);
  }

  /**
   * Writes {@link #canonicalText()} as UTF-8 to {@code out} ({@link CanonicalText#write}).
   *
   * @param out where the bytes go
   * @throws java.io.IOException when {@code out} fails
   */
  public void writeCanonicalText(java.io.OutputStream out) throws java.io.IOException {
    CanonicalText.write(this, out);
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
    return "model " + name + " (" + variableCount + " variables, " + factorCount + " factors)";
  }
}
