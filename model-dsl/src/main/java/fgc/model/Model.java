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
  /**
   * Bumped whenever the canonical text format changes, so old cache keys never match new text: 2
   * left the model's name out; 3 writes each distinct table or formula once and runs of factors
   * that differ only by a step in their scopes as one line; 4 writes each family of any number of
   * dimensions as one line.
   */
  public static final int CANONICAL_FORMAT = 4;

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
   * The canonical text: one line per array and per family ({@link #families()}), in declaration
   * order, integers in decimal, LF line ends, no locale or platform dependence. A family's line is
   * its first factor's kind and scope, then for each of its dimensions, outermost first, {@code x
   * COUNT step S1 S2 ...} (one step per scope position); a sum adds {@code = total}; a table or
   * prior adds {@code : w1 w2 ...}, each weight in its shortest round-trip form ({@link
   * DecimalText}, as {@link Double#toString} writes it), so equal weights always print alike, or,
   * for a table computed from a relation or weight formula, {@code ~ formula} when that is the
   * shorter ({@link Formula#text()}, variables numbered by scope position). Each distinct such data
   * part is written once, where it first appears, and numbered in that order from 0; a later family
   * with the same part writes {@code @k} instead. So a grid's two million couplings of one formula
   * take two lines. Two models are the same model for the compiler exactly when their canonical
   * texts are equal. The name is left out: it changes neither the plan nor the solver, and a model
   * copied into a file of another name should find the solver it already has. So are the names of
   * values ({@link VariableArray#labels()}, a Bayesian network's states): a value is its index to
   * every solver, and a network whose states are renamed is the same network to solve.
   *
   * @return the canonical text
   */
  public String canonicalText() {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(256);
    try {
      writeCanonicalText(out);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e); // a byte array does not fail
    }
    return out.toString(java.nio.charset.StandardCharsets.UTF_8);
  }

  /**
   * Writes {@link #canonicalText()} as UTF-8 to {@code out}, without holding it in memory: the
   * cache key is the SHA-256 of these bytes (after a short header), fed as they are written.
   *
   * @param out where the bytes go
   * @throws java.io.IOException when {@code out} fails
   */
  public void writeCanonicalText(java.io.OutputStream out) throws java.io.IOException {
    CanonicalWriter w = new CanonicalWriter(out);
    w.text("fgc-model ").number(CANONICAL_FORMAT).newline();
    for (VariableArray a : arrays) {
      w.text("var ").text(a.name());
      for (int d : a.dims()) {
        w.space().number(d);
      }
      w.text(" in ").number(a.domain().lo()).text("..").number(a.domain().hi());
      w.text(a.observed() ? " observed" : " latent").newline();
      // a.labels() is left out on purpose: names of values change no plan and no solver.
    }
    Map<String, Integer> parts = new java.util.HashMap<>();
    for (FactorFamily family : families()) {
      Factor f = family.first();
      w.text(f.kind().keyword());
      for (int i = 0; i < f.arity(); i++) {
        w.space().number(f.variable(i));
      }
      for (int d = 0; d < family.dimensions(); d++) {
        w.text(" x ").number(family.count(d)).text(" step");
        for (int i = 0; i < f.arity(); i++) {
          w.space().number(family.step(d, i));
        }
      }
      if (f.kind() == FactorKind.SUM || f.kind() == FactorKind.LINEAR) {
        w.text(" = ").number(f.total());
      }
      String part = dataPart(f);
      if (part != null) {
        Integer seen = parts.putIfAbsent(part, parts.size());
        if (seen != null) {
          w.text(" @").number(seen);
        } else {
          w.text(part);
        }
      }
      w.newline();
    }
    w.text("end\n").flush();
  }

  /**
   * The factor's data part as its first occurrence writes it ({@code " ~ formula"} or {@code " : w1
   * w2 ..."}), or null.
   */
  private static String dataPart(Factor f) {
    if (f.writtenAsFormula()) {
      return " ~ "
          + f.formula().get().text(); // shorter than its table: the key does not grow with it
    }
    if (f.kind() == FactorKind.LINEAR) {
      // The comparison, then one coefficient per scope position: a loop's factors share it.
      StringBuilder sb = new StringBuilder(" : ").append(f.comparison().symbol());
      for (int p = 0; p < f.arity(); p++) {
        sb.append(' ').append(f.coefficient(p));
      }
      return sb.toString();
    }
    if (!f.kind().weighted()) {
      return null;
    }
    StringBuilder sb = new StringBuilder(2 + 8 * f.weightCount());
    sb.append(" :");
    for (int k = 0; k < f.weightCount(); k++) {
      sb.append(' ').append(DecimalText.of(f.weight(k))); // shortest text that round-trips exactly
    }
    return sb.toString();
  }

  /** Text into bytes, buffered: ASCII written directly, anything else as UTF-8. */
  private static final class CanonicalWriter {
    private final java.io.OutputStream out;
    private final byte[] buffer = new byte[8192];
    private int at;

    CanonicalWriter(java.io.OutputStream out) {
      this.out = out;
    }

    CanonicalWriter text(String s) throws java.io.IOException {
      int length = s.length();
      for (int i = 0; i < length; i++) {
        char c = s.charAt(i);
        if (c >= 0x80) {
          byte[] bytes = s.substring(i).getBytes(java.nio.charset.StandardCharsets.UTF_8);
          for (byte b : bytes) {
            put(b);
          }
          return this;
        }
        put((byte) c);
      }
      return this;
    }

    CanonicalWriter number(long v) throws java.io.IOException {
      if (v < 0) {
        put((byte) '-');
        if (v == Long.MIN_VALUE) {
          return text(Long.toString(v).substring(1));
        }
        v = -v;
      }
      if (v >= 10) {
        number(v / 10);
      }
      put((byte) ('0' + (int) (v % 10)));
      return this;
    }

    CanonicalWriter space() throws java.io.IOException {
      put((byte) ' ');
      return this;
    }

    CanonicalWriter newline() throws java.io.IOException {
      put((byte) '\n');
      return this;
    }

    private void put(byte b) throws java.io.IOException {
      if (at == buffer.length) {
        out.write(buffer, 0, at);
        at = 0;
      }
      buffer[at++] = b;
    }

    void flush() throws java.io.IOException {
      out.write(buffer, 0, at);
      at = 0;
      out.flush();
    }
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
