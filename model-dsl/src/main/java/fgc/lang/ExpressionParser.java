package fgc.lang;

import static fgc.lang.Token.Kind.AND;
import static fgc.lang.Token.Kind.COMMA;
import static fgc.lang.Token.Kind.DECIMAL;
import static fgc.lang.Token.Kind.DOT_DOT;
import static fgc.lang.Token.Kind.FOR;
import static fgc.lang.Token.Kind.IDENTIFIER;
import static fgc.lang.Token.Kind.IN;
import static fgc.lang.Token.Kind.LEFT_BRACKET;
import static fgc.lang.Token.Kind.LEFT_PAREN;
import static fgc.lang.Token.Kind.NUMBER;
import static fgc.lang.Token.Kind.OR;
import static fgc.lang.Token.Kind.RIGHT_BRACKET;
import static fgc.lang.Token.Kind.RIGHT_PAREN;
import static fgc.lang.Token.Kind.WHERE;

import fgc.lang.Ast.ArithOp;
import fgc.lang.Ast.CompareOp;
import fgc.lang.Ast.Cond;
import fgc.lang.Ast.Expr;
import fgc.lang.Ast.LogicOp;
import fgc.lang.Ast.NumExpr;
import fgc.lang.Ast.Pos;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Expressions for the {@link Parser}, by recursive descent from the lowest precedence, each
 * operand's type checked as it is read (integer, number or condition); and the parts of statements
 * made of expressions: the items of a list or comprehension, the binders of a loop, a range.
 */
final class ExpressionParser {
  private final ParseInput in;

  ExpressionParser(ParseInput in) {
    this.in = in;
  }

  /**
   * The items of {@code alldiff}, {@code sum}, {@code product} or {@code count}: a list, or one
   * item and the binders of a comprehension.
   */
  record Items(List<NumExpr> list, Ast.Binders binders) {}

  /**
   * {@code item ( "for" binders | { "," item } )}, integers unless {@code decimals} allows numbers.
   */
  Items items(Token keyword, boolean decimals) {
    List<NumExpr> list = new ArrayList<>();
    list.add(item(decimals));
    Ast.Binders binders;
    int saved = in.depth;
    if (in.match(FOR)) {
      binders = binders();
    } else {
      while (in.match(COMMA)) {
        list.add(item(decimals));
      }
      binders = new Ast.Binders(List.of(), new Ast.Bool(keyword.pos(), true));
    }
    in.depth = saved;
    return new Items(List.copyOf(list), binders);
  }

  private NumExpr item(boolean decimals) {
    Expr e = expression();
    return decimals ? number(e) : integer(e);
  }

  /** {@code i in a..b, j in c..d where cond}; each binder is a level of nesting when evaluated. */
  Ast.Binders binders() {
    List<Ast.Binder> list = new ArrayList<>();
    do {
      Token name = in.expect(IDENTIFIER);
      in.enter(name);
      in.expect(IN);
      list.add(new Ast.Binder(name.pos(), name.text(), range()));
    } while (in.match(COMMA));
    Cond where = in.match(WHERE) ? condition(expression()) : new Ast.Bool(list.get(0).pos(), true);
    return new Ast.Binders(List.copyOf(list), where);
  }

  Ast.Range range() {
    Pos start = in.peek().pos();
    NumExpr lo = bound(expression());
    in.expect(DOT_DOT);
    NumExpr hi = bound(expression());
    return new Ast.Range(start, lo, hi);
  }

  /**
   * An end of a range: an integer, a decimal there most likely being a range typed with one dot.
   */
  private NumExpr bound(Expr e) {
    if (e instanceof Ast.Decimal d && d.text().matches("[0-9]+\\.[0-9]+")) {
      throw in.error(
          d.pos(),
          "'"
              + Token.shorten(d.text())
              + "' is not an integer (did you mean '"
              + d.text().replace(".", "..")
              + "'?)");
    }
    return integer(e);
  }

  // ---- Expressions: lowest precedence first ----------------------------------------------------

  Expr expression() {
    return or();
  }

  private Expr or() {
    Expr left = and();
    while (in.check(OR)) {
      Token op = in.advance();
      Expr right = and();
      left = new Ast.Logic(op.pos(), LogicOp.OR, condition(left), condition(right));
    }
    if (in.check(Token.Kind.PIPE)) {
      throw in.error(in.peek().pos(), "unexpected character '|' (did you mean '||'?)");
    }
    return left;
  }

  private Expr and() {
    Expr left = equality();
    while (in.check(AND)) {
      Token op = in.advance();
      Expr right = equality();
      left = new Ast.Logic(op.pos(), LogicOp.AND, condition(left), condition(right));
    }
    return left;
  }

  private Expr equality() {
    Expr left = comparison();
    while (true) {
      CompareOp op =
          switch (in.peek().kind()) {
            case EQUAL -> CompareOp.EQ;
            case NOT_EQUAL -> CompareOp.NE;
            default -> null;
          };
      if (op == null) {
        return left;
      }
      Token at = in.advance();
      Expr right = comparison();
      left = new Ast.Compare(at.pos(), op, integer(left), integer(right));
    }
  }

  private Expr comparison() {
    Expr left = additive();
    while (true) {
      CompareOp op =
          switch (in.peek().kind()) {
            case LESS -> CompareOp.LT;
            case LESS_EQUAL -> CompareOp.LE;
            case GREATER -> CompareOp.GT;
            case GREATER_EQUAL -> CompareOp.GE;
            default -> null;
          };
      if (op == null) {
        return left;
      }
      Token at = in.advance();
      Expr right = additive();
      left = new Ast.Compare(at.pos(), op, integer(left), integer(right));
    }
  }

  private Expr additive() {
    Expr left = multiplicative();
    while (true) {
      ArithOp op =
          switch (in.peek().kind()) {
            case PLUS -> ArithOp.ADD;
            case MINUS -> ArithOp.SUB;
            default -> null;
          };
      if (op == null) {
        return left;
      }
      Token at = in.advance();
      Expr right = multiplicative();
      left = new Ast.Arith(at.pos(), op, number(left), number(right));
    }
  }

  private Expr multiplicative() {
    Expr left = unary();
    while (true) {
      ArithOp op =
          switch (in.peek().kind()) {
            case STAR -> ArithOp.MUL;
            case SLASH -> ArithOp.DIV;
            case PERCENT -> ArithOp.MOD;
            default -> null;
          };
      if (op == null) {
        return left;
      }
      Token at = in.advance();
      Expr right = unary();
      left = new Ast.Arith(at.pos(), op, number(left), number(right));
    }
  }

  private Expr unary() {
    Token op = in.peek();
    if (op.kind() != Token.Kind.MINUS && op.kind() != Token.Kind.NOT) {
      return primary();
    }
    Token next = in.next();
    if (op.kind() == Token.Kind.MINUS
        && next.kind() == NUMBER
        && IntegerLiteral.value(next.text(), false).isEmpty()) {
      // A negative literal whose digits alone do not fit, as -9223372036854775808: read it signed.
      in.advance();
      in.advance();
      return new Ast.Num(op.pos(), literal(op.pos(), next.text(), true));
    }
    in.advance();
    in.enter(op);
    Expr operand = unary();
    in.depth--;
    return op.kind() == Token.Kind.MINUS
        ? new Ast.Neg(op.pos(), number(operand))
        : new Ast.Not(op.pos(), condition(operand));
  }

  private Expr primary() {
    Token t = in.peek();
    switch (t.kind()) {
      case NUMBER:
        in.advance();
        return new Ast.Num(t.pos(), literal(t.pos(), t.text(), false));
      case IDENTIFIER:
        {
          in.advance();
          if (in.check(LEFT_PAREN)) {
            return call(t);
          }
          if (!in.check(LEFT_BRACKET)) {
            return new Ast.Name(t.pos(), t.text());
          }
          List<NumExpr> indices = new ArrayList<>();
          in.enter(t);
          while (in.check(LEFT_BRACKET)) {
            Token open = in.advance();
            indices.add(integer(expression()));
            in.expectClosing(RIGHT_BRACKET, open);
          }
          in.depth--;
          return new Ast.DataAt(t.pos(), t.text(), List.copyOf(indices));
        }
      case SIZE:
        {
          in.advance();
          Token open = in.expect(LEFT_PAREN);
          in.enter(t);
          Token name = in.expect(IDENTIFIER);
          Optional<NumExpr> row = Optional.empty();
          if (in.check(LEFT_BRACKET)) {
            Token bracket = in.advance();
            row = Optional.of(integer(expression()));
            in.expectClosing(RIGHT_BRACKET, bracket);
          }
          in.expectClosing(RIGHT_PAREN, open);
          in.depth--;
          return new Ast.Size(name.pos(), name.text(), row);
        }
      case DECIMAL:
        in.advance();
        return new Ast.Decimal(t.pos(), t.weight(), t.text());
      case SUM:
        {
          in.advance();
          Token open = in.expect(LEFT_PAREN);
          in.enter(t);
          Items items = items(t, true);
          in.expectClosing(RIGHT_PAREN, open);
          in.depth--;
          return new Ast.Fold(t.pos(), false, items.list, items.binders);
        }
      case IF:
        {
          in.advance();
          Token open = in.expect(LEFT_PAREN);
          in.enter(t);
          Cond cond = condition(expression());
          in.expect(COMMA);
          NumExpr a = number(expression());
          in.expect(COMMA);
          NumExpr b = number(expression());
          in.expectClosing(RIGHT_PAREN, open);
          in.depth--;
          return new Ast.Choose(t.pos(), cond, a, b);
        }
      case TRUE:
      case FALSE:
        in.advance();
        return new Ast.Bool(t.pos(), t.kind() == Token.Kind.TRUE);
      case LEFT_PAREN:
        {
          in.enter(t);
          in.advance();
          Expr inner = expression();
          in.expectClosing(RIGHT_PAREN, t);
          in.depth--;
          return inner;
        }
      case MIN:
      case MAX:
        {
          in.advance();
          Token open = in.expect(LEFT_PAREN);
          in.enter(t);
          NumExpr a = number(expression());
          in.expect(COMMA);
          NumExpr b = number(expression());
          in.expectClosing(RIGHT_PAREN, open);
          in.depth--;
          return new Ast.MinMax(t.pos(), t.kind() == Token.Kind.MAX, a, b);
        }
      default:
        throw in.error(t.pos(), "expected an expression but found " + t.describe());
    }
  }

  /**
   * The functions called by name (not reserved: a model may still name a variable {@code count}).
   */
  private static final List<String> FUNCTIONS = List.of("abs", "exp", "log", "product", "count");

  /** {@code NAME(...)}: one of {@link #FUNCTIONS}; {@code name} is taken, the '(' is next. */
  private Expr call(Token name) {
    int index = FUNCTIONS.indexOf(name.text());
    if (index < 0) {
      throw in.error(
          name.pos(),
          "unknown function '"
              + name.text()
              + "'; the functions are abs, min, max, sum, product, count, exp, log, if");
    }
    Token open = in.advance();
    in.enter(name);
    Expr result;
    switch (name.text()) {
      case "product":
        {
          Items items = items(name, true);
          result = new Ast.Fold(name.pos(), true, items.list, items.binders);
          break;
        }
      case "count":
        {
          NumExpr value = integer(expression());
          in.expect(COMMA);
          Items items = items(name, false);
          result = new Ast.Count(name.pos(), value, items.list, items.binders);
          break;
        }
      default:
        {
          Ast.Fn fn =
              name.text().equals("abs")
                  ? Ast.Fn.ABS
                  : name.text().equals("exp") ? Ast.Fn.EXP : Ast.Fn.LOG;
          result = new Ast.Call(name.pos(), fn, number(expression()));
        }
    }
    in.expectClosing(RIGHT_PAREN, open);
    in.depth--;
    return result;
  }

  /**
   * {@code e} as an integer. A condition is a type error, reported and replaced so parsing goes on;
   * a decimal ends the statement, since a decimal where an integer belongs is usually a mistyped
   * range.
   */
  NumExpr integer(Expr e) {
    if (!(e instanceof NumExpr i)) {
      in.report(Ast.start(e), "expected an integer but found a condition");
      return new Ast.Num(e.pos(), 0);
    }
    Pos decimal = Ast.decimalAt(i);
    if (decimal != null) {
      throw in.error(decimal, decimalMessage(i, decimal));
    }
    return i;
  }

  private static String decimalMessage(NumExpr e, Pos at) {
    if (e instanceof Ast.Decimal d && d.pos().equals(at)) {
      return "'" + Token.shorten(d.text()) + "' is not an integer";
    }
    return "expected an integer but found a decimal (decimals are for weights)";
  }

  /**
   * {@code e} as a number, integer or decimal; a condition is a type error, reported and replaced.
   */
  NumExpr number(Expr e) {
    if (e instanceof NumExpr i) {
      return i;
    }
    in.report(Ast.start(e), "expected a number but found a condition");
    return new Ast.Num(e.pos(), 0);
  }

  Cond condition(Expr e) {
    if (e instanceof Cond c) {
      return c;
    }
    in.report(Ast.start(e), "expected a condition but found an integer");
    return new Ast.Bool(e.pos(), true);
  }

  /**
   * The value of an integer literal; out of range it is reported and read as 0, so parsing goes on
   * without a spurious error about a missing operand.
   */
  long literal(Pos pos, String digits, boolean negative) {
    OptionalLong value = IntegerLiteral.value(digits, negative);
    if (value.isEmpty()) {
      in.report(pos, IntegerLiteral.outOfRange(digits, negative));
    }
    return value.orElse(0);
  }
}
