package fgc.model;

/** The kinds of factor the IR can hold; each has a fixed keyword in the language and the canonical text. */
public enum FactorKind {
  /** All variables in the scope take different values (arity at least 2). */
  ALLDIFF("alldiff"),
  /** The two variables in the scope take different values. */
  NEQ("neq");

  private final String keyword;

  FactorKind(String keyword) {
    this.keyword = keyword;
  }

  public String keyword() {
    return keyword;
  }
}
