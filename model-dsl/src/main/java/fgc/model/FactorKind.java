package fgc.model;

/**
 * The kinds of factor the IR can hold; each has a fixed keyword in the canonical text, and in the
 * language all but {@link #LINEAR}, which a linear relation too large for a table becomes.
 */
public enum FactorKind {
  /** All variables in the scope take different values (arity at least 2). */
  ALLDIFF("alldiff"),
  /** The two variables in the scope take different values. */
  NEQ("neq"),
  /** The two variables in the scope take the same value. */
  EQ("eq"),
  /**
   * An explicit non-negative potential over the scope: one weight per joint value, row-major over
   * the scope variables' own domains (the last variable varies fastest). Relations, weight formulas
   * and conditional probability tables are tables too, computed when the model is built ({@link
   * Factor#formula()} keeps the formula a table came from).
   */
  TABLE("table"),
  /** The values of the scope's variables add up to the factor's constant (a killer-sudoku cage). */
  SUM("sum"),
  /**
   * A linear relation {@code sum of c_i * x_i} compared ({@link Factor#comparison()}: {@code ==},
   * {@code !=} or {@code <=}) with the factor's constant ({@link Factor#total()}), with one integer
   * coefficient per scope position ({@link Factor#coefficient(int)}): a relation whose table would
   * be too large to hold (SEND + MORE = MONEY as one equation).
   */
  LINEAR("linear"),
  /** A unary potential: one non-negative weight per value of the one variable in the scope. */
  PRIOR("prior");

  private final String keyword;

  FactorKind(String keyword) {
    this.keyword = keyword;
  }

  /**
   * The kind's keyword in the language and the canonical text.
   *
   * @return the keyword
   */
  public String keyword() {
    return keyword;
  }

  /**
   * Whether a factor of this kind carries weights ({@link Factor#weights()}).
   *
   * @return true for a table or a prior
   */
  public boolean weighted() {
    return this == TABLE || this == PRIOR;
  }
}
