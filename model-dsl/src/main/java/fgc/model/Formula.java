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

  private static final Formula[] NONE = new Formula[0];
  private static final Formula TRUE = new Formula(Op.CONST, Type.BOOL, NONE, 1, 0);
  private static final Formula FALSE = new Formula(Op.CONST, Type.BOOL, NONE, 0, 0);

  private final Op op;
  private final Type type;
  private final Formula[] args;

  /** An INT or BOOL constant's value (1 true, 0 false), or a VAR's number. */
  private final long integer;

  private final double real;
  private final int depth;
  private final int size;
  private String text;

  private Formula(Op op, Type type, Formula[] args, long integer, double real) {
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
    List<Formula> flat = flatten(Op.ADD, terms);
    List<Formula> out = new ArrayList<>(flat.size() + 1);
    boolean real = false;
    long intSum = 0;
    double realSum = 0;
    boolean anyConstant = false;
    for (Formula t : flat) {
      number(t, "+");
      real |= t.type == Type.REAL;
      if (t.op == Op.CONST) {
        anyConstant = true;
        if (t.type == Type.INT) {
          intSum = exactly(intSum, t.integer, Op.ADD);
        } else {
          realSum += t.real;
        }
      } else {
        out.add(t);
      }
    }
    Formula constant = real ? real(realSum + intSum) : constant(intSum);
    if (out.isEmpty()) {
      return constant;
    }
    // A zero adds nothing; a decimal zero is kept only where it makes the sum a decimal.
    boolean realTerm = anyReal(out);
    if (anyConstant && constant.realValue() != 0.0 || constant.type == Type.REAL && !realTerm) {
      out.add(constant);
    }
    return out.size() == 1 && out.get(0).type == (real ? Type.REAL : Type.INT)
        ? out.get(0)
        : new Formula(Op.ADD, real ? Type.REAL : Type.INT, out.toArray(NONE), 0, 0);
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
    List<Formula> flat = flatten(Op.MUL, factors);
    List<Formula> out = new ArrayList<>(flat.size() + 1);
    boolean real = false;
    long intProduct = 1;
    double realProduct = 1;
    boolean anyConstant = false;
    for (Formula t : flat) {
      number(t, "*");
      real |= t.type == Type.REAL;
      if (t.op == Op.CONST) {
        anyConstant = true;
        if (t.type == Type.INT) {
          intProduct = exactly(intProduct, t.integer, Op.MUL);
        } else {
          realProduct *= t.real;
        }
      } else {
        out.add(t);
      }
    }
    Formula constant = real ? real(realProduct * intProduct) : constant(intProduct);
    if (out.isEmpty()) {
      return constant;
    }
    // A one multiplies by nothing; a decimal one is kept only where it makes the product a decimal.
    boolean realFactor = anyReal(out);
    if (anyConstant && constant.realValue() != 1.0 || constant.type == Type.REAL && !realFactor) {
      out.add(0, constant);
    }
    return out.size() == 1 && out.get(0).type == (real ? Type.REAL : Type.INT)
        ? out.get(0)
        : new Formula(Op.MUL, real ? Type.REAL : Type.INT, out.toArray(NONE), 0, 0);
  }

  /**
   * {@code a - b}.
   *
   * @param a the minuend, a number
   * @param b the subtrahend, a number
   * @return the difference, folded
   */
  public static Formula sub(Formula a, Formula b) {
    number(a, "-");
    number(b, "-");
    if (a.op == Op.CONST && b.op == Op.CONST) {
      return a.type == Type.INT && b.type == Type.INT
          ? constant(exactly(a.integer, b.integer, Op.SUB))
          : real(a.realValue() - b.realValue());
    }
    if (b.op == Op.CONST && b.type == Type.INT && b.integer == 0 && a.type == Type.INT) {
      return a;
    }
    return new Formula(Op.SUB, joint(a, b), new Formula[] {a, b}, 0, 0);
  }

  /**
   * {@code a / b}: truncating between integers, a double division otherwise.
   *
   * @param a the dividend, a number
   * @param b the divisor, a number
   * @return the quotient, folded when both are constants
   */
  public static Formula div(Formula a, Formula b) {
    return quotient(Op.DIV, a, b);
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
    return quotient(Op.MOD, a, b);
  }

  private static Formula quotient(Op op, Formula a, Formula b) {
    number(a, op.symbol);
    number(b, op.symbol);
    Formula f = new Formula(op, joint(a, b), new Formula[] {a, b}, 0, 0);
    if (a.op == Op.CONST && b.op == Op.CONST) {
      if (f.type == Type.INT && b.integer == 0) {
        throw new ModelException(
            (op == Op.DIV ? "division" : "modulo")
                + " by zero in "
                + a.integer
                + " "
                + op.symbol
                + " 0");
      }
      return f.type == Type.INT ? constant(f.intAt(null)) : real(f.realAt(null));
    }
    return f;
  }

  /**
   * {@code -a}.
   *
   * @param a a number
   * @return its negation, folded
   */
  public static Formula neg(Formula a) {
    number(a, "-");
    if (a.op == Op.CONST) {
      return a.type == Type.INT ? constant(exactly(0, a.integer, Op.SUB)) : real(-a.real);
    }
    return a.op == Op.NEG ? a.args[0] : new Formula(Op.NEG, a.type, new Formula[] {a}, 0, 0);
  }

  /**
   * {@code abs(a)}.
   *
   * @param a a number
   * @return its absolute value, folded
   */
  public static Formula abs(Formula a) {
    number(a, "abs");
    Formula f = new Formula(Op.ABS, a.type, new Formula[] {a}, 0, 0);
    return a.op == Op.CONST ? fold(f) : f;
  }

  /**
   * The least of {@code args}.
   *
   * @param args the numbers
   * @return their minimum, folded
   */
  public static Formula min(Formula... args) {
    return extreme(Op.MIN, Arrays.asList(args));
  }

  /**
   * The greatest of {@code args}.
   *
   * @param args the numbers
   * @return their maximum, folded
   */
  public static Formula max(Formula... args) {
    return extreme(Op.MAX, Arrays.asList(args));
  }

  private static Formula extreme(Op op, List<Formula> args) {
    if (args.isEmpty()) {
      throw new ModelException(op.symbol + " needs at least one argument");
    }
    List<Formula> flat = flatten(op, args);
    boolean real = false;
    boolean constant = true;
    for (Formula a : flat) {
      number(a, op.symbol);
      real |= a.type == Type.REAL;
      constant &= a.op == Op.CONST;
    }
    if (flat.size() == 1) {
      return flat.get(0);
    }
    Formula f = new Formula(op, real ? Type.REAL : Type.INT, flat.toArray(NONE), 0, 0);
    return constant ? fold(f) : f;
  }

  /**
   * The exponential, always a double.
   *
   * @param a a number
   * @return {@code exp(a)}, folded
   */
  public static Formula exp(Formula a) {
    return transcendental(Op.EXP, a);
  }

  /**
   * The natural logarithm.
   *
   * @param a a number
   * @return {@code log(a)}, folded
   */
  public static Formula log(Formula a) {
    return transcendental(Op.LOG, a);
  }

  private static Formula transcendental(Op op, Formula a) {
    number(a, op.symbol);
    Formula f = new Formula(op, Type.REAL, new Formula[] {a}, 0, 0);
    return a.op == Op.CONST ? real(f.realAt(null)) : f;
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
    bool(condition, "if");
    number(a, "if");
    number(b, "if");
    if (condition.op == Op.CONST) {
      return condition.integer != 0 ? a : b;
    }
    return new Formula(Op.IF, joint(a, b), new Formula[] {condition, a, b}, 0, 0);
  }

  /**
   * 1 where {@code condition} holds, else 0.
   *
   * @param condition a truth value
   * @return the indicator, an integer
   */
  public static Formula indicator(Formula condition) {
    bool(condition, "ind");
    if (condition.op == Op.CONST) {
      return constant(condition.integer);
    }
    return new Formula(Op.IND, Type.INT, new Formula[] {condition}, 0, 0);
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
    if (!op.comparison()) {
      throw new ModelException(op + " is not a comparison");
    }
    integer(a, op.symbol);
    integer(b, op.symbol);
    Formula f = new Formula(op, Type.BOOL, new Formula[] {a, b}, 0, 0);
    return a.op == Op.CONST && b.op == Op.CONST ? bool(f.holdsAt(null)) : f;
  }

  /**
   * Conjunction: constants that do not decide it dropped, one that does deciding it.
   *
   * @param conditions the truth values
   * @return their conjunction, {@code true} when there are none
   */
  public static Formula and(Formula... conditions) {
    return logic(Op.AND, Arrays.asList(conditions));
  }

  /**
   * Conjunction, as {@link #and(Formula...)}.
   *
   * @param conditions the truth values
   * @return their conjunction, {@code true} when there are none
   */
  public static Formula and(List<Formula> conditions) {
    return logic(Op.AND, conditions);
  }

  /**
   * Disjunction: constants that do not decide it dropped, one that does deciding it.
   *
   * @param conditions the truth values
   * @return their disjunction, {@code false} when there are none
   */
  public static Formula or(Formula... conditions) {
    return logic(Op.OR, Arrays.asList(conditions));
  }

  /**
   * Disjunction, as {@link #or(Formula...)}.
   *
   * @param conditions the truth values
   * @return their disjunction, {@code false} when there are none
   */
  public static Formula or(List<Formula> conditions) {
    return logic(Op.OR, conditions);
  }

  /**
   * A chain of {@code and} (or {@code or}): constants that do not decide it dropped, one that does
   * deciding it.
   */
  private static Formula logic(Op op, List<Formula> conditions) {
    boolean neutral = op == Op.AND;
    List<Formula> out = new ArrayList<>();
    for (Formula c : flatten(op, conditions)) {
      bool(c, op.symbol);
      if (c.op == Op.CONST) {
        if ((c.integer != 0) != neutral) {
          return bool(!neutral);
        }
      } else {
        out.add(c);
      }
    }
    if (out.isEmpty()) {
      return bool(neutral);
    }
    return out.size() == 1 ? out.get(0) : new Formula(op, Type.BOOL, out.toArray(NONE), 0, 0);
  }

  /**
   * Negation; a double negation cancels.
   *
   * @param c a truth value
   * @return its negation, folded
   */
  public static Formula not(Formula c) {
    bool(c, "not");
    if (c.op == Op.CONST) {
      return bool(c.integer == 0);
    }
    return c.op == Op.NOT ? c.args[0] : new Formula(Op.NOT, Type.BOOL, new Formula[] {c}, 0, 0);
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
    try {
      return switch (type) {
        case BOOL -> holdsAt(values) ? 1.0 : 0.0;
        case INT -> intAt(values);
        case REAL -> realAt(values);
      };
    } catch (DivisionByZero e) {
      throw new ModelException("division by zero");
    }
  }

  /**
   * Whether a relation holds at {@code values}.
   *
   * @param values the value of each variable, by number
   * @return true where the relation holds
   */
  public boolean holds(int[] values) {
    bool(this, "holds");
    return holdsAt(values);
  }

  /**
   * Thrown by an integer division by zero; caught by the comparison around it. Control flow only.
   */
  private static final class DivisionByZero extends RuntimeException {
    private static final long serialVersionUID = 1L;
    static final DivisionByZero INSTANCE = new DivisionByZero();

    private DivisionByZero() {
      super(null, null, false, false);
    }
  }

  private long intAt(int[] values) {
    switch (op) {
      case CONST:
        return integer;
      case VAR:
        return values[(int) integer];
      case ADD:
        {
          long s = 0;
          for (Formula a : args) {
            s = exactly(s, a.intAt(values), Op.ADD);
          }
          return s;
        }
      case MUL:
        {
          long p = 1;
          for (Formula a : args) {
            p = exactly(p, a.intAt(values), Op.MUL);
          }
          return p;
        }
      case SUB:
        return exactly(args[0].intAt(values), args[1].intAt(values), Op.SUB);
      case DIV:
      case MOD:
        {
          long a = args[0].intAt(values);
          long b = args[1].intAt(values);
          if (b == 0) {
            throw DivisionByZero.INSTANCE;
          }
          if (op == Op.MOD) {
            return a % b;
          }
          if (a == Long.MIN_VALUE && b == -1) {
            throw overflow(a, b, Op.DIV);
          }
          return a / b;
        }
      case NEG:
        return exactly(0, args[0].intAt(values), Op.SUB);
      case ABS:
        {
          long a = args[0].intAt(values);
          if (a == Long.MIN_VALUE) {
            throw new ModelException("integer overflow in abs(" + a + ")");
          }
          return Math.abs(a);
        }
      case MIN:
      case MAX:
        {
          long best = args[0].intAt(values);
          for (int k = 1; k < args.length; k++) {
            long v = args[k].intAt(values);
            best = op == Op.MIN ? Math.min(best, v) : Math.max(best, v);
          }
          return best;
        }
      case IF:
        return args[0].holdsAt(values) ? args[1].intAt(values) : args[2].intAt(values);
      case IND:
        // count's terms: an item that divides by zero leaves the count undefined, as in a sum,
        // so the comparison around the count is the one made false there
        return args[0].holdsOrUndefined(values) ? 1 : 0;
      default:
        throw new IllegalStateException(op + " is not an integer operation");
    }
  }

  private double realAt(int[] values) {
    if (type == Type.INT) {
      return intAt(values);
    }
    switch (op) {
      case CONST:
        return real;
      case ADD:
        {
          double s = 0;
          for (Formula a : args) {
            s += a.realAt(values);
          }
          return s;
        }
      case MUL:
        {
          double p = 1;
          for (Formula a : args) {
            p *= a.realAt(values);
          }
          return p;
        }
      case SUB:
        return args[0].realAt(values) - args[1].realAt(values);
      case DIV:
        return args[0].realAt(values) / args[1].realAt(values);
      case NEG:
        return -args[0].realAt(values);
      case ABS:
        return Math.abs(args[0].realAt(values));
      case MIN:
      case MAX:
        {
          double best = args[0].realAt(values);
          for (int k = 1; k < args.length; k++) {
            double v = args[k].realAt(values);
            best = op == Op.MIN ? Math.min(best, v) : Math.max(best, v);
          }
          return best;
        }
      case IF:
        return args[0].holdsAt(values) ? args[1].realAt(values) : args[2].realAt(values);
      case EXP:
        return Math.exp(args[0].realAt(values));
      case LOG:
        return Math.log(args[0].realAt(values));
      default:
        throw new IllegalStateException(op + " is not a decimal operation");
    }
  }

  /** {@link #holdsAt}, but a comparison whose operands divide by zero throws, not false. */
  private boolean holdsOrUndefined(int[] values) {
    if (op == Op.CONST || op == Op.AND || op == Op.OR || op == Op.NOT) {
      return holdsAt(values);
    }
    return compared(args[0].intAt(values), args[1].intAt(values));
  }

  private boolean holdsAt(int[] values) {
    switch (op) {
      case CONST:
        return integer != 0;
      case AND:
        for (Formula a : args) {
          if (!a.holdsAt(values)) {
            return false;
          }
        }
        return true;
      case OR:
        for (Formula a : args) {
          if (a.holdsAt(values)) {
            return true;
          }
        }
        return false;
      case NOT:
        return !args[0].holdsAt(values);
      default:
        {
          long a;
          long b;
          try {
            a = args[0].intAt(values);
            b = args[1].intAt(values);
          } catch (DivisionByZero undefined) {
            return false; // the nearest condition around an undefined number is false
          }
          return compared(a, b);
        }
    }
  }

  private boolean compared(long a, long b) {
    return switch (op) {
      case EQ -> a == b;
      case NE -> a != b;
      case LT -> a < b;
      case LE -> a <= b;
      case GT -> a > b;
      case GE -> a >= b;
      default -> throw new IllegalStateException(op + " is not a condition");
    };
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

  // ---- Helpers ---------------------------------------------------------------------------------

  private static Formula fold(Formula f) {
    return switch (f.type) {
      case INT -> constant(f.intAt(null));
      case REAL -> real(f.realAt(null));
      case BOOL -> bool(f.holdsAt(null));
    };
  }

  private static boolean anyReal(List<Formula> items) {
    for (Formula f : items) {
      if (f.type == Type.REAL) {
        return true;
      }
    }
    return false;
  }

  private static List<Formula> flatten(Op op, List<Formula> items) {
    List<Formula> out = new ArrayList<>(items.size());
    for (Formula f : items) {
      if (f == null) {
        throw new ModelException("a formula is missing (null)");
      }
      if (f.op == op) {
        out.addAll(Arrays.asList(f.args));
      } else {
        out.add(f);
      }
    }
    return out;
  }

  private static Type joint(Formula a, Formula b) {
    return a.type == Type.REAL || b.type == Type.REAL ? Type.REAL : Type.INT;
  }

  private static void number(Formula f, String where) {
    if (f == null) {
      throw new ModelException("a formula is missing (null)");
    }
    if (f.type == Type.BOOL) {
      throw new ModelException(where + " takes numbers, not a condition");
    }
  }

  private static void integer(Formula f, String where) {
    number(f, where);
    if (f.type == Type.REAL) {
      throw new ModelException(where + " compares integers, not decimals");
    }
  }

  private static void bool(Formula f, String where) {
    if (f == null) {
      throw new ModelException("a formula is missing (null)");
    }
    if (f.type != Type.BOOL) {
      throw new ModelException(where + " takes a condition, not a number");
    }
  }

  /** {@code a op b} for ADD, SUB or MUL, exactly; overflow is a ModelException. */
  private static long exactly(long a, long b, Op op) {
    try {
      return switch (op) {
        case ADD -> Math.addExact(a, b);
        case SUB -> Math.subtractExact(a, b);
        case MUL -> Math.multiplyExact(a, b);
        default -> throw new IllegalStateException(op.toString());
      };
    } catch (ArithmeticException e) {
      throw overflow(a, b, op);
    }
  }

  private static ModelException overflow(long a, long b, Op op) {
    return new ModelException("integer overflow in " + a + " " + op.symbol + " " + b);
  }
}
