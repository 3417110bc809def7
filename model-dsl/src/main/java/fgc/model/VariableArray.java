package fgc.model;

import java.util.Arrays;
import java.util.List;

/**
 * A named array of discrete variables of one domain, laid out row-major from flat index {@link
 * #firstIndex()}. A scalar variable is an array of rank 0 holding one variable. Its values may
 * carry names ({@link #labels()}), such as a Bayesian network's states; a value is still its index,
 * the names only print and read it.
 */
public final class VariableArray {
  private final String name;
  private final int[] dims;
  private final Domain domain;
  private final boolean observed;
  private final int firstIndex;
  private final int size;
  private final List<String> labels;
  private static final int[] SCALAR = {};

  VariableArray(String name, int[] dims, Domain domain, boolean observed, int firstIndex) {
    this(name, dims, domain, observed, firstIndex, List.of());
  }

  private VariableArray(
      String name,
      int[] dims,
      Domain domain,
      boolean observed,
      int firstIndex,
      List<String> labels) {
    this.labels = List.copyOf(labels);
    this.name = name;
    this.dims = dims.length == 0 ? SCALAR : dims.clone(); // a file of a million scalars keeps one
    this.domain = domain;
    this.observed = observed;
    this.firstIndex = firstIndex;
    int n = 1;
    for (int d : dims) {
      n *= d;
    }
    this.size = n;
  }

  /**
   * The array's name.
   *
   * @return the name
   */
  public String name() {
    return name;
  }

  /**
   * How many dimensions the array has; 0 for a scalar.
   *
   * @return the rank
   */
  public int rank() {
    return dims.length;
  }

  /**
   * The length of one dimension.
   *
   * @param axis the dimension, from 0
   * @return its length
   */
  public int dim(int axis) {
    return dims[axis];
  }

  /**
   * The lengths of the dimensions.
   *
   * @return a copy of the lengths
   */
  public int[] dims() {
    return dims.clone();
  }

  /**
   * The values each element can take.
   *
   * @return the domain
   */
  public Domain domain() {
    return domain;
  }

  /**
   * Whether values of this array are given at run time (evidence), as opposed to only inferred.
   *
   * @return true for an observed array
   */
  public boolean observed() {
    return observed;
  }

  /**
   * The flat model index of the array's first element; the others follow row-major.
   *
   * @return the first index
   */
  public int firstIndex() {
    return firstIndex;
  }

  /**
   * How many elements the array has.
   *
   * @return the product of the dimensions
   */
  public int size() {
    return size;
  }

  /**
   * The flat model index of the element at {@code indices} (one per dimension, each in range).
   *
   * @param indices one index per dimension
   * @return the flat index
   */
  public int at(int... indices) {
    if (indices.length != dims.length) {
      throw new ModelException(
          name + " has rank " + dims.length + " but " + indices.length + " indices were given");
    }
    int offset = 0;
    for (int axis = 0; axis < dims.length; axis++) {
      if (indices[axis] < 0 || indices[axis] >= dims[axis]) {
        throw new ModelException(
            "index "
                + indices[axis]
                + " out of range 0.."
                + (dims[axis] - 1)
                + " in dimension "
                + (axis + 1)
                + " of "
                + name);
      }
      offset = offset * dims[axis] + indices[axis];
    }
    return firstIndex + offset;
  }

  /**
   * The element name of a flat offset inside this array, e.g. {@code cell[2][7]}.
   *
   * @param offset the offset from the array's first element
   * @return the element's name
   */
  public String elementName(int offset) {
    StringBuilder sb = new StringBuilder();
    int[] idx = new int[dims.length];
    for (int axis = dims.length - 1; axis >= 0; axis--) {
      idx[axis] = offset % dims[axis];
      offset /= dims[axis];
    }
    sb.append(name);
    for (int i : idx) {
      sb.append('[').append(i).append(']');
    }
    return sb.toString();
  }

  /**
   * The names of the domain's values in order (name {@code v} is value {@code lo + v}), or an empty
   * list when the values have none.
   *
   * @return the values' names, or none
   */
  public List<String> labels() {
    return labels;
  }

  VariableArray withObserved(boolean value) {
    return new VariableArray(name, dims, domain, value, firstIndex, labels);
  }

  VariableArray withLabels(List<String> names) {
    return new VariableArray(name, dims, domain, observed, firstIndex, names);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof VariableArray)) {
      return false;
    }
    VariableArray v = (VariableArray) o;
    return v.name.equals(name)
        && Arrays.equals(v.dims, dims)
        && v.domain.equals(domain)
        && v.observed == observed
        && v.firstIndex == firstIndex
        && v.labels.equals(labels);
  }

  @Override
  public int hashCode() {
    return name.hashCode() * 31 + Arrays.hashCode(dims);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder(name);
    for (int d : dims) {
      sb.append('[').append(d).append(']');
    }
    return sb.append(" in ").append(domain).toString();
  }
}
