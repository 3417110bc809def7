package fgc.model;

import fgc.model.Formula.Op;

/**
 * A {@link Formula}'s value at an assignment of its variables, as its meaning says: integers exact
 * in 64 bits (overflow an error), decimals in doubles, and an integer division by zero making the
 * nearest comparison around it false.
 */
final class FormulaEvaluation {
  private FormulaEvaluation() {}

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

  /** {@link Formula#valueAt}: a division by zero no comparison caught is an error. */
  static double valueAt(Formula f, int[] values) {
    try {
      return switch (f.type) {
        case BOOL -> holdsAt(f, values) ? 1.0 : 0.0;
        case INT -> intAt(f, values);
        case REAL -> realAt(f, values);
      };
    } catch (DivisionByZero e) {
      throw new ModelException("division by zero");
    }
  }

  static long intAt(Formula f, int[] values) {
    switch (f.op) {
      case CONST:
        return f.integer;
      case VAR:
        return values[(int) f.integer];
      case ADD:
        {
          long s = 0;
          for (Formula a : f.args) {
            s = exactly(s, intAt(a, values), Op.ADD);
          }
          return s;
        }
      case MUL:
        {
          long p = 1;
          for (Formula a : f.args) {
            p = exactly(p, intAt(a, values), Op.MUL);
          }
          return p;
        }
      case SUB:
        return exactly(intAt(f.args[0], values), intAt(f.args[1], values), Op.SUB);
      case DIV:
      case MOD:
        {
          long a = intAt(f.args[0], values);
          long b = intAt(f.args[1], values);
          if (b == 0) {
            throw DivisionByZero.INSTANCE;
          }
          if (f.op == Op.MOD) {
            return a % b;
          }
          if (a == Long.MIN_VALUE && b == -1) {
            throw overflow(a, b, Op.DIV);
          }
          return a / b;
        }
      case NEG:
        return exactly(0, intAt(f.args[0], values), Op.SUB);
      case ABS:
        {
          long a = intAt(f.args[0], values);
          if (a == Long.MIN_VALUE) {
            throw new ModelException("integer overflow in abs(" + a + ")");
          }
          return Math.abs(a);
        }
      case MIN:
      case MAX:
        {
          long best = intAt(f.args[0], values);
          for (int k = 1; k < f.args.length; k++) {
            long v = intAt(f.args[k], values);
            best = f.op == Op.MIN ? Math.min(best, v) : Math.max(best, v);
          }
          return best;
        }
      case IF:
        return holdsAt(f.args[0], values) ? intAt(f.args[1], values) : intAt(f.args[2], values);
      case IND:
        // count's terms: an item that divides by zero leaves the count undefined, as in a sum,
        // so the comparison around the count is the one made false there
        return holdsOrUndefined(f.args[0], values) ? 1 : 0;
      default:
        throw new IllegalStateException(f.op + " is not an integer operation");
    }
  }

  static double realAt(Formula f, int[] values) {
    if (f.type == Formula.Type.INT) {
      return intAt(f, values);
    }
    switch (f.op) {
      case CONST:
        return f.real;
      case ADD:
        {
          double s = 0;
          for (Formula a : f.args) {
            s += realAt(a, values);
          }
          return s;
        }
      case MUL:
        {
          double p = 1;
          for (Formula a : f.args) {
            p *= realAt(a, values);
          }
          return p;
        }
      case SUB:
        return realAt(f.args[0], values) - realAt(f.args[1], values);
      case DIV:
        return realAt(f.args[0], values) / realAt(f.args[1], values);
      case NEG:
        return -realAt(f.args[0], values);
      case ABS:
        return Math.abs(realAt(f.args[0], values));
      case MIN:
      case MAX:
        {
          double best = realAt(f.args[0], values);
          for (int k = 1; k < f.args.length; k++) {
            double v = realAt(f.args[k], values);
            best = f.op == Op.MIN ? Math.min(best, v) : Math.max(best, v);
          }
          return best;
        }
      case IF:
        return holdsAt(f.args[0], values) ? realAt(f.args[1], values) : realAt(f.args[2], values);
      case EXP:
        return Math.exp(realAt(f.args[0], values));
      case LOG:
        return Math.log(realAt(f.args[0], values));
      default:
        throw new IllegalStateException(f.op + " is not a decimal operation");
    }
  }

  /** {@link #holdsAt}, but a comparison whose operands divide by zero throws, not false. */
  private static boolean holdsOrUndefined(Formula f, int[] values) {
    if (f.op == Op.CONST || f.op == Op.AND || f.op == Op.OR || f.op == Op.NOT) {
      return holdsAt(f, values);
    }
    return compared(f.op, intAt(f.args[0], values), intAt(f.args[1], values));
  }

  static boolean holdsAt(Formula f, int[] values) {
    switch (f.op) {
      case CONST:
        return f.integer != 0;
      case AND:
        for (Formula a : f.args) {
          if (!holdsAt(a, values)) {
            return false;
          }
        }
        return true;
      case OR:
        for (Formula a : f.args) {
          if (holdsAt(a, values)) {
            return true;
          }
        }
        return false;
      case NOT:
        return !holdsAt(f.args[0], values);
      default:
        {
          long a;
          long b;
          try {
            a = intAt(f.args[0], values);
            b = intAt(f.args[1], values);
          } catch (DivisionByZero undefined) {
            return false; // the nearest condition around an undefined number is false
          }
          return compared(f.op, a, b);
        }
    }
  }

  private static boolean compared(Op op, long a, long b) {
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

  /** {@code a op b} for ADD, SUB or MUL, exactly; overflow is a ModelException. */
  static long exactly(long a, long b, Op op) {
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
    return new ModelException("integer overflow in " + a + " " + op.symbol() + " " + b);
  }
}
