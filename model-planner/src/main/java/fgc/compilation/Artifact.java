package fgc.compilation;

/**
 * The kinds of class fgc compiles and caches, each named by the {@code kind} line of its key
 * material ({@link SolverKey}) and of its entry's manifest. A kind with an algorithm (a solver) is
 * keyed with its {@link AlgorithmSpec}; one without (the exact search's propagator, made from the
 * model's search tables alone) has no algorithm line, so no name of the algorithm registry ever
 * stands for it.
 */
public enum Artifact {
  /** A compiled solver ({@code GeneratedAlgorithm}) of an algorithm of the registry. */
  SOLVER("solver", true),
  /** The exact search's generated {@code Propagator} for a model's bitmask tables. */
  PROPAGATOR("propagator", false);

  private final String word;
  private final boolean hasAlgorithm;

  Artifact(String word, boolean hasAlgorithm) {
    this.word = word;
    this.hasAlgorithm = hasAlgorithm;
  }

  /**
   * The kind's name, as its {@code kind} line writes it.
   *
   * @return for example {@code solver}
   */
  public String word() {
    return word;
  }

  /**
   * Whether an artifact of this kind is made by an algorithm, named with its options in the key.
   *
   * @return true for a solver
   */
  public boolean hasAlgorithm() {
    return hasAlgorithm;
  }

  /**
   * The kind named {@code word}, or null when no kind has that name.
   *
   * @param word a kind's name, as a {@code kind} line writes it
   * @return the kind, or null
   */
  public static Artifact named(String word) {
    for (Artifact kind : values()) {
      if (kind.word.equals(word)) {
        return kind;
      }
    }
    return null;
  }
}
