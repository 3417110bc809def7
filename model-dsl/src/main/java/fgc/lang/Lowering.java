package fgc.lang;

import fgc.lang.Ast.Cond;
import fgc.lang.Ast.NumExpr;
import fgc.lang.Ast.Pos;
import fgc.model.Formula;
import fgc.model.ModelException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.function.Supplier;

/**
 * Expressions to {@link Formula}s, for the {@link Evaluator}: params, lets and loop variables
 * become constants, variable references the variables' flat indices, and every part without a
 * variable is computed here, with its errors (overflow, division by zero, an index out of range) at
 * the operator or name that caused them. A condition that decides an {@code &&}, {@code ||} or
 * {@code if(...)} by itself is computed first, so {@code i > 0 && x[i - 1] < x[i]} never reads
 * {@code x[-1]}.
 */
final class Lowering {
  /**
   * Which variables an expression may use: none (a constant), any (a relation), or those of a
   * weight's scope.
   */
  record Mode(boolean variables, Collection<Integer> scope, Supplier<String> scopeText) {}

  static final Mode CONSTANT = new Mode(false, null, null);
  static final Mode ANY_VARIABLE = new Mode(true, null, null);

  /**
   * The variables of a weight's scope, described as {@code text} in errors (made only for an error:
   * a loop makes a weight per iteration). A short scope is searched as it is.
   */
  static Mode scope(Collection<Integer> variables, Supplier<String> text) {
    return new Mode(true, variables.size() <= 16 ? variables : new HashSet<>(variables), text);
  }

  private final Evaluator ev;
  private final Mode mode;

  /**
   * When not null, the lowering makes a shape ({@link WeightShape}): each variable reference met is
   * added here and stands in the formula as the variable numbered by its place in this list.
   */
  private final List<Ast.Ref> shapeRefs;

  private int[] shapeVariables;

  Lowering(Evaluator ev, Mode mode) {
    this(ev, mode, null);
  }

  Lowering(Evaluator ev, Mode mode, List<Ast.Ref> shapeRefs) {
    this.ev = ev;
    this.mode = mode;
    this.shapeRefs = shapeRefs;
    this.shapeVariables = shapeRefs == null ? null : new int[4];
  }

  /** The flat index of each reference in the shape's list, as this lowering resolved it. */
  int[] shapeVariables() {
    return java.util.Arrays.copyOf(shapeVariables, shapeRefs.size());
  }

  /** An integer expression (a decimal in it is an error). */
  Formula integer(NumExpr e) {
    return lower(e, false);
  }

  /** A number, integer or decimal. */
  Formula number(NumExpr e) {
    return lower(e, true);
  }

  Formula cond(Cond c) {
    if (c instanceof Ast.Bool b) {
      return Formula.bool(b.value());
    }
    if (c instanceof Ast.Compare k) {
      Formula a = integer(k.left());
      Formula b = integer(k.right());
      return guarded(k.pos(), () -> Formula.compare(op(k.op()), a, b));
    }
    if (c instanceof Ast.Not n) {
      Formula a = cond(n.operand());
      return Formula.not(a);
    }
    return logic((Ast.Logic) c);
  }

  private Formula lower(NumExpr e, boolean decimals) {
    if (e instanceof Ast.Num n) {
      return Formula.constant(n.value());
    }
    if (e instanceof Ast.Decimal d) {
      return Formula.real(d.value()); // the parser lets a decimal only where decimals may be
    }
    if (e instanceof Ast.Name n) {
      return name(n, decimals);
    }
    if (e instanceof Ast.DataAt d) {
      return dataAt(d, decimals);
    }
    if (e instanceof Ast.Size) {
      return Formula.constant(ev.eval(e));
    }
    if (e instanceof Ast.Neg n) {
      Formula a = lower(n.operand(), decimals);
      if (intConstant(a) && a.integer() == Long.MIN_VALUE) {
        throw ev.error(n.pos(), "integer overflow in -(" + a.integer() + ")");
      }
      return guarded(n.pos(), () -> Formula.neg(a));
    }
    if (e instanceof Ast.Arith a) {
      return arith(a, decimals);
    }
    if (e instanceof Ast.MinMax m) {
      Formula a = lower(m.a(), decimals);
      Formula b = lower(m.b(), decimals);
      return guarded(m.pos(), () -> m.max() ? Formula.max(a, b) : Formula.min(a, b));
    }
    if (e instanceof Ast.Call c) {
      Formula a = lower(c.arg(), decimals || c.fn() != Ast.Fn.ABS);
      return guarded(
          c.pos(),
          () ->
              switch (c.fn()) {
                case ABS -> Formula.abs(a);
                case EXP -> Formula.exp(a);
                case LOG -> Formula.log(a);
              });
    }
    if (e instanceof Ast.Choose c) {
      Formula k = cond(c.cond());
      if (k.isConstant()) {
        return lower(k.integer() != 0 ? c.a() : c.b(), decimals);
      }
      Formula a = lower(c.a(), decimals);
      Formula b = lower(c.b(), decimals);
      return guarded(c.pos(), () -> Formula.ifThen(k, a, b));
    }
    if (e instanceof Ast.Fold f) {
      return fold(f.pos(), f.items(), f.binders(), decimals, f.product(), null);
    }
    Ast.Count c = (Ast.Count) e;
    return fold(c.pos(), c.items(), c.binders(), false, false, integer(c.value()));
  }

  /**
   * {@code sum} or {@code product} of the items for every binding, or, given {@code countOf}, how
   * many of them equal it. Constant terms are combined as they come (a sum over a million loop
   * values costs no memory), and at most {@link Formula#MAX_SIZE} terms with variables are kept.
   */
  private Formula fold(
      Pos pos,
      List<NumExpr> items,
      Ast.Binders binders,
      boolean decimals,
      boolean product,
      Formula countOf) {
    List<Formula> terms = new ArrayList<>();
    Formula[] constant = {Formula.constant(product ? 1 : 0)};
    ev.forEach(
        binders,
        () -> {
          for (NumExpr item : items) {
            Formula t = lower(item, decimals);
            Formula term =
                countOf == null ? t : guarded(pos, () -> Formula.count(countOf, List.of(t)));
            if (term.isConstant()) {
              Formula sofar = constant[0];
              constant[0] =
                  guarded(pos, () -> product ? Formula.mul(sofar, term) : Formula.add(sofar, term));
            } else if (terms.size() == Formula.MAX_SIZE) {
              throw ev.error(
                  pos,
                  "more than "
                      + Formula.MAX_SIZE
                      + " terms with variables in one expression; the limit is "
                      + Formula.MAX_SIZE);
            } else {
              terms.add(term);
            }
          }
        });
    terms.add(constant[0]);
    return guarded(pos, () -> product ? Formula.mul(terms) : Formula.add(terms));
  }

  private Formula name(Ast.Name n, boolean decimals) {
    Evaluator.Symbol symbol = ev.symbol(n.name());
    if (symbol instanceof Evaluator.Array && mode.variables()) {
      return variable(new Ast.Ref(n.pos(), n.name(), List.of()));
    }
    if (symbol instanceof Evaluator.FormulaLet f && mode.variables()) {
      return let(n, f.value(), decimals);
    }
    if (symbol instanceof Evaluator.RealConstant r && decimals) {
      return Formula.real(r.value());
    }
    if (symbol instanceof Evaluator.RealConstant) {
      throw ev.error(
          n.pos(),
          "'" + n.name() + "' is a decimal; an integer is needed here (decimals are for weights)");
    }
    return Formula.constant(ev.eval(n)); // a constant, or the error saying why it is not one
  }

  /**
   * A let over variables, where it is used: its variables must be in a weight's scope, and a
   * decimal only where decimals may be.
   */
  private Formula let(Ast.Name n, Formula value, boolean decimals) {
    if (shapeRefs
        != null) { // WeightShape.eligible keeps these out: their variables are not numbered as the
      // shape's
      throw new IllegalStateException("a let over variables in a shape");
    }
    if (value.type() == Formula.Type.REAL && !decimals) {
      throw ev.error(
          n.pos(),
          "'" + n.name() + "' is a decimal; an integer is needed here (decimals are for weights)");
    }
    for (int v : value.variables()) {
      ev.step(n.pos());
      if (mode.scope() != null && !mode.scope().contains(v)) {
        throw ev.error(
            n.pos(),
            "'"
                + n.name()
                + "' reads "
                + ev.variableName(v)
                + ", which is not in the scope of this weight ("
                + mode.scopeText().get()
                + "); list it in weight(...)");
      }
    }
    return value;
  }

  private Formula dataAt(Ast.DataAt d, boolean decimals) {
    Evaluator.Symbol symbol = ev.symbol(d.name());
    if (symbol instanceof Evaluator.Array && mode.variables()) {
      return variable(new Ast.Ref(d.pos(), d.name(), d.indices()));
    }
    if (symbol instanceof Evaluator.Table && mode.variables() && !d.indices().isEmpty()) {
      Ast.Ref at = variableRef(d.indices().get(d.indices().size() - 1));
      if (at != null) {
        return element(d, at, decimals);
      }
    }
    if (symbol instanceof Evaluator.Table && decimals) {
      return ev.dataTables().dataNumber(d);
    }
    return Formula.constant(ev.eval(d));
  }

  /** {@code e} as a reference to one variable ({@code x}, {@code x[r][c]}), or null. */
  private Ast.Ref variableRef(NumExpr e) {
    if (e instanceof Ast.Name n && ev.symbol(n.name()) instanceof Evaluator.Array) {
      return new Ast.Ref(n.pos(), n.name(), List.of());
    }
    if (e instanceof Ast.DataAt a && ev.symbol(a.name()) instanceof Evaluator.Array) {
      return new Ast.Ref(a.pos(), a.name(), a.indices());
    }
    return null;
  }

  /**
   * A data table read at a variable's value ({@code field[r][x[r][c]]}): the row's entries chosen
   * by comparisons with the variable, halving the range each time, so the relation or weight around
   * it is computed into a table as any other. Every value of the variable must index an entry that
   * is a number.
   */
  private Formula element(Ast.DataAt d, Ast.Ref at, boolean decimals) {
    List<fgc.lang.DataSet.Item> row = ev.dataTables().dataRow(d);
    Formula x = variable(at);
    fgc.model.Domain domain = ((Evaluator.Array) ev.symbol(at.name())).array().domain();
    if (domain.lo() < 0 || domain.hi() >= row.size()) {
      throw ev.error(
          at.pos(),
          "this variable indexes '"
              + d.name()
              + "' but takes "
              + domain.lo()
              + ".."
              + domain.hi()
              + ", and the row has entries 0.."
              + (row.size() - 1)
              + ": every value of an index must be in range");
    }
    Formula[] values = new Formula[domain.size()];
    for (int k = 0; k < values.length; k++) {
      fgc.lang.DataSet.Item item = row.get(domain.lo() + k);
      if (item.none() || !item.isInteger() && !decimals) {
        throw ev.error(
            at.pos(),
            "'"
                + d.name()
                + "' holds "
                + item.text()
                + " at "
                + ev.dataTables().inData(item)
                + ", where this variable can point; "
                + (item.none() ? "it is not a number" : "a relation takes integers"));
      }
      values[k] =
          item.isInteger() ? Formula.constant(item.longValue()) : Formula.real(item.value());
    }
    return pick(x, values, domain.lo(), 0, values.length - 1);
  }

  /** {@code values[from..to]} as the value at {@code x = lo + k}: a tree of {@code <=} tests. */
  private static Formula pick(Formula x, Formula[] values, int lo, int from, int to) {
    if (from == to) {
      return values[from];
    }
    int mid = (from + to) >>> 1;
    return Formula.ifThen(
        Formula.compare(Formula.Op.LE, x, Formula.constant(lo + mid)),
        pick(x, values, lo, from, mid),
        pick(x, values, lo, mid + 1, to));
  }

  private Formula variable(Ast.Ref ref) {
    ev.step(ref.pos());
    int index = ev.resolve(ref);
    if (mode.scope() != null && !mode.scope().contains(index)) {
      throw notInScope(ev, ref, index, mode.scopeText());
    }
    if (shapeRefs != null) {
      if (shapeRefs.size() == shapeVariables.length) {
        shapeVariables = java.util.Arrays.copyOf(shapeVariables, shapeVariables.length * 2);
      }
      shapeVariables[shapeRefs.size()] = index;
      shapeRefs.add(ref);
      return Formula.variable(shapeRefs.size() - 1);
    }
    return Formula.variable(index);
  }

  /**
   * A weight's formula reads variable {@code index} (through {@code ref}), which its scope,
   * described by {@code scopeText}, lacks.
   */
  static LanguageException notInScope(
      Evaluator ev, Ast.Ref ref, int index, Supplier<String> scopeText) {
    return ev.error(
        ref.pos(),
        "'"
            + ev.variableName(index)
            + "' is not in the scope of this weight ("
            + scopeText.get()
            + "); list it in weight(...)");
  }

  /**
   * A chain of binary operators, walked down its left operands in a loop as the evaluator does. A
   * run of {@code +} (or of {@code *}) is collected and made one flat formula at its end, so a long
   * sum costs time in proportion to its length; two constants are combined at once, with the
   * evaluator's own errors.
   */
  private Formula arith(Ast.Arith top, boolean decimals) {
    List<Ast.Arith> chain = new ArrayList<>(4);
    NumExpr left = top;
    while (left instanceof Ast.Arith a) {
      chain.add(a);
      left = a.left();
    }
    Formula value = lower(left, decimals);
    List<Formula> run = null;
    Ast.Arith runAt = null;
    for (int k = chain.size() - 1; k >= 0; k--) {
      Ast.Arith e = chain.get(k);
      Formula right = lower(e.right(), decimals);
      if (run == null && intConstant(value) && intConstant(right)) {
        value = Formula.constant(ev.arith(e, value.integer(), right.integer()));
        continue;
      }
      boolean flat = e.op() == Ast.ArithOp.ADD || e.op() == Ast.ArithOp.MUL;
      if (run != null && flat && e.op() == runAt.op()) {
        run.add(right);
        runAt = e;
        continue;
      }
      if (run != null) {
        value = flush(run, runAt);
        run = null;
      }
      if (flat) {
        run = new ArrayList<>(List.of(value, right));
        runAt = e;
        continue;
      }
      if (e.op() != Ast.ArithOp.SUB && intConstant(right) && right.integer() == 0) {
        throw ev.error(
            e.pos(),
            (e.op() == Ast.ArithOp.DIV ? "division" : "modulo")
                + " by zero: the divisor is always 0");
      }
      Formula l = value;
      value =
          guarded(
              e.pos(),
              () ->
                  switch (e.op()) {
                    case SUB -> Formula.sub(l, right);
                    case DIV -> Formula.div(l, right);
                    default -> Formula.mod(l, right);
                  });
    }
    return run == null ? value : flush(run, runAt);
  }

  private Formula flush(List<Formula> run, Ast.Arith at) {
    return guarded(
        at.pos(), () -> at.op() == Ast.ArithOp.ADD ? Formula.add(run) : Formula.mul(run));
  }

  /**
   * A chain of {@code &&} and {@code ||}: a constant that decides the chain so far leaves its right
   * side unread.
   */
  private Formula logic(Ast.Logic top) {
    List<Ast.Logic> chain = new ArrayList<>();
    Cond left = top;
    while (left instanceof Ast.Logic l) {
      chain.add(l);
      left = l.left();
    }
    Formula value = cond(left);
    List<Formula> run = null;
    Ast.LogicOp runOp = null;
    for (int k = chain.size() - 1; k >= 0; k--) {
      Ast.Logic l = chain.get(k);
      if (run == null && value.isConstant()) {
        boolean decided = l.op() == Ast.LogicOp.AND ? value.integer() == 0 : value.integer() != 0;
        if (!decided) {
          value = cond(l.right());
        }
        continue;
      }
      Formula right = cond(l.right());
      if (run != null && l.op() == runOp) {
        run.add(right);
        continue;
      }
      if (run != null) {
        value = runOp == Ast.LogicOp.AND ? Formula.and(run) : Formula.or(run);
      }
      run = new ArrayList<>(List.of(value, right));
      runOp = l.op();
    }
    if (run == null) {
      return value;
    }
    return runOp == Ast.LogicOp.AND ? Formula.and(run) : Formula.or(run);
  }

  private static boolean intConstant(Formula f) {
    return f.isConstant() && f.type() == Formula.Type.INT;
  }

  private static Formula.Op op(Ast.CompareOp op) {
    return switch (op) {
      case EQ -> Formula.Op.EQ;
      case NE -> Formula.Op.NE;
      case LT -> Formula.Op.LT;
      case LE -> Formula.Op.LE;
      case GT -> Formula.Op.GT;
      case GE -> Formula.Op.GE;
    };
  }

  /**
   * Runs a formula factory; its error (overflow, a decimal where an integer belongs, too deep) is
   * positioned at {@code pos}.
   */
  private Formula guarded(Pos pos, Supplier<Formula> make) {
    try {
      return make.get();
    } catch (ModelException e) {
      throw ev.error(pos, e.getMessage());
    }
  }
}
