package fgc.plan;

import fgc.solver.PlanDigest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A plan lowered to the constants of its class, once: each constant's name and value (an int, a
 * double, a String, an {@code int[]} or a {@code double[]}). The footprint sums its tables' text
 * from it ({@link Footprint#constants}), the plan digest is its hash ({@link #digest}), and the
 * emitter writes its fields from it, each table in the {@link TableText} made here once; nothing
 * about a constant is worked out twice. A constant the class derives from the others when it loads
 * ({@link Builder#derived}) is in the digest but not written as text.
 */
public final class Lowered {
  /** A value the class derives when it loads, worked out here only when the digest needs it. */
  public interface Derivation {
    /**
     * The value.
     *
     * @return an int[] or double[] (or a boxed number)
     */
    Object value();
  }

  /** One constant of the class. */
  public static final class Constant {
    private final String name;
    private Object value;
    private final Derivation derivation;
    private TableText text;

    private Constant(String name, Object value, Derivation derivation) {
      this.name = name;
      this.value = value;
      this.derivation = derivation;
    }

    /**
     * The field's name.
     *
     * @return the name
     */
    public String name() {
      return name;
    }

    /**
     * The value: Integer, Double, String, int[] or double[] (tables are the plan's own arrays: read
     * only).
     *
     * @return the value
     */
    public synchronized Object value() {
      if (value == null) {
        value = derivation.value();
      }
      return value;
    }

    /**
     * Whether the class derives it from the other constants when it loads, rather than holding it.
     *
     * @return true when derived
     */
    public boolean derived() {
      return derivation != null;
    }

    /**
     * Whether it is a table (an int[] or double[] the class holds as text).
     *
     * @return true for a table the class writes
     */
    public boolean table() {
      return derivation == null && (value instanceof int[] || value instanceof double[]);
    }

    /**
     * How the table is written, made on first use and kept.
     *
     * @return the table's text
     */
    public synchronized TableText text() {
      if (text == null) {
        text =
            value instanceof int[] ? TableText.of((int[]) value) : TableText.of((double[]) value);
      }
      return text;
    }
  }

  private final Map<String, Constant> byName;
  private final List<Constant> inOrder;

  private Lowered(List<Constant> constants) {
    this.inOrder = Collections.unmodifiableList(constants);
    Map<String, Constant> map = new TreeMap<>();
    for (Constant c : constants) {
      if (map.put(c.name, c) != null) {
        throw new IllegalArgumentException("constant " + c.name + " is lowered twice");
      }
    }
    this.byName = map;
  }

  /**
   * A builder of a lowered plan.
   *
   * @return an empty builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * The constants, in the order they were lowered.
   *
   * @return the constants
   */
  public List<Constant> constants() {
    return inOrder;
  }

  /**
   * The constant {@code name}; an error when the plan has none.
   *
   * @param name the field's name
   * @return the constant
   */
  public Constant constant(String name) {
    Constant c = byName.get(name);
    if (c == null) {
      throw new IllegalArgumentException("the plan has no constant " + name);
    }
    return c;
  }

  /**
   * Whether the plan has the constant {@code name}.
   *
   * @param name the field's name
   * @return true when it has
   */
  public boolean has(String name) {
    return byName.containsKey(name);
  }

  /**
   * The plan digest: every constant's value in the order of their names, as the class's {@code
   * PLAN_DIGEST} adds its own fields.
   *
   * @return the digest's hex text
   */
  public String digest() {
    PlanDigest d = new PlanDigest();
    for (Constant c : byName.values()) {
      Object v = c.value();
      if (v instanceof Integer) {
        d.add((int) (Integer) v);
      } else if (v instanceof Double) {
        d.add((double) (Double) v);
      } else if (v instanceof int[]) {
        d.add((int[]) v);
      } else if (v instanceof double[]) {
        d.add((double[]) v);
      } else {
        d.add((String) v);
      }
    }
    return d.hex();
  }

  /** Collects the constants of one class. */
  public static final class Builder {
    private final List<Constant> constants = new ArrayList<>();

    private Builder() {}

    /**
     * Adds a constant the class holds.
     *
     * @param name the field's name
     * @param value an Integer, Double, String, int[] or double[]
     * @return this builder
     */
    public Builder add(String name, Object value) {
      if (!(value instanceof Integer
          || value instanceof Double
          || value instanceof String
          || value instanceof int[]
          || value instanceof double[])) {
        throw new IllegalArgumentException(name + " is not a constant a class holds: " + value);
      }
      constants.add(new Constant(name, value, null));
      return this;
    }

    /**
     * Adds a constant the class derives from the others when it loads.
     *
     * @param name the field's name
     * @param derivation its value, for the digest
     * @return this builder
     */
    public Builder derived(String name, Derivation derivation) {
      constants.add(new Constant(name, null, derivation));
      return this;
    }

    /**
     * The lowered plan.
     *
     * @return the constants collected
     */
    public Lowered build() {
      return new Lowered(new ArrayList<>(constants));
    }
  }
}
