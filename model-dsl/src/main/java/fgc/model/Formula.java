package fgc.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * An expression over a factor's variables: a hard relation ({@link Type#BOOL}, such as {@code
 * abs(q[0] - q[3]) != 3}) or a weight ({@link Type#INT} or {@link Type#REAL}, such as {@code
 * exp(0.5 * s[0] * s[1])}). Immutable; built with the static factories, which fold every
 * all-constant part and flatten chains of {@code +}, {@code *}, {@code and}, {@code or}, so one
 * expression has one form whoever builds it (the language or Java).
 *
 * <p>A variable is named by an integer: in a formula given to {@link ModelBuilder} it is the
 * variable's flat model index; in the formula a {@link Factor} holds it is the variable's position
 * in the factor's scope, and {@link #text()} writes it {@code $position}.
 *
 * <p>Meaning, for every assignment of values to the variables: integers are 64-bit and exact
 * (overflow is an error); {@code /} truncates towards zero and {@code %} takes the dividend's sign,
 * as in Java; a comparison whose operands divide by zero is false (so {@code x / y == 2} is false
 * where {@code y} is 0, and {@code !(x / y == 2)} true); a number where a weight is wanted divides
 * by zero only as an error. An operation with a {@link Type#REAL} operand is computed in doubles.
 */
public final class Formula {
  /**
   * Deepest nesting a formula may have; it bounds the recursion of evaluation and of {@link
   * #text()}.
   */
  public static final int MAX_DEPTH = 256;

  /**
   * Most nodes a formula may have; it bounds the memory of one formula and the time to evaluate it
   * once.
   */
  public static final int MAX_SIZE = 100_000;

  /** What a formula's value is: an integer, a truth value, or a decimal (a double). */
  public enum Type {
    /** A 64-bit integer. */
    INT,
    /** A truth value. */
    BOOL,
    /** A double. */
    REAL
  }

  /** The operations; {@link #symbol} is how {@link #text()} writes them. */
  public enum Op {
    /** A constant. */
    CONST(""),
    /** A variable, {@code $k}. */
    VAR("$"),
    /** A sum of two or more terms. */
    ADD("+"),
    /** A difference. */
    SUB("-"),
    /** A product of two or more factors. */
    MUL("*"),
    /** A quotient, truncated between integers. */
    DIV("/"),
    /** A remainder, with the dividend's sign. */
    MOD("%"),
    /** A negation. */
    NEG("neg"),
    /** An absolute value. */
    ABS("abs"),
    /** The least of two or more numbers. */
    MIN("min"),
    /** The greatest of two or more numbers. */
    MAX("max"),
    /** {@code (if c a b)}: {@code a} where {@code c} holds, else {@code b}. */
    IF("if"),
    /** {@code (ind c)}: 1 where {@code c} holds, else 0 (what {@code count} adds up). */
    IND("ind"),
    /** Equal. */
    EQ("=="),
    /** Not equal. */
    NE("!="),
    /** Less than. */
    LT("<"),
    /** Less than or equal. */
    LE("<="),
    /** Greater than. */
    GT(">"),
    /** Greater than or equal. */
    GE(">="),
    /** Conjunction of two or more conditions. */
    AND("and"),
    /** Disjunction of two or more conditions. */
    OR("or"),
    /** Negation of a condition. */
    NOT("not"),
    /** The exponential, a double. */
    EXP("exp"),
    /** The natural logarithm, a double. */
    LOG("log");

    private final String symbol;

    Op(String symbol) {
      this.symbol = symbol;
    }

    /**
     * How {@link Formula#text()} writes the operation.
     *
     * @return the symbol or name, empty for a constant
     */
    public String symbol() {
      return symbol;
    }

    boolean comparison() {
      return this == EQ || this == NE || this == LT || this == LE || this == GT || this == GE;
    }
  }

  static final Formula[] NONE = new Formula[0];
  private static final Formula TRUE = new Formula(Op.CONST, Type.BOOL, NONE, 1, 0);
  private static final Formula FALSE = new Formula(Op.CONST, Type.BOOL, NONE, 0, 0);

  // Package-private: FormulaFolding builds formulas from them and FormulaEvaluation evaluates them.
  final Op op;
  final Type type;
  final Formula[] args;

  /** An INT or BOOL constant's value (1 true, 0 false), or a VAR's number. */
  final long integer;

  final double real;
  private final int depth;
  private final int size;
  private String text;

  Formula(Op op, Type type, Formula[] args, long integer, double real) {
    this.op = op;
    this.type = type;
    this.args = args;
    this.integer = integer;
    this.real = real;
    int d = 0;
    long n = 1;
    for (Formula a : args) {
      d = Math.max(d, a.depth);
      n += a.size;
    }
    this.depth = d + 1;
    this.size = (int) Math.min(Integer.MAX_VALUE, n);
    if (depth > MAX_DEPTH) {
      throw new ModelException("formula nested deeper than " + MAX_DEPTH);
    }
    if (size > MAX_SIZE) {
      throw new ModelException(
          "formula of more than " + MAX_SIZE + " parts; the limit is " + MAX_SIZE);
    }
  }

  // ---- Leaves ----------------------------------------------------------------------------------

  /**
   * An integer constant.
   *
   * @param value its value
   * @return the constant
   */
  public static Formula constant(long value) {
    return new Formula(Op.CONST, Type.INT, NONE, value, 0);
  }

  /**
   * A decimal constant; -0.0 becomes 0.0, so equal formulas always print alike.
   *
   * @param value its value
   * @return the constant
   */
  public static Formula real(double value) {
    return new Formula(Op.CONST, Type.REAL, NONE, 0, value == 0.0 ? 0.0 : value);
  }

  /**
   * A truth constant.
   *
   * @param value its value
   * @return the constant, shared
   */
  public static Formula bool(boolean value) {
    return value ? TRUE : FALSE;
  }

  /**
   * The variable numbered {@code index} (a flat model index, or a scope position inside a factor).
   *
   * @param index the variable's number, not negative
   * @return the variable
   */
  public static Formula variable(int index) {
    if (index < 0) {
      throw new ModelException("variable " + index + " does not exist");
    }
    return new Formula(Op.VAR, Type.INT, NONE, index, 0);
  }

  // ---- Arithmetic ------------------------------------------------------------------------------

  /**
   * {@code a + b + ...}: nested sums flattened, the constants added into one, written last.
   *
   * @param terms the terms, numbers
   * @return the sum, folded
   */
  public static Formula add(Formula... terms) {
    return add(Arrays.asList(terms));
  }

  /**
   * {@code a + b + ...}, as {@link #add(Formula...)}.
   *
   * @param terms the terms, numbers
   * @return the sum, folded
   */
  public static Formula add(List<Formula> terms) {
    return FormulaFolding.add(terms);
  }

  /**
   * {@code a * b * ...}: nested products flattened, the constants multiplied into one, written
   * first.
   *
   * @param factors the factors, numbers
   * @return the product, folded
   */
  public static Formula mul(Formula... factors) {
    return mul(Arrays.asList(factors));
  }

  /**
   * {@code a * b * ...}, as {@link #mul(Formula...)}.
   *
   * @param factors the factors, numbers
   * @return the product, folded
   */
  public static Formula mul(List<Formula> factors) {
    return FormulaFolding.mul(factors);
  }

  /**
   * {@code a - b}.
   *
   * @param a the minuend, a number
   * @param b the subtrahend, a number
   * @return the difference, folded
   */
  public static Formula sub(Formula a, Formula b) {
    return FormulaFolding.sub(a, b);
  }

  /**
   * {@code a / b}: truncating between integers, a double division otherwise.
   *
   * @param a the dividend, a number
   * @param b the divisor, a number
   * @return the quotient, folded when both are constants
   */
  public static Formula div(Formula a, Formula b) {
    return FormulaFolding.quotient(Op.DIV, a, b);
  }

  /**
   * {@code a % b}, between integers only.
   *
   * @param a the dividend, an integer
   * @param b the divisor, an integer
   * @return the remainder, folded when both are constants
   */
  public static Formula mod(Formula a, Formula b) {
    if (a.type == Type.REAL || b.type == Type.REAL) {
      throw new ModelException("% takes integers, not decimals");
    }
    return FormulaFolding.quotient(Op.MOD, a, b);
  }

  /**
   * {@code -a}.
   *
   * @param a a number
   * @return its negation, folded
   */
  public static Formula neg(Formula a) {
    return FormulaFolding.neg(a);
  }

  /**
   * {@code abs(a)}.
   *
   * @param a a number
   * @return its absolute value, folded
   */
  public static Formula abs(Formula a) {
    return FormulaFolding.abs(a);
  }

  /**
   * The least of {@code args}.
   *
   * @param args the numbers
   * @return their minimum, folded
   */
  public static Formula min(Formula... args) {
    return FormulaFolding.extreme(Op.MIN, Arrays.asList(args));
  }

  /**
   * The greatest of {@code args}.
   *
   * @param args the numbers
   * @return their maximum, folded
   */
  public static Formula max(Formula... args) {
    return FormulaFolding.extreme(Op.MAX, Arrays.asList(args));
  }

  /**
   * The exponential, always a double.
   *
   * @param a a number
   * @return {@code exp(a)}, folded
   */
  public static Formula exp(Formula a) {
    return FormulaFolding.transcendental(Op.EXP, a);
  }

  /**
   * The natural logarithm.
   *
   * @param a a number
   * @return {@code log(a)}, folded
   */
  public static Formula log(Formula a) {
    return FormulaFolding.transcendental(Op.LOG, a);
  }

  /**
   * {@code a} where {@code condition} holds, else {@code b}; only the chosen branch is evaluated.
   *
   * @param condition a truth value
   * @param a the value where it holds, a number
   * @param b the value where it does not, a number
   * @return the choice, the branch itself when the condition is constant
   */
  public static Formula ifThen(Formula condition, Formula a, Formula b) {
    return FormulaFolding.ifThen(condition, a, b);
  }

  /**
   * 1 where {@code condition} holds, else 0.
   *
   * @param condition a truth value
   * @return the indicator, an integer
   */
  public static Formula indicator(Formula condition) {
    return FormulaFolding.indicator(condition);
  }

  /**
   * How many of {@code items} equal {@code value}: the sum of their indicators.
   *
   * @param value the value to count
   * @param items the numbers compared with it
   * @return the count, an integer
   */
  public static Formula count(Formula value, List<Formula> items) {
    List<Formula> terms = new ArrayList<>();
    for (Formula item : items) {
      terms.add(indicator(compare(Op.EQ, item, value)));
    }
    return add(terms);
  }

  // ---- Conditions ------------------------------------------------------------------------------

  /**
   * {@code a op b} for a comparison {@code op} between two integers.
   *
   * @param op one of the comparisons
   * @param a the left operand, an integer
   * @param b the right operand, an integer
   * @return the comparison, folded
   */
  public static Formula compare(Op op, Formula a, Formula b) {
    return FormulaFolding.compare(op, a, b);
  }

  /**
   * Conjunction: constants that do not decide it dropped, one that does deciding it.
   *
   * @param conditions the truth values
   * @return their conjunction, {@code true} when there are none
   */
  public static Formula and(Formula... conditions) {
    return FormulaFolding.logic(Op.AND, Arrays.asList(conditions));
  }

  /**
   * Conjunction, as {@link #and(Formula...)}.
   *
   * @param conditions the truth values
   * @return their conjunction, {@code true} when there are none
   */
  public static Formula and(List<Formula> conditions) {
    return FormulaFolding.logic(Op.AND, conditions);
  }

  /**
   * Disjunction: constants that do not decide it dropped, one that does deciding it.
   *
   * @param conditions the truth values
   * @return their disjunction, {@code false} when there are none
   */
  public static Formula or(Formula... conditions) {
    return FormulaFolding.logic(Op.OR, Arrays.asList(conditions));
  }

  /**
   * Disjunction, as {@link #or(Formula...)}.
   *
   * @param conditions the truth values
   * @return their disjunction, {@code false} when there are none
   */
  public static Formula or(List<Formula> conditions) {
    return FormulaFolding.logic(Op.OR, conditions);
  }

  /**
   * Negation; a double negation cancels.
   *
   * @param c a truth value
   * @return its negation, folded
   */
  public static Formula not(Formula c) {
    return FormulaFolding.not(c);
  }

  // ---- Reading ---------------------------------------------------------------------------------

  /**
   * The operation at the root.
   *
   * @return the operation
   */
  public Op op() {
    return op;
  }

  /**
   * What the formula's value is.
   *
   * @return the type
   */
  public Type type() {
    return type;
  }

  /**
   * How many operands the root has.
   *
   * @return the number of operands, 0 for a leaf
   */
  public int arity() {
    return args.length;
  }

  /**
   * One operand of the root.
   *
   * @param k the operand's position, from 0
   * @return the operand
   */
  public Formula arg(int k) {
    return args[k];
  }

  /**
   * Whether the formula is a constant.
   *
   * @return true for a constant
   */
  public boolean isConstant() {
    return op == Op.CONST;
  }

  /**
   * A VAR's number (index or position), an INT constant's value, a BOOL constant's 1 or 0.
   *
   * @return the number, the value, or the truth value as 1 or 0
   */
  public long integer() {
    return integer;
  }

  /**
   * A constant's value as a double.
   *
   * @return the constant's value
   */
  public double realValue() {
    return type == Type.REAL ? real : integer;
  }

  /**
   * How many nodes the formula has (the cost of evaluating it once).
   *
   * @return the number of nodes
   */
  public int size() {
    return size;
  }

  /**
   * The variables it mentions, each once, in the order they first appear (left to right).
   *
   * @return the variables' numbers
   */
  public int[] variables() {
    if (size <= 64) { // the common small formula: a scan of at most 64 entries, no boxing
      int[] seen = new int[size];
      int n = collectSmall(seen, 0);
      return Arrays.copyOf(seen, n);
    }
    Set<Integer> seen = new LinkedHashSet<>();
    collect(seen);
    return seen.stream().mapToInt(Integer::intValue).toArray();
  }

  private int collectSmall(int[] seen, int n) {
    if (op == Op.VAR) {
      for (int k = 0; k < n; k++) {
        if (seen[k] == integer) {
          return n;
        }
      }
      seen[n] = (int) integer;
      return n + 1;
    }
    int m = n;
    for (Formula a : args) {
      m = a.collectSmall(seen, m);
    }
    return m;
  }

  private void collect(Set<Integer> seen) {
    if (op == Op.VAR) {
      seen.add((int) integer);
    }
    for (Formula a : args) {
      a.collect(seen);
    }
  }

  /** A variable the formula mentions that is not in {@code scope}, or -1. */
  int variableOutside(int[] scope) {
    if (op == Op.VAR) {
      return position(scope, integer) >= 0 ? -1 : (int) integer;
    }
    for (Formula a : args) {
      int v = a.variableOutside(scope);
      if (v >= 0) {
        return v;
      }
    }
    return -1;
  }

  /** Where {@code variable} stands in {@code scope}, or -1. */
  static int position(int[] scope, long variable) {
    for (int k = 0; k < scope.length; k++) {
      if (scope[k] == variable) {
        return k;
      }
    }
    return -1;
  }

  /**
   * The {@link #text()} of {@link #bind bind(scope)}, written without making the bound formula;
   * every variable must be in {@code scope}.
   */
  StringBuilder boundText(int[] scope) {
    StringBuilder sb = new StringBuilder(64);
    writeBound(sb, scope);
    return sb;
  }

  private void writeBound(StringBuilder sb, int[] scope) {
    if (op == Op.VAR) {
      int k = position(scope, integer);
      if (k < 0) {
        throw new ModelException("variable " + integer + " is not in the scope");
      }
      sb.append('$').append(k);
    } else if (args.length == 0) {
      write(sb);
    } else {
      sb.append('(').append(op.symbol);
      for (Formula a : args) {
        sb.append(' ');
        a.writeBound(sb, scope);
      }
      sb.append(')');
    }
  }

  /**
   * The same formula with variable {@code scope[k]} renamed {@code k}; every variable must be in
   * {@code scope}.
   */
  Formula bind(int[] scope) {
    if (op == Op.VAR) {
      for (int k = 0; k < scope.length; k++) {
        if (scope[k] == integer) {
          return new Formula(Op.VAR, Type.INT, NONE, k, 0);
        }
      }
      throw new ModelException("variable " + integer + " is not in the scope");
    }
    if (args.length == 0) {
      return this;
    }
    Formula[] bound = new Formula[args.length];
    for (int k = 0; k < args.length; k++) {
      bound[k] = args[k].bind(scope);
    }
    return new Formula(op, type, bound, integer, real);
  }

  /**
   * The same formula with variable {@code k} renamed {@code numbers[k]}: a shape made once with its
   * variables numbered in order, given the variables of one of its uses.
   */
  Formula renumbered(int[] numbers) {
    if (op == Op.VAR) {
      if (integer >= numbers.length) {
        throw new ModelException(
            "the formula uses variable "
                + integer
                + " but only "
                + numbers.length
                + " variables are given for it");
      }
      return variable(numbers[(int) integer]);
    }
    if (args.length == 0) {
      return this;
    }
    Formula[] renamed = new Formula[args.length];
    for (int k = 0; k < args.length; k++) {
      renamed[k] = args[k].renumbered(numbers);
    }
    return new Formula(op, type, renamed, integer, real);
  }

  // ---- Evaluation ------------------------------------------------------------------------------

  /**
   * The formula's value at {@code values} (variable {@code k} has {@code values[k]}): for a
   * relation 1.0 where it holds and 0.0 where not, for a number its value as a double. Throws a
   * ModelException when the value is undefined: integer overflow, or a number divided by zero.
   *
   * @param values the value of each variable, by number
   * @return the value
   */
  public double valueAt(int[] values) {
    return FormulaEvaluation.valueAt(this, values);
  }

  /**
   * Whether a relation holds at {@code values}.
   *
   * @param values the value of each variable, by number
   * @return true where the relation holds
   */
  public boolean holds(int[] values) {
    FormulaFolding.bool(this, "holds");
    return FormulaEvaluation.holdsAt(this, values);
  }

  // ---- Text ------------------------------------------------------------------------------------

  /**
   * The canonical text, in prefix form: {@code (!= (abs (- $0 $1)) 3)}. Integers in decimal,
   * decimals as {@link DecimalText} writes them (always with a point or an exponent), truth values
   * {@code true} and {@code false}, a variable {@code $k}. Equal formulas have equal text.
   *
   * @return the canonical text
   */
  public String text() {
    String t = text;
    if (t == null) {
      StringBuilder sb = new StringBuilder();
      write(sb);
      t = sb.toString();
      text = t;
    }
    return t;
  }

  private void write(StringBuilder sb) {
    switch (op) {
      case CONST:
        if (type == Type.INT) {
          sb.append(integer); // appended as digits: no string per constant of every factor's key
        } else {
          sb.append(type == Type.BOOL ? (integer != 0 ? "true" : "false") : DecimalText.of(real));
        }
        return;
      case VAR:
        sb.append('$').append(integer);
        return;
      default:
        sb.append('(').append(op.symbol);
        for (Formula a : args) {
          sb.append(' ');
          a.write(sb);
        }
        sb.append(')');
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Formula && ((Formula) o).text().equals(text());
  }

  @Override
  public int hashCode() {
    return text().hashCode();
  }

  @Override
  public String toString() {
    return text();
  }
}
