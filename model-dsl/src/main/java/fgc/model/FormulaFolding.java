package fgc.model;

import fgc.model.Formula.Op;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The one form {@link Formula}'s factories give an expression, whoever builds it: operands checked
 * for type, chains of {@code +}, {@code *}, {@code and}, {@code or} flattened, and every
 * all-constant part folded into a constant.
 */
final class FormulaFolding {
  private FormulaFolding() {}

  /** {@link Formula#add(List)}. */
  static Formula add(List<Formula> terms) {
    List<Formula> flat = flatten(Op.ADD, terms);
    List<Formula> out = new ArrayList<>(flat.size() + 1);
    boolean real = false;
    long intSum = 0;
    double realSum = 0;
    boolean anyConstant = false;
    for (Formula t : flat) {
      number(t, "+");
      real |= t.type == Formula.Type.REAL;
      if (t.op == Op.CONST) {
        anyConstant = true;
        if (t.type == Formula.Type.INT) {
          intSum = FormulaEvaluation.exactly(intSum, t.integer, Op.ADD);
        } else {
          realSum += t.real;
        }
      } else {
        out.add(t);
      }
    }
    Formula constant = real ? Formula.real(realSum + intSum) : Formula.constant(intSum);
    if (out.isEmpty()) {
      return constant;
    }
    // A zero adds nothing; a decimal zero is kept only where it makes the sum a decimal.
    boolean realTerm = anyReal(out);
    if (anyConstant && constant.realValue() != 0.0
        || constant.type == Formula.Type.REAL && !realTerm) {
      out.add(constant);
    }
    return out.size() == 1 && out.get(0).type == (real ? Formula.Type.REAL : Formula.Type.INT)
        ? out.get(0)
        : new Formula(
            Op.ADD, real ? Formula.Type.REAL : Formula.Type.INT, out.toArray(Formula.NONE), 0, 0);
  }

  /** {@link Formula#mul(List)}. */
  static Formula mul(List<Formula> factors) {
    List<Formula> flat = flatten(Op.MUL, factors);
    List<Formula> out = new ArrayList<>(flat.size() + 1);
    boolean real = false;
    long intProduct = 1;
    double realProduct = 1;
    boolean anyConstant = false;
    for (Formula t : flat) {
      number(t, "*");
      real |= t.type == Formula.Type.REAL;
      if (t.op == Op.CONST) {
        anyConstant = true;
        if (t.type == Formula.Type.INT) {
          intProduct = FormulaEvaluation.exactly(intProduct, t.integer, Op.MUL);
        } else {
          realProduct *= t.real;
        }
      } else {
        out.add(t);
      }
    }
    Formula constant = real ? Formula.real(realProduct * intProduct) : Formula.constant(intProduct);
    if (out.isEmpty()) {
      return constant;
    }
    // A one multiplies by nothing; a decimal one is kept only where it makes the product a decimal.
    boolean realFactor = anyReal(out);
    if (anyConstant && constant.realValue() != 1.0
        || constant.type == Formula.Type.REAL && !realFactor) {
      out.add(0, constant);
    }
    return out.size() == 1 && out.get(0).type == (real ? Formula.Type.REAL : Formula.Type.INT)
        ? out.get(0)
        : new Formula(
            Op.MUL, real ? Formula.Type.REAL : Formula.Type.INT, out.toArray(Formula.NONE), 0, 0);
  }

  /** {@link Formula#sub}. */
  static Formula sub(Formula a, Formula b) {
    number(a, "-");
    number(b, "-");
    if (a.op == Op.CONST && b.op == Op.CONST) {
      return a.type == Formula.Type.INT && b.type == Formula.Type.INT
          ? Formula.constant(FormulaEvaluation.exactly(a.integer, b.integer, Op.SUB))
          : Formula.real(a.realValue() - b.realValue());
    }
    if (b.op == Op.CONST
        && b.type == Formula.Type.INT
        && b.integer == 0
        && a.type == Formula.Type.INT) {
      return a;
    }
    return new Formula(Op.SUB, joint(a, b), new Formula[] {a, b}, 0, 0);
  }

  /** {@link Formula#div} and {@link Formula#mod}, once {@code mod} has refused decimals. */
  static Formula quotient(Op op, Formula a, Formula b) {
    number(a, op.symbol());
    number(b, op.symbol());
    Formula f = new Formula(op, joint(a, b), new Formula[] {a, b}, 0, 0);
    if (a.op == Op.CONST && b.op == Op.CONST) {
      if (f.type == Formula.Type.INT && b.integer == 0) {
        throw new ModelException(
            (op == Op.DIV ? "division" : "modulo")
                + " by zero in "
                + a.integer
                + " "
                + op.symbol()
                + " 0");
      }
      return f.type == Formula.Type.INT
          ? Formula.constant(FormulaEvaluation.intAt(f, null))
          : Formula.real(FormulaEvaluation.realAt(f, null));
    }
    return f;
  }

  /** {@link Formula#neg}. */
  static Formula neg(Formula a) {
    number(a, "-");
    if (a.op == Op.CONST) {
      return a.type == Formula.Type.INT
          ? Formula.constant(FormulaEvaluation.exactly(0, a.integer, Op.SUB))
          : Formula.real(-a.real);
    }
    return a.op == Op.NEG ? a.args[0] : new Formula(Op.NEG, a.type, new Formula[] {a}, 0, 0);
  }

  /** {@link Formula#abs}. */
  static Formula abs(Formula a) {
    number(a, "abs");
    Formula f = new Formula(Op.ABS, a.type, new Formula[] {a}, 0, 0);
    return a.op == Op.CONST ? fold(f) : f;
  }

  /** {@link Formula#min} and {@link Formula#max}. */
  static Formula extreme(Op op, List<Formula> args) {
    if (args.isEmpty()) {
      throw new ModelException(op.symbol() + " needs at least one argument");
    }
    List<Formula> flat = flatten(op, args);
    boolean real = false;
    boolean constant = true;
    for (Formula a : flat) {
      number(a, op.symbol());
      real |= a.type == Formula.Type.REAL;
      constant &= a.op == Op.CONST;
    }
    if (flat.size() == 1) {
      return flat.get(0);
    }
    Formula f =
        new Formula(
            op, real ? Formula.Type.REAL : Formula.Type.INT, flat.toArray(Formula.NONE), 0, 0);
    return constant ? fold(f) : f;
  }

  /** {@link Formula#exp} and {@link Formula#log}. */
  static Formula transcendental(Op op, Formula a) {
    number(a, op.symbol());
    Formula f = new Formula(op, Formula.Type.REAL, new Formula[] {a}, 0, 0);
    return a.op == Op.CONST ? Formula.real(FormulaEvaluation.realAt(f, null)) : f;
  }

  /** {@link Formula#ifThen}. */
  static Formula ifThen(Formula condition, Formula a, Formula b) {
    bool(condition, "if");
    number(a, "if");
    number(b, "if");
    if (condition.op == Op.CONST) {
      return condition.integer != 0 ? a : b;
    }
    return new Formula(Op.IF, joint(a, b), new Formula[] {condition, a, b}, 0, 0);
  }

  /** {@link Formula#indicator}. */
  static Formula indicator(Formula condition) {
    bool(condition, "ind");
    if (condition.op == Op.CONST) {
      return Formula.constant(condition.integer);
    }
    return new Formula(Op.IND, Formula.Type.INT, new Formula[] {condition}, 0, 0);
  }

  /** {@link Formula#compare}. */
  static Formula compare(Op op, Formula a, Formula b) {
    if (!op.comparison()) {
      throw new ModelException(op + " is not a comparison");
    }
    integer(a, op.symbol());
    integer(b, op.symbol());
    Formula f = new Formula(op, Formula.Type.BOOL, new Formula[] {a, b}, 0, 0);
    return a.op == Op.CONST && b.op == Op.CONST
        ? Formula.bool(FormulaEvaluation.holdsAt(f, null))
        : f;
  }

  /**
   * A chain of {@code and} (or {@code or}): constants that do not decide it dropped, one that does
   * deciding it.
   */
  static Formula logic(Op op, List<Formula> conditions) {
    boolean neutral = op == Op.AND;
    List<Formula> out = new ArrayList<>();
    for (Formula c : flatten(op, conditions)) {
      bool(c, op.symbol());
      if (c.op == Op.CONST) {
        if ((c.integer != 0) != neutral) {
          return Formula.bool(!neutral);
        }
      } else {
        out.add(c);
      }
    }
    if (out.isEmpty()) {
      return Formula.bool(neutral);
    }
    return out.size() == 1
        ? out.get(0)
        : new Formula(op, Formula.Type.BOOL, out.toArray(Formula.NONE), 0, 0);
  }

  /** {@link Formula#not}. */
  static Formula not(Formula c) {
    bool(c, "not");
    if (c.op == Op.CONST) {
      return Formula.bool(c.integer == 0);
    }
    return c.op == Op.NOT
        ? c.args[0]
        : new Formula(Op.NOT, Formula.Type.BOOL, new Formula[] {c}, 0, 0);
  }

  private static Formula fold(Formula f) {
    return switch (f.type) {
      case INT -> Formula.constant(FormulaEvaluation.intAt(f, null));
      case REAL -> Formula.real(FormulaEvaluation.realAt(f, null));
      case BOOL -> Formula.bool(FormulaEvaluation.holdsAt(f, null));
    };
  }

  private static boolean anyReal(List<Formula> items) {
    for (Formula f : items) {
      if (f.type == Formula.Type.REAL) {
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

  private static Formula.Type joint(Formula a, Formula b) {
    return a.type == Formula.Type.REAL || b.type == Formula.Type.REAL
        ? Formula.Type.REAL
        : Formula.Type.INT;
  }

  private static void number(Formula f, String where) {
    if (f == null) {
      throw new ModelException("a formula is missing (null)");
    }
    if (f.type == Formula.Type.BOOL) {
      throw new ModelException(where + " takes numbers, not a condition");
    }
  }

  private static void integer(Formula f, String where) {
    number(f, where);
    if (f.type == Formula.Type.REAL) {
      throw new ModelException(where + " compares integers, not decimals");
    }
  }

  /** {@code f} must be a condition, for {@code where}. */
  static void bool(Formula f, String where) {
    if (f == null) {
      throw new ModelException("a formula is missing (null)");
    }
    if (f.type != Formula.Type.BOOL) {
      throw new ModelException(where + " takes a condition, not a number");
    }
  }
}
