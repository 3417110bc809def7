package fgc.algorithms;

import fgc.algorithms.Algorithm.Option;

/** The options the algorithms share, each with its range. */
final class Options {
  private Options() {}

  static Option damping(double defaultValue) {
    return new Option(
        "damping",
        defaultValue,
        0,
        true,
        1,
        false,
        "the weight of a message's old value in its update (0: undamped)");
  }

  /**
   * A Dirichlet pseudo-count: positive, and small enough that sums of them stay exact in a double.
   */
  static Option pseudoCount(String name, double defaultValue, String description) {
    return new Option(name, defaultValue, 0, false, 1e12, false, description);
  }
}
