package fgc.lang;

import java.util.List;
import java.util.Optional;

/**
 * The syntax tree the {@link Parser} builds and the {@link Evaluator} walks. Every node is an
 * immutable record carrying the position errors about it are reported at.
 *
 * <p>Expressions are typed by construction: {@link NumExpr} for numbers and {@link Cond} for
 * conditions. A number is a 64-bit integer unless it holds a decimal ({@link #decimalAt}: a decimal
 * literal, {@code exp} or {@code log}), which only a weight formula or a let may; the parser
 * rejects a condition where a number belongs, a number where a condition belongs, and a decimal
 * where an integer belongs, so the evaluator never meets a type error it could have been told of.
 *
 * <p>Binary operators associate to the left, so a chain such as {@code 1 + 2 + ... + 1000} is a
 * tree as deep as it is long down its left operands; every walker ({@link #start}, the evaluator)
 * follows left operands in a loop, so only real nesting, which the parser bounds, costs recursion.
 */
final class Ast {
  private Ast() {}

  /** A 1-based line and column. */
  record Pos(int line, int column) {
    @Override
    public String toString() {
      return line + ":" + column;
    }
  }

  /**
   * A whole model file; {@code name} is present when the file starts with {@code model NAME;}, and
   * {@code end} is where the file ends (errors about the model as a whole are reported there).
   */
  record Program(Optional<String> name, List<Stmt> statements, Pos end) {}

  // ---- Statements ------------------------------------------------------------------------------

  sealed interface Stmt
      permits Param,
          Let,
          Var,
          Observe,
          Group,
          Data,
          For,
          If,
          AllDiff,
          Neq,
          Eq,
          Relation,
          Table,
          Prior,
          Weight,
          Cpt {
    Pos pos();
  }

  /** {@code param NAME = value;} at the top level; {@code pos} is the name's. */
  record Param(Pos pos, String name, NumExpr value) implements Stmt {}

  /** {@code let NAME = value;}, an integer or a decimal; {@code pos} is the name's. */
  record Let(Pos pos, String name, NumExpr value) implements Stmt {}

  /** {@code var NAME[d1]...[dk] in domain;} at the top level; {@code pos} is the name's. */
  record Var(Pos pos, String name, List<NumExpr> dims, Range domain) implements Stmt {}

  /** {@code observe NAME;} at the top level; {@code pos} is the name's. */
  record Observe(Pos pos, String name) implements Stmt {}

  /**
   * Declarations written together, run in order: {@code var a, b in 0..1;} or {@code observe a,
   * b;}.
   */
  record Group(Pos pos, List<Stmt> statements) implements Stmt {}

  /** {@code for BINDERS { body }}; {@code pos} is the keyword's. */
  record For(Pos pos, Binders binders, List<Stmt> body) implements Stmt {}

  /** {@code if cond { then } else { otherwise }}, an absent else being an empty list. */
  record If(Pos pos, Cond cond, List<Stmt> then, List<Stmt> otherwise) implements Stmt {}

  /**
   * {@code alldiff(...)}: every item (an integer expression, usually a variable), for every binding
   * of {@code binders}. A plain list {@code alldiff(a, b, c)} has no binders and so one binding:
   * the items once each.
   */
  record AllDiff(Pos pos, List<NumExpr> items, Binders binders) implements Stmt {}

  /** {@code neq(a, b);}. */
  record Neq(Pos pos, Ref a, Ref b) implements Stmt {}

  /** {@code eq(a, b);}. */
  record Eq(Pos pos, Ref a, Ref b) implements Stmt {}

  /** {@code data NAME;} at the top level: the table {@code NAME} comes from the data file. */
  record Data(Pos pos, String name) implements Stmt {}

  /**
   * {@code relation;}: a condition over variables that must hold; {@code pos} is where it starts.
   */
  record Relation(Pos pos, Cond relation) implements Stmt {}

  /**
   * {@code table(refs) = weights;}: the refs listed, or one ref for every binding of the binders.
   */
  record Table(Pos pos, List<Ref> refs, Binders binders, Weights weights) implements Stmt {}

  /** {@code prior(ref) = weights;}. */
  record Prior(Pos pos, Ref ref, Weights weights) implements Stmt {}

  /**
   * {@code weight(refs) = formula;}: a soft factor over the refs (as in {@link Table}), weighed by
   * the formula.
   */
  record Weight(Pos pos, List<Ref> refs, Binders binders, NumExpr formula) implements Stmt {}

  /** {@code cpt(child | parents) = rows;} or, without parents, {@code cpt(child) = row;}. */
  record Cpt(Pos pos, Ref child, List<Ref> parents, Weights rows) implements Stmt {}

  /**
   * Where a factor's weights come from: an inline list, inline rows (a cpt), or a data table (one
   * row of it, or all of it).
   */
  sealed interface Weights permits InlineWeights, InlineRows, DataWeights {
    Pos pos();
  }

  /** {@code [[w, ...], [w, ...]]}: the rows of a cpt, one per joint value of its parents. */
  record InlineRows(Pos pos, List<InlineWeights> rows) implements Weights {}

  /**
   * {@code [w1, w2, ...]}: each a non-negative number literal, integer or decimal. The values are a
   * plain array (no box per weight, as a big model writes millions); nothing may change them.
   */
  record InlineWeights(Pos pos, double[] values) implements Weights {}

  /** {@code NAME} (every row, in order) or {@code NAME[row]} of a data table. */
  record DataWeights(Pos pos, String name, Optional<NumExpr> row) implements Weights {}

  /** A variable reference {@code NAME} or {@code NAME[i]...[k]}; {@code pos} is the name's. */
  record Ref(Pos pos, String name, List<NumExpr> indices) {}

  /** {@code i in a..b, j in c..d where cond}: nested loops, the first outermost, then a filter. */
  record Binders(List<Binder> list, Cond where) {}

  /** {@code NAME in range}; {@code pos} is the name's. */
  record Binder(Pos pos, String name, Range range) {}

  /** {@code lo..hi}, both ends included; {@code pos} is where {@code lo} starts. */
  record Range(Pos pos, NumExpr lo, NumExpr hi) {}

  // ---- Expressions -----------------------------------------------------------------------------

  sealed interface Expr permits NumExpr, Cond {
    /** Where runtime errors of this node are reported: the operator of a composite node. */
    Pos pos();
  }

  sealed interface NumExpr extends Expr
      permits Num, Decimal, Name, Neg, Arith, MinMax, DataAt, Size, Call, Choose, Fold, Count {}

  sealed interface Cond extends Expr permits Bool, Compare, Logic, Not {}

  enum ArithOp {
    ADD("+"),
    SUB("-"),
    MUL("*"),
    DIV("/"),
    MOD("%");

    final String symbol;

    ArithOp(String symbol) {
      this.symbol = symbol;
    }
  }

  enum CompareOp {
    EQ,
    NE,
    LT,
    LE,
    GT,
    GE
  }

  enum LogicOp {
    AND,
    OR
  }

  enum Fn {
    ABS("abs"),
    EXP("exp"),
    LOG("log");

    final String word;

    Fn(String word) {
      this.word = word;
    }
  }

  record Num(Pos pos, long value) implements NumExpr {}

  /** A decimal literal such as {@code 0.5}, as written in {@code text}. */
  record Decimal(Pos pos, double value, String text) implements NumExpr {}

  /** A param, let, loop variable or scalar variable. */
  record Name(Pos pos, String name) implements NumExpr {}

  record Neg(Pos pos, NumExpr operand) implements NumExpr {}

  record Arith(Pos pos, ArithOp op, NumExpr left, NumExpr right) implements NumExpr {}

  /** {@code min(a, b)} or, when {@code max} is set, {@code max(a, b)}. */
  record MinMax(Pos pos, boolean max, NumExpr a, NumExpr b) implements NumExpr {}

  /**
   * {@code NAME[i]...}: an element of a variable array, or a number from a data table ({@code
   * NAME[i]} or {@code NAME[row][column]}).
   */
  record DataAt(Pos pos, String name, List<NumExpr> indices) implements NumExpr {}

  /** {@code abs(x)}, {@code exp(x)} or {@code log(x)}; the latter two are decimals. */
  record Call(Pos pos, Fn fn, NumExpr arg) implements NumExpr {}

  /** {@code if(cond, a, b)}: {@code a} where the condition holds, else {@code b}. */
  record Choose(Pos pos, Cond cond, NumExpr a, NumExpr b) implements NumExpr {}

  /**
   * {@code sum(items)} or, when {@code product} is set, {@code product(items)}; items as in {@link
   * AllDiff}.
   */
  record Fold(Pos pos, boolean product, List<NumExpr> items, Binders binders) implements NumExpr {}

  /** {@code count(value, items)}: how many items equal the value. */
  record Count(Pos pos, NumExpr value, List<NumExpr> items, Binders binders) implements NumExpr {}

  /**
   * {@code size(NAME)}: how many rows a data table has; {@code size(NAME[row])}: how many entries
   * that row has.
   */
  record Size(Pos pos, String name, Optional<NumExpr> row) implements NumExpr {}

  record Bool(Pos pos, boolean value) implements Cond {}

  record Compare(Pos pos, CompareOp op, NumExpr left, NumExpr right) implements Cond {}

  record Logic(Pos pos, LogicOp op, Cond left, Cond right) implements Cond {}

  record Not(Pos pos, Cond operand) implements Cond {}

  /**
   * Where {@code e} first makes a decimal (a decimal literal, {@code exp}, {@code log}), or null
   * for an integer expression. A comparison's operands are integers, so conditions are not entered.
   */
  static Pos decimalAt(NumExpr e) {
    if (!(e instanceof Arith)) {
      return decimalAtLeaf(
          e); // the usual index or bound, a literal or a name: no list for the chain
    }
    java.util.List<Arith> chain = new java.util.ArrayList<>();
    NumExpr left = e;
    while (left instanceof Arith a) { // down the left operands in a loop: a chain is no nesting
      chain.add(a);
      left = a.left();
    }
    Pos found = decimalAtLeaf(left);
    for (int k = chain.size() - 1; k >= 0 && found == null; k--) {
      found = decimalAt(chain.get(k).right());
    }
    return found;
  }

  private static Pos decimalAtLeaf(NumExpr e) {
    if (e instanceof Decimal || e instanceof Call c && c.fn() != Fn.ABS) {
      return e.pos();
    }
    if (e instanceof Neg n) {
      return decimalAt(n.operand());
    }
    if (e instanceof Call c) {
      return decimalAt(c.arg());
    }
    if (e instanceof MinMax m) {
      return first(decimalAt(m.a()), decimalAt(m.b()));
    }
    if (e instanceof Choose c) {
      return first(decimalAt(c.a()), decimalAt(c.b()));
    }
    if (e instanceof Fold f) {
      Pos found = null;
      for (NumExpr item : f.items()) {
        found = first(found, decimalAt(item));
      }
      return found;
    }
    return null;
  }

  private static Pos first(Pos a, Pos b) {
    return a != null ? a : b;
  }

  /**
   * Where {@code e} starts in the text: its leftmost operand's position. Errors about a whole
   * expression (a wrong type, an index out of range) point here rather than at its operator.
   */
  static Pos start(Expr e) {
    Expr left = e;
    while (true) {
      if (left instanceof Arith a) {
        left = a.left();
      } else if (left instanceof Compare c) {
        left = c.left();
      } else if (left instanceof Logic l) {
        left = l.left();
      } else {
        return left.pos();
      }
    }
  }
}
