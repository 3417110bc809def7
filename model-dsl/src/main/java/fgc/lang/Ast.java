package fgc.lang;

import java.util.List;
import java.util.Optional;

/**
 * The syntax tree the {@link Parser} builds and the {@link Evaluator} walks. Every node is an
 * immutable record carrying the position errors about it are reported at.
 *
 * <p>Expressions are typed by construction: {@link IntExpr} for 64-bit integers and {@link Cond}
 * for conditions. The parser rejects a condition where an integer belongs (and the reverse), so the
 * evaluator never meets a type error.
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

  sealed interface Stmt permits Param, Let, Var, Observe, Data, For, If, AllDiff, Neq, Eq, Sum, Table, Prior {
    Pos pos();
  }

  /** {@code param NAME = value;} at the top level; {@code pos} is the name's. */
  record Param(Pos pos, String name, IntExpr value) implements Stmt {}

  /** {@code let NAME = value;}; {@code pos} is the name's. */
  record Let(Pos pos, String name, IntExpr value) implements Stmt {}

  /** {@code var NAME[d1]...[dk] in domain;} at the top level; {@code pos} is the name's. */
  record Var(Pos pos, String name, List<IntExpr> dims, Range domain) implements Stmt {}

  /** {@code observe NAME;} at the top level; {@code pos} is the name's. */
  record Observe(Pos pos, String name) implements Stmt {}

  /** {@code for BINDERS { body }}; {@code pos} is the keyword's. */
  record For(Pos pos, Binders binders, List<Stmt> body) implements Stmt {}

  /** {@code if cond { then } else { otherwise }}, an absent else being an empty list. */
  record If(Pos pos, Cond cond, List<Stmt> then, List<Stmt> otherwise) implements Stmt {}

  /**
   * {@code alldiff(...)}: every ref, for every binding of {@code binders}. A plain list
   * {@code alldiff(a, b, c)} has no binders and so one binding: the refs once each.
   */
  record AllDiff(Pos pos, List<Ref> refs, Binders binders) implements Stmt {}

  /** {@code neq(a, b);}. */
  record Neq(Pos pos, Ref a, Ref b) implements Stmt {}

  /** {@code eq(a, b);}. */
  record Eq(Pos pos, Ref a, Ref b) implements Stmt {}

  /** {@code data NAME;} at the top level: the table {@code NAME} comes from the data file. */
  record Data(Pos pos, String name) implements Stmt {}

  /** {@code sum(refs) == total;}, the refs as in {@link AllDiff}. */
  record Sum(Pos pos, List<Ref> refs, Binders binders, IntExpr total) implements Stmt {}

  /** {@code table(refs) = weights;}, the refs as in {@link AllDiff}. */
  record Table(Pos pos, List<Ref> refs, Binders binders, Weights weights) implements Stmt {}

  /** {@code prior(ref) = weights;}. */
  record Prior(Pos pos, Ref ref, Weights weights) implements Stmt {}

  /** Where a factor's weights come from: an inline list, or a data table (one row of it, or all of it). */
  sealed interface Weights permits InlineWeights, DataWeights {
    Pos pos();
  }

  /** {@code [w1, w2, ...]}: each a non-negative number literal, integer or decimal. */
  record InlineWeights(Pos pos, List<Double> values, List<Pos> positions) implements Weights {}

  /** {@code NAME} (every row, in order) or {@code NAME[row]} of a data table. */
  record DataWeights(Pos pos, String name, Optional<IntExpr> row) implements Weights {}

  /** A variable reference {@code NAME} or {@code NAME[i]...[k]}; {@code pos} is the name's. */
  record Ref(Pos pos, String name, List<IntExpr> indices) {}

  /** {@code i in a..b, j in c..d where cond}: nested loops, the first outermost, then a filter. */
  record Binders(List<Binder> list, Cond where) {}

  /** {@code NAME in range}; {@code pos} is the name's. */
  record Binder(Pos pos, String name, Range range) {}

  /** {@code lo..hi}, both ends included; {@code pos} is where {@code lo} starts. */
  record Range(Pos pos, IntExpr lo, IntExpr hi) {}

  // ---- Expressions -----------------------------------------------------------------------------

  sealed interface Expr permits IntExpr, Cond {
    /** Where runtime errors of this node are reported: the operator of a composite node. */
    Pos pos();
  }

  sealed interface IntExpr extends Expr permits Num, Name, Neg, Arith, MinMax, DataAt, Size {}

  sealed interface Cond extends Expr permits Bool, Compare, Logic, Not {}

  enum ArithOp {
    ADD("+"), SUB("-"), MUL("*"), DIV("/"), MOD("%");

    final String symbol;

    ArithOp(String symbol) {
      this.symbol = symbol;
    }
  }

  enum CompareOp { EQ, NE, LT, LE, GT, GE }

  enum LogicOp { AND, OR }

  record Num(Pos pos, long value) implements IntExpr {}

  /** A param, let or loop variable. */
  record Name(Pos pos, String name) implements IntExpr {}

  record Neg(Pos pos, IntExpr operand) implements IntExpr {}

  record Arith(Pos pos, ArithOp op, IntExpr left, IntExpr right) implements IntExpr {}

  /** {@code min(a, b)} or, when {@code max} is set, {@code max(a, b)}. */
  record MinMax(Pos pos, boolean max, IntExpr a, IntExpr b) implements IntExpr {}

  /** {@code NAME[i]} or {@code NAME[row][column]}: an integer from a data table. */
  record DataAt(Pos pos, String name, List<IntExpr> indices) implements IntExpr {}

  /** {@code size(NAME)}: how many rows a data table has; {@code size(NAME[row])}: how many entries that row has. */
  record Size(Pos pos, String name, Optional<IntExpr> row) implements IntExpr {}

  record Bool(Pos pos, boolean value) implements Cond {}

  record Compare(Pos pos, CompareOp op, IntExpr left, IntExpr right) implements Cond {}

  record Logic(Pos pos, LogicOp op, Cond left, Cond right) implements Cond {}

  record Not(Pos pos, Cond operand) implements Cond {}

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
