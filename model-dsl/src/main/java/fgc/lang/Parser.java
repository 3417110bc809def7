package fgc.lang;

import static fgc.lang.Token.Kind.ALLDIFF;
import static fgc.lang.Token.Kind.AND;
import static fgc.lang.Token.Kind.ASSIGN;
import static fgc.lang.Token.Kind.COMMA;
import static fgc.lang.Token.Kind.DECIMAL;
import static fgc.lang.Token.Kind.DOT_DOT;
import static fgc.lang.Token.Kind.ELSE;
import static fgc.lang.Token.Kind.EOF;
import static fgc.lang.Token.Kind.FOR;
import static fgc.lang.Token.Kind.IDENTIFIER;
import static fgc.lang.Token.Kind.IN;
import static fgc.lang.Token.Kind.LEFT_BRACE;
import static fgc.lang.Token.Kind.LEFT_BRACKET;
import static fgc.lang.Token.Kind.LEFT_PAREN;
import static fgc.lang.Token.Kind.NUMBER;
import static fgc.lang.Token.Kind.OR;
import static fgc.lang.Token.Kind.RIGHT_BRACE;
import static fgc.lang.Token.Kind.RIGHT_BRACKET;
import static fgc.lang.Token.Kind.RIGHT_PAREN;
import static fgc.lang.Token.Kind.SEMICOLON;
import static fgc.lang.Token.Kind.WHERE;

import fgc.lang.Ast.ArithOp;
import fgc.lang.Ast.CompareOp;
import fgc.lang.Ast.Cond;
import fgc.lang.Ast.Expr;
import fgc.lang.Ast.LogicOp;
import fgc.lang.Ast.NumExpr;
import fgc.lang.Ast.Pos;
import fgc.lang.Ast.Stmt;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Tokens to syntax tree, by recursive descent (the grammar is in the package documentation of
 * {@link FgcLanguage}), asking the {@link Scanner} for each token as it goes and keeping only those
 * not yet read, so memory grows with the tree and not with a list of every token. Syntax errors are
 * collected: after one, the parser skips to the end of the statement (a {@code ;}, or past a whole
 * {@code { ... }} block, or before the {@code }} closing the enclosing block) and goes on, so one
 * run reports up to {@link #MAX_ERRORS} of them. Type errors are found here too, since every
 * expression's type follows from its syntax.
 */
final class Parser {
  static final int MAX_ERRORS = 20;

  /**
   * Deepest nesting of blocks, loop binders, parentheses, unary operators, indices and calls; it
   * bounds the recursion of parser and evaluator. A chain of binary operators ({@code 1 + 2 + 3})
   * is not nesting: the parser reads it in a loop and the evaluator walks it without recursing.
   */
  static final int MAX_NESTING = 100;

  /** Unwinds to the enclosing statement after a syntax error; never leaves the parser. */
  private static final class ParseError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ParseError() {
      super(null, null, false, false); // control flow only: no stack trace to fill
    }
  }

  /**
   * Ends a parse that reaches {@link #MAX_ERRORS} errors while scanning as it goes; it is parsed
   * again with every token scanned first, as the limit is counted from the whole file's lexical
   * errors, so which errors are reported does not depend on how far the scanner had got.
   */
  private static final class TooManyErrors extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TooManyErrors() {
      super(null, null, false, false);
    }
  }

  private final Source source;
  private final Scanner scanner;

  /** Whether every token was scanned before parsing began (and so stays in {@link #tokens}). */
  private final boolean scannedFirst;

  /**
   * The tokens scanned and not yet read: {@code tokens[current]} up to {@code tokens[scanned - 1]},
   * the last maybe EOF.
   */
  private Token[] tokens = new Token[64];

  private int scanned;

  /** How many of the scanner's errors are in {@link #errors} already. */
  private int lexicalErrors;

  private int mostHeld;

  /**
   * Room for the weights of the list being read, reused from list to list (each list keeps a copy).
   */
  private double[] weightsRead = new double[16];

  private final List<Diagnostic> errors = new ArrayList<>();

  /** One error per position: recovery must not repeat itself, nor a scanner error. */
  private final Set<Pos> errorPositions = new HashSet<>();

  private Optional<String> modelName = Optional.empty();
  private boolean seenStatement;
  private int current;
  private int depth;

  private Parser(Source source, boolean scanFirst) {
    this.source = source;
    this.scanner = new Scanner(source);
    this.scannedFirst = scanFirst;
    if (scanFirst) {
      while (scanned == 0 || tokens[scanned - 1].kind() != EOF) {
        push(scanner.next());
      }
      takeLexicalErrors();
    }
  }

  /**
   * The program in {@code source}, or a LanguageException with every lexical and syntax error
   * found.
   */
  static Ast.Program parse(Source source) {
    Parser parser = new Parser(source, false);
    Ast.Program program;
    try {
      program = parser.program();
    } catch (TooManyErrors e) {
      parser = new Parser(source, true);
      program = parser.program();
    }
    if (!parser.errors.isEmpty()) {
      List<Diagnostic> sorted = new ArrayList<>(parser.errors);
      sorted.sort(Comparator.comparingInt(Diagnostic::line).thenComparingInt(Diagnostic::column));
      throw new LanguageException(sorted.subList(0, Math.min(MAX_ERRORS, sorted.size())));
    }
    return program;
  }

  // ---- Statements ------------------------------------------------------------------------------

  private Ast.Program program() {
    List<Stmt> statements = new ArrayList<>();
    while (!atEnd() && errors.size() < MAX_ERRORS) {
      if (check(RIGHT_BRACE)) {
        report(peek().pos(), "unexpected '}': no block is open");
        advance();
      } else {
        statementInto(statements, true);
      }
    }
    return new Ast.Program(modelName, List.copyOf(statements), peek().pos());
  }

  /**
   * Parses one statement into {@code out}; on a syntax error, skips to where the next can start.
   */
  private void statementInto(List<Stmt> out, boolean topLevel) {
    int savedDepth = depth;
    try {
      Stmt s = statement(topLevel);
      if (s != null) {
        out.add(s);
      }
    } catch (ParseError e) {
      depth = savedDepth;
      synchronize();
    }
    seenStatement = true;
  }

  /** One statement, or null for {@code model NAME;}, which the program records instead. */
  private Stmt statement(boolean topLevel) {
    Token keyword = peek();
    switch (keyword.kind()) {
      case MODEL:
        return modelDeclaration(topLevel);
      case PARAM:
        {
          topLevelOnly(keyword, topLevel);
          advance();
          Token name = expect(IDENTIFIER);
          expect(ASSIGN);
          NumExpr value = integer(expression());
          expect(SEMICOLON);
          return new Ast.Param(name.pos(), name.text(), value);
        }
      case LET:
        {
          advance();
          Token name = expect(IDENTIFIER);
          expect(ASSIGN);
          NumExpr value = number(expression());
          expect(SEMICOLON);
          return new Ast.Let(name.pos(), name.text(), value);
        }
      case VAR:
        topLevelOnly(keyword, topLevel);
        return varDeclaration();
      case OBSERVE:
        {
          topLevelOnly(keyword, topLevel);
          advance();
          List<Stmt> names = new ArrayList<>();
          do {
            Token name = expect(IDENTIFIER);
            names.add(new Ast.Observe(name.pos(), name.text()));
          } while (match(COMMA));
          expect(SEMICOLON);
          return names.size() == 1
              ? names.get(0)
              : new Ast.Group(keyword.pos(), List.copyOf(names));
        }
      case FOR:
        {
          advance();
          int saved = depth;
          Ast.Binders binders = binders();
          List<Stmt> body = block();
          depth = saved;
          return new Ast.For(keyword.pos(), binders, body);
        }
      case IF:
        {
          if (conditional()) {
            return relation(); // if(c, a, b) == y; starts with a conditional expression
          }
          advance();
          Cond cond = condition(expression());
          List<Stmt> then = block();
          List<Stmt> otherwise = match(ELSE) ? block() : List.of();
          return new Ast.If(keyword.pos(), cond, then, otherwise);
        }
      case ALLDIFF:
        return alldiff();
      case NEQ:
      case EQ_FACTOR:
        {
          advance();
          Token open = expect(LEFT_PAREN);
          Ast.Ref a = ref();
          expect(COMMA);
          Ast.Ref b = ref();
          expectClosing(RIGHT_PAREN, open);
          expect(SEMICOLON);
          return keyword.kind() == Token.Kind.NEQ
              ? new Ast.Neq(keyword.pos(), a, b)
              : new Ast.Eq(keyword.pos(), a, b);
        }
      case TABLE:
        {
          Scope scope = scope();
          expect(ASSIGN);
          Ast.Weights weights = weights();
          expect(SEMICOLON);
          return new Ast.Table(keyword.pos(), scope.refs, scope.binders, weights);
        }
      case PRIOR:
        {
          advance();
          Token open = expect(LEFT_PAREN);
          Ast.Ref ref = ref();
          expectClosing(RIGHT_PAREN, open);
          expect(ASSIGN);
          Ast.Weights weights = weights();
          expect(SEMICOLON);
          return new Ast.Prior(keyword.pos(), ref, weights);
        }
      case DATA:
        {
          topLevelOnly(keyword, topLevel);
          advance();
          List<Stmt> names = new ArrayList<>();
          do {
            Token name = expect(IDENTIFIER);
            names.add(new Ast.Data(name.pos(), name.text()));
          } while (match(COMMA));
          expect(SEMICOLON);
          return names.size() == 1
              ? names.get(0)
              : new Ast.Group(keyword.pos(), List.copyOf(names));
        }
      case IDENTIFIER:
        if (next().kind() == LEFT_PAREN && keyword.text().equals("weight")) {
          return weight();
        }
        if (next().kind() == LEFT_PAREN && keyword.text().equals("cpt")) {
          return cpt();
        }
        return relation();
      default:
        if (startsExpression(keyword.kind())) {
          return relation();
        }
        throw error(keyword.pos(), "expected a statement but found " + keyword.describe());
    }
  }

  /**
   * Whether the {@code if} here starts the expression {@code if(c, a, b)} rather than an if
   * statement: a parenthesis follows it, and what follows the matching one is not a block.
   */
  private boolean conditional() {
    if (next().kind() != LEFT_PAREN) {
      return false;
    }
    int open = 0;
    for (int k = 1; ; k++) {
      Token.Kind kind = ahead(k).kind();
      if (kind == LEFT_PAREN) {
        open++;
      } else if (kind == RIGHT_PAREN && --open == 0) {
        return ahead(k + 1).kind() != LEFT_BRACE;
      } else if (kind == EOF || kind == SEMICOLON || kind == LEFT_BRACE) {
        return kind
            == SEMICOLON; // if(c, a, b ... ; unbalanced: read it as the expression it looks like
      }
    }
  }

  private static boolean startsExpression(Token.Kind kind) {
    return switch (kind) {
      case IDENTIFIER, NUMBER, DECIMAL, LEFT_PAREN, MINUS, NOT, SUM, MIN, MAX, SIZE, TRUE, FALSE ->
          true;
      default -> false;
    };
  }

  /** {@code condition;}: a relation between expressions over variables. */
  private Stmt relation() {
    Pos start = peek().pos();
    Expr e = expression();
    if (check(ASSIGN)) {
      throw error(
          peek().pos(), "expected '==' but found '=' (a relation compares: == != < <= > >=)");
    }
    if (!(e instanceof Cond c)) {
      throw error(
          start,
          "expected a statement but found a number: a relation compares expressions (== != < <= >"
              + " >=)");
    }
    expect(SEMICOLON);
    return new Ast.Relation(start, c);
  }

  /** {@code weight(refs) = formula;}: the scope as in a table, then a numeric formula over it. */
  private Stmt weight() {
    Token keyword = peek();
    Scope scope = scope();
    expect(ASSIGN);
    NumExpr formula = number(expression());
    expect(SEMICOLON);
    return new Ast.Weight(keyword.pos(), scope.refs, scope.binders, formula);
  }

  /**
   * {@code cpt(child | parent, ...) = [[row], ...];} or {@code cpt(child) = [row];}, or a data
   * table for the rows.
   */
  private Stmt cpt() {
    Token keyword = advance();
    Token open = expect(LEFT_PAREN);
    Ast.Ref child = ref();
    List<Ast.Ref> parents = new ArrayList<>();
    if (match(Token.Kind.PIPE)) {
      do {
        parents.add(ref());
      } while (match(COMMA));
    }
    expectClosing(RIGHT_PAREN, open);
    expect(ASSIGN);
    Ast.Weights rows = check(LEFT_BRACKET) && next().kind() == LEFT_BRACKET ? rows() : weights();
    expect(SEMICOLON);
    return new Ast.Cpt(keyword.pos(), child, List.copyOf(parents), rows);
  }

  /** {@code [[w, ...], [w, ...], ...]}. */
  private Ast.Weights rows() {
    Token open = advance();
    List<Ast.InlineWeights> rows = new ArrayList<>();
    do {
      Ast.Weights row = weights();
      if (!(row instanceof Ast.InlineWeights inline)) {
        throw error(row.pos(), "expected a row of weights in brackets");
      }
      rows.add(inline);
    } while (match(COMMA));
    expectClosing(RIGHT_BRACKET, open);
    return new Ast.InlineRows(open.pos(), List.copyOf(rows));
  }

  private Stmt modelDeclaration(boolean topLevel) {
    Token keyword = advance();
    Token name = expect(IDENTIFIER);
    expect(SEMICOLON);
    if (!topLevel || seenStatement) {
      report(keyword.pos(), "'model' must be the first statement");
    } else {
      modelName = Optional.of(name.text());
    }
    return null;
  }

  /** {@code var NAME dims {, NAME dims} in range;}: several names share the domain. */
  private Stmt varDeclaration() {
    Token keyword = advance();
    List<Token> names = new ArrayList<>();
    List<List<NumExpr>> dimensions = new ArrayList<>();
    do {
      names.add(expect(IDENTIFIER));
      List<NumExpr> dims = new ArrayList<>();
      while (check(LEFT_BRACKET)) {
        Token open = advance();
        dims.add(integer(expression()));
        expectClosing(RIGHT_BRACKET, open);
      }
      dimensions.add(List.copyOf(dims));
    } while (match(COMMA));
    expect(IN);
    Ast.Range domain = range();
    expect(SEMICOLON);
    List<Stmt> vars = new ArrayList<>();
    for (int k = 0; k < names.size(); k++) {
      vars.add(new Ast.Var(names.get(k).pos(), names.get(k).text(), dimensions.get(k), domain));
    }
    return vars.size() == 1 ? vars.get(0) : new Ast.Group(keyword.pos(), List.copyOf(vars));
  }

  /** {@code alldiff(a, b, ...)} or the comprehension {@code alldiff(item for BINDERS)}. */
  private Stmt alldiff() {
    Token keyword = advance();
    Token open = expect(LEFT_PAREN);
    Items items = items(keyword, false);
    expectClosing(RIGHT_PAREN, open);
    expect(SEMICOLON);
    return new Ast.AllDiff(keyword.pos(), items.list, items.binders);
  }

  /**
   * The items of {@code alldiff}, {@code sum}, {@code product} or {@code count}: a list, or one
   * item and the binders of a comprehension.
   */
  private record Items(List<NumExpr> list, Ast.Binders binders) {}

  /**
   * {@code item ( "for" binders | { "," item } )}, integers unless {@code decimals} allows numbers.
   */
  private Items items(Token keyword, boolean decimals) {
    List<NumExpr> list = new ArrayList<>();
    list.add(item(decimals));
    Ast.Binders binders;
    int saved = depth;
    if (match(FOR)) {
      binders = binders();
    } else {
      while (match(COMMA)) {
        list.add(item(decimals));
      }
      binders = new Ast.Binders(List.of(), new Ast.Bool(keyword.pos(), true));
    }
    depth = saved;
    return new Items(List.copyOf(list), binders);
  }

  private NumExpr item(boolean decimals) {
    Expr e = expression();
    return decimals ? number(e) : integer(e);
  }

  /** The variables of a factor: a list of refs, or one ref and the binders of a comprehension. */
  private record Scope(List<Ast.Ref> refs, Ast.Binders binders) {}

  /** {@code KEYWORD(a, b, ...)} or {@code KEYWORD(ref for BINDERS)}, the keyword included. */
  private Scope scope() {
    Token keyword = advance();
    Token open = expect(LEFT_PAREN);
    List<Ast.Ref> refs = new ArrayList<>();
    refs.add(ref());
    Ast.Binders binders;
    int saved = depth;
    if (match(FOR)) {
      binders = binders();
    } else {
      while (match(COMMA)) {
        refs.add(ref());
      }
      binders = new Ast.Binders(List.of(), new Ast.Bool(keyword.pos(), true));
    }
    expectClosing(RIGHT_PAREN, open);
    depth = saved;
    return new Scope(List.copyOf(refs), binders);
  }

  /**
   * {@code [w, w, ...]} of number literals, or {@code NAME} or {@code NAME[row]} of a data table.
   */
  private Ast.Weights weights() {
    Token start = peek();
    if (start.kind() == IDENTIFIER) {
      advance();
      Optional<NumExpr> row = Optional.empty();
      if (check(LEFT_BRACKET)) {
        Token open = advance();
        row = Optional.of(integer(expression()));
        expectClosing(RIGHT_BRACKET, open);
      }
      return new Ast.DataWeights(start.pos(), start.text(), row);
    }
    if (start.kind() != LEFT_BRACKET) {
      throw error(
          start.pos(),
          "expected weights ('[' or the name of a data table) but found " + start.describe());
    }
    advance();
    double[] values = weightsRead;
    int count = 0;
    while (true) {
      if (count == values.length) {
        values = Arrays.copyOf(values, count * 2);
        weightsRead = values;
      }
      if (!scannedFirst && current == scanned) {
        // Nothing scanned ahead, so the scanner may read a plain weight and its comma itself,
        // without
        // tokens: a big model's weights are most of its lexemes. Anything else it leaves to the
        // tokens.
        double plain = scanner.plainWeight();
        if (!Double.isNaN(plain)) {
          values[count++] = plain;
          if (scanner.commaFollowed() || match(COMMA)) { // a comment may come before the comma
            continue;
          }
          break;
        }
      }
      Token t = peek();
      if (t.kind() != NUMBER && t.kind() != DECIMAL) {
        throw error(t.pos(), "expected a weight (a non-negative number) but found " + t.describe());
      }
      advance();
      if (t.kind() == NUMBER) {
        literal(t.pos(), t.text(), false); // an integer weight follows the integer rule too
      }
      values[count++] = t.weight();
      if (!match(COMMA)) {
        break;
      }
    }
    expectClosing(RIGHT_BRACKET, start);
    return new Ast.InlineWeights(start.pos(), Arrays.copyOf(values, count));
  }

  /** {@code i in a..b, j in c..d where cond}; each binder is a level of nesting when evaluated. */
  private Ast.Binders binders() {
    List<Ast.Binder> list = new ArrayList<>();
    do {
      Token name = expect(IDENTIFIER);
      enter(name);
      expect(IN);
      list.add(new Ast.Binder(name.pos(), name.text(), range()));
    } while (match(COMMA));
    Cond where = match(WHERE) ? condition(expression()) : new Ast.Bool(list.get(0).pos(), true);
    return new Ast.Binders(List.copyOf(list), where);
  }

  private List<Stmt> block() {
    enter(peek()); // before taking the '{', so recovery from too deep a block skips all of it
    Token open = expect(LEFT_BRACE);
    List<Stmt> body = new ArrayList<>();
    while (!check(RIGHT_BRACE) && !atEnd()) {
      statementInto(body, false);
    }
    expectClosing(RIGHT_BRACE, open);
    depth--;
    return List.copyOf(body);
  }

  private Ast.Ref ref() {
    Token name = expect(IDENTIFIER);
    List<NumExpr> indices = new ArrayList<>();
    while (check(LEFT_BRACKET)) {
      Token open = advance();
      indices.add(integer(expression()));
      expectClosing(RIGHT_BRACKET, open);
    }
    return new Ast.Ref(name.pos(), name.text(), List.copyOf(indices));
  }

  private Ast.Range range() {
    Pos start = peek().pos();
    NumExpr lo = bound(expression());
    expect(DOT_DOT);
    NumExpr hi = bound(expression());
    return new Ast.Range(start, lo, hi);
  }

  /**
   * An end of a range: an integer, a decimal there most likely being a range typed with one dot.
   */
  private NumExpr bound(Expr e) {
    if (e instanceof Ast.Decimal d && d.text().matches("[0-9]+\\.[0-9]+")) {
      throw error(
          d.pos(),
          "'"
              + Token.shorten(d.text())
              + "' is not an integer (did you mean '"
              + d.text().replace(".", "..")
              + "'?)");
    }
    return integer(e);
  }

  private void topLevelOnly(Token keyword, boolean topLevel) {
    if (!topLevel) {
      report(
          keyword.pos(),
          keyword.describe() + " is only allowed at the top level, outside for and if");
    }
  }

  // ---- Expressions: lowest precedence first ----------------------------------------------------

  private Expr expression() {
    return or();
  }

  private Expr or() {
    Expr left = and();
    while (check(OR)) {
      Token op = advance();
      Expr right = and();
      left = new Ast.Logic(op.pos(), LogicOp.OR, condition(left), condition(right));
    }
    if (check(Token.Kind.PIPE)) {
      throw error(peek().pos(), "unexpected character '|' (did you mean '||'?)");
    }
    return left;
  }

  private Expr and() {
    Expr left = equality();
    while (check(AND)) {
      Token op = advance();
      Expr right = equality();
      left = new Ast.Logic(op.pos(), LogicOp.AND, condition(left), condition(right));
    }
    return left;
  }

  private Expr equality() {
    Expr left = comparison();
    while (true) {
      CompareOp op =
          switch (peek().kind()) {
            case EQUAL -> CompareOp.EQ;
            case NOT_EQUAL -> CompareOp.NE;
            default -> null;
          };
      if (op == null) {
        return left;
      }
      Token at = advance();
      Expr right = comparison();
      left = new Ast.Compare(at.pos(), op, integer(left), integer(right));
    }
  }

  private Expr comparison() {
    Expr left = additive();
    while (true) {
      CompareOp op =
          switch (peek().kind()) {
            case LESS -> CompareOp.LT;
            case LESS_EQUAL -> CompareOp.LE;
            case GREATER -> CompareOp.GT;
            case GREATER_EQUAL -> CompareOp.GE;
            default -> null;
          };
      if (op == null) {
        return left;
      }
      Token at = advance();
      Expr right = additive();
      left = new Ast.Compare(at.pos(), op, integer(left), integer(right));
    }
  }

  private Expr additive() {
    Expr left = multiplicative();
    while (true) {
      ArithOp op =
          switch (peek().kind()) {
            case PLUS -> ArithOp.ADD;
            case MINUS -> ArithOp.SUB;
            default -> null;
          };
      if (op == null) {
        return left;
      }
      Token at = advance();
      Expr right = multiplicative();
      left = new Ast.Arith(at.pos(), op, number(left), number(right));
    }
  }

  private Expr multiplicative() {
    Expr left = unary();
    while (true) {
      ArithOp op =
          switch (peek().kind()) {
            case STAR -> ArithOp.MUL;
            case SLASH -> ArithOp.DIV;
            case PERCENT -> ArithOp.MOD;
            default -> null;
          };
      if (op == null) {
        return left;
      }
      Token at = advance();
      Expr right = unary();
      left = new Ast.Arith(at.pos(), op, number(left), number(right));
    }
  }

  private Expr unary() {
    Token op = peek();
    if (op.kind() != Token.Kind.MINUS && op.kind() != Token.Kind.NOT) {
      return primary();
    }
    Token next = next();
    if (op.kind() == Token.Kind.MINUS
        && next.kind() == NUMBER
        && IntegerLiteral.value(next.text(), false).isEmpty()) {
      // A negative literal whose digits alone do not fit, as -9223372036854775808: read it signed.
      advance();
      advance();
      return new Ast.Num(op.pos(), literal(op.pos(), next.text(), true));
    }
    advance();
    enter(op);
    Expr operand = unary();
    depth--;
    return op.kind() == Token.Kind.MINUS
        ? new Ast.Neg(op.pos(), number(operand))
        : new Ast.Not(op.pos(), condition(operand));
  }

  private Expr primary() {
    Token t = peek();
    switch (t.kind()) {
      case NUMBER:
        advance();
        return new Ast.Num(t.pos(), literal(t.pos(), t.text(), false));
      case IDENTIFIER:
        {
          advance();
          if (check(LEFT_PAREN)) {
            return call(t);
          }
          if (!check(LEFT_BRACKET)) {
            return new Ast.Name(t.pos(), t.text());
          }
          List<NumExpr> indices = new ArrayList<>();
          enter(t);
          while (check(LEFT_BRACKET)) {
            Token open = advance();
            indices.add(integer(expression()));
            expectClosing(RIGHT_BRACKET, open);
          }
          depth--;
          return new Ast.DataAt(t.pos(), t.text(), List.copyOf(indices));
        }
      case SIZE:
        {
          advance();
          Token open = expect(LEFT_PAREN);
          enter(t);
          Token name = expect(IDENTIFIER);
          Optional<NumExpr> row = Optional.empty();
          if (check(LEFT_BRACKET)) {
            Token bracket = advance();
            row = Optional.of(integer(expression()));
            expectClosing(RIGHT_BRACKET, bracket);
          }
          expectClosing(RIGHT_PAREN, open);
          depth--;
          return new Ast.Size(name.pos(), name.text(), row);
        }
      case DECIMAL:
        advance();
        return new Ast.Decimal(t.pos(), t.weight(), t.text());
      case SUM:
        {
          advance();
          Token open = expect(LEFT_PAREN);
          enter(t);
          Items items = items(t, true);
          expectClosing(RIGHT_PAREN, open);
          depth--;
          return new Ast.Fold(t.pos(), false, items.list, items.binders);
        }
      case IF:
        {
          advance();
          Token open = expect(LEFT_PAREN);
          enter(t);
          Cond cond = condition(expression());
          expect(COMMA);
          NumExpr a = number(expression());
          expect(COMMA);
          NumExpr b = number(expression());
          expectClosing(RIGHT_PAREN, open);
          depth--;
          return new Ast.Choose(t.pos(), cond, a, b);
        }
      case TRUE:
      case FALSE:
        advance();
        return new Ast.Bool(t.pos(), t.kind() == Token.Kind.TRUE);
      case LEFT_PAREN:
        {
          enter(t);
          advance();
          Expr inner = expression();
          expectClosing(RIGHT_PAREN, t);
          depth--;
          return inner;
        }
      case MIN:
      case MAX:
        {
          advance();
          Token open = expect(LEFT_PAREN);
          enter(t);
          NumExpr a = number(expression());
          expect(COMMA);
          NumExpr b = number(expression());
          expectClosing(RIGHT_PAREN, open);
          depth--;
          return new Ast.MinMax(t.pos(), t.kind() == Token.Kind.MAX, a, b);
        }
      default:
        throw error(t.pos(), "expected an expression but found " + t.describe());
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
      throw error(
          name.pos(),
          "unknown function '"
              + name.text()
              + "'; the functions are abs, min, max, sum, product, count, exp, log, if");
    }
    Token open = advance();
    enter(name);
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
          expect(COMMA);
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
    expectClosing(RIGHT_PAREN, open);
    depth--;
    return result;
  }

  /**
   * {@code e} as an integer. A condition is a type error, reported and replaced so parsing goes on;
   * a decimal ends the statement, since a decimal where an integer belongs is usually a mistyped
   * range.
   */
  private NumExpr integer(Expr e) {
    if (!(e instanceof NumExpr i)) {
      report(Ast.start(e), "expected an integer but found a condition");
      return new Ast.Num(e.pos(), 0);
    }
    Pos decimal = Ast.decimalAt(i);
    if (decimal != null) {
      throw error(decimal, decimalMessage(i, decimal));
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
  private NumExpr number(Expr e) {
    if (e instanceof NumExpr i) {
      return i;
    }
    report(Ast.start(e), "expected a number but found a condition");
    return new Ast.Num(e.pos(), 0);
  }

  private Cond condition(Expr e) {
    if (e instanceof Cond c) {
      return c;
    }
    report(Ast.start(e), "expected a condition but found an integer");
    return new Ast.Bool(e.pos(), true);
  }

  /**
   * The value of an integer literal; out of range it is reported and read as 0, so parsing goes on
   * without a spurious error about a missing operand.
   */
  private long literal(Pos pos, String digits, boolean negative) {
    OptionalLong value = IntegerLiteral.value(digits, negative);
    if (value.isEmpty()) {
      report(pos, IntegerLiteral.outOfRange(digits, negative));
    }
    return value.orElse(0);
  }

  private void enter(Token at) {
    if (++depth > MAX_NESTING) {
      throw error(at.pos(), "nesting deeper than " + MAX_NESTING);
    }
  }

  // ---- Tokens and errors -----------------------------------------------------------------------

  private Token expect(Token.Kind kind) {
    if (check(kind)) {
      return advance();
    }
    Token found = peek();
    if (kind == SEMICOLON
        && previous != null
        && (found.kind() == EOF || found.line() > previous.line())) {
      // A ';' forgotten at the end of a line (the last one too): point there, not at the next
      // statement or the end of the file, lines below.
      throw error(
          new Pos(previous.line(), previous.column() + previous.text().length()),
          "expected ';' after "
              + previous.describe()
              + (found.line() > previous.line()
                  ? " at the end of the line"
                  : " at the end of file"));
    }
    String reserved = kind == IDENTIFIER && found.kind().isKeyword() ? " (a reserved word)" : "";
    throw error(
        found.pos(), "expected " + kind.display() + " but found " + found.describe() + reserved);
  }

  /** Expects the token closing {@code open}; at end of file the error points at the opener. */
  private Token expectClosing(Token.Kind kind, Token open) {
    if (check(kind) || !atEnd()) {
      return expect(kind);
    }
    throw error(
        open.pos(),
        "unterminated "
            + open.describe()
            + ": no matching "
            + kind.display()
            + " before end of file");
  }

  /**
   * Skips the rest of a broken statement: through the next {@code ;}, or through a whole {@code {
   * ... }} block, or up to (not over) a {@code }} that closes the enclosing block.
   */
  private void synchronize() {
    int braces = 0;
    while (!atEnd()) {
      Token.Kind kind = peek().kind();
      if (kind == RIGHT_BRACE) {
        if (braces == 0) {
          return;
        }
        advance();
        if (--braces == 0) {
          return;
        }
        continue;
      }
      advance();
      if (kind == LEFT_BRACE) {
        braces++;
      } else if (kind == SEMICOLON && braces == 0) {
        return;
      }
    }
  }

  private void report(Pos pos, String message) {
    if (errors.size() >= MAX_ERRORS || !errorPositions.add(pos)) {
      return;
    }
    errors.add(source.diagnostic(pos, message));
    enough();
  }

  /**
   * At {@link #MAX_ERRORS}: jump to end of file, where every loop ends (or start again, scanning
   * first).
   */
  private void enough() {
    if (errors.size() < MAX_ERRORS) {
      return;
    }
    if (!scannedFirst) {
      throw new TooManyErrors();
    }
    current = scanned - 1;
  }

  private ParseError error(Pos pos, String message) {
    report(pos, message);
    return new ParseError();
  }

  private boolean match(Token.Kind kind) {
    if (check(kind)) {
      advance();
      return true;
    }
    return false;
  }

  private boolean check(Token.Kind kind) {
    return peek().kind() == kind;
  }

  private boolean atEnd() {
    return peek().kind() == EOF;
  }

  private Token peek() {
    return ahead(0);
  }

  private Token next() {
    return ahead(1);
  }

  /** The token {@code k} after the current one, scanned now if need be; EOF past the end. */
  private Token ahead(int k) {
    while (current + k >= scanned) {
      Token last = scanned > 0 ? tokens[scanned - 1] : null;
      if (last != null && last.kind() == EOF) {
        return last;
      }
      push(scanner.next());
      takeLexicalErrors();
    }
    return tokens[current + k];
  }

  private void push(Token t) {
    if (!scannedFirst && current > 0 && current >= tokens.length / 2) {
      // The tokens before current are read: drop them, so the buffer holds a statement's worth.
      System.arraycopy(tokens, current, tokens, 0, scanned - current);
      Arrays.fill(tokens, scanned - current, scanned, null);
      scanned -= current;
      current = 0;
    }
    if (scanned == tokens.length) {
      tokens = Arrays.copyOf(tokens, scanned * 2);
    }
    tokens[scanned++] = t;
    mostHeld = Math.max(mostHeld, scanned);
  }

  /**
   * The most tokens the parse of {@code source} held at once (tests check that it does not grow
   * with the file).
   */
  static int mostTokensHeld(Source source) {
    Parser parser = new Parser(source, false);
    parser.program();
    return parser.mostHeld;
  }

  /** The scanner's new errors into {@link #errors}; a parse error is not reported where one is. */
  private void takeLexicalErrors() {
    List<Diagnostic> lexical = scanner.errors();
    while (lexicalErrors < lexical.size()) {
      Diagnostic d = lexical.get(lexicalErrors++);
      errors.add(d);
      errorPositions.add(new Pos(d.line(), d.column()));
    }
    if (!scannedFirst) {
      enough();
    }
  }

  private Token advance() {
    Token t = peek();
    if (t.kind() != EOF) {
      current++;
      previous = t;
    }
    return t;
  }

  /** The last token consumed (the buffer may have dropped it), or null before the first. */
  private Token previous;
}
