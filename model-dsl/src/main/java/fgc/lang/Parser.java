package fgc.lang;

import static fgc.lang.Token.Kind.ALLDIFF;
import static fgc.lang.Token.Kind.ASSIGN;
import static fgc.lang.Token.Kind.COMMA;
import static fgc.lang.Token.Kind.DECIMAL;
import static fgc.lang.Token.Kind.ELSE;
import static fgc.lang.Token.Kind.EOF;
import static fgc.lang.Token.Kind.FOR;
import static fgc.lang.Token.Kind.IDENTIFIER;
import static fgc.lang.Token.Kind.IN;
import static fgc.lang.Token.Kind.LEFT_BRACE;
import static fgc.lang.Token.Kind.LEFT_BRACKET;
import static fgc.lang.Token.Kind.LEFT_PAREN;
import static fgc.lang.Token.Kind.NUMBER;
import static fgc.lang.Token.Kind.RIGHT_BRACE;
import static fgc.lang.Token.Kind.RIGHT_BRACKET;
import static fgc.lang.Token.Kind.RIGHT_PAREN;
import static fgc.lang.Token.Kind.SEMICOLON;

import fgc.lang.Ast.Cond;
import fgc.lang.Ast.Expr;
import fgc.lang.Ast.NumExpr;
import fgc.lang.Ast.Pos;
import fgc.lang.Ast.Stmt;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Tokens to syntax tree, by recursive descent (the grammar is in the package documentation of
 * {@link FgcLanguage}), asking the {@link Scanner} for each token as it goes and keeping only those
 * not yet read, so memory grows with the tree and not with a list of every token. Syntax errors are
 * collected: after one, the parser skips to the end of the statement (a {@code ;}, or past a whole
 * {@code { ... }} block, or before the {@code }} closing the enclosing block) and goes on, so one
 * run reports up to {@link #MAX_ERRORS} of them. Type errors are found here too, since every
 * expression's type follows from its syntax.
 *
 * <p>This class reads the statements; the {@link ExpressionParser} reads expressions, and the
 * {@link ParseInput} holds the tokens, the errors and the recovery.
 */
final class Parser {
  static final int MAX_ERRORS = 20;

  /**
   * Deepest nesting of blocks, loop binders, parentheses, unary operators, indices and calls; it
   * bounds the recursion of parser and evaluator. A chain of binary operators ({@code 1 + 2 + 3})
   * is not nesting: the parser reads it in a loop and the evaluator walks it without recursing.
   */
  static final int MAX_NESTING = 100;

  private final ParseInput in;
  private final ExpressionParser expressions;

  /**
   * Room for the weights of the list being read, reused from list to list (each list keeps a copy).
   */
  private double[] weightsRead = new double[16];

  private Optional<String> modelName = Optional.empty();
  private boolean seenStatement;

  private Parser(Source source, boolean scanFirst) {
    this.in = new ParseInput(source, scanFirst);
    this.expressions = new ExpressionParser(in);
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
    } catch (ParseInput.TooManyErrors e) {
      parser = new Parser(source, true);
      program = parser.program();
    }
    if (!parser.in.errors().isEmpty()) {
      List<Diagnostic> sorted = new ArrayList<>(parser.in.errors());
      sorted.sort(Comparator.comparingInt(Diagnostic::line).thenComparingInt(Diagnostic::column));
      throw new LanguageException(sorted.subList(0, Math.min(MAX_ERRORS, sorted.size())));
    }
    return program;
  }

  // ---- Statements ------------------------------------------------------------------------------

  private Ast.Program program() {
    List<Stmt> statements = new ArrayList<>();
    while (!in.atEnd() && in.errors().size() < MAX_ERRORS) {
      if (in.check(RIGHT_BRACE)) {
        in.report(in.peek().pos(), "unexpected '}': no block is open");
        in.advance();
      } else {
        statementInto(statements, true);
      }
    }
    return new Ast.Program(modelName, List.copyOf(statements), in.peek().pos());
  }

  /**
   * Parses one statement into {@code out}; on a syntax error, skips to where the next can start.
   */
  private void statementInto(List<Stmt> out, boolean topLevel) {
    int savedDepth = in.depth;
    try {
      Stmt s = statement(topLevel);
      if (s != null) {
        out.add(s);
      }
    } catch (ParseInput.ParseError e) {
      in.depth = savedDepth;
      in.synchronize();
    }
    seenStatement = true;
  }

  /** One statement, or null for {@code model NAME;}, which the program records instead. */
  private Stmt statement(boolean topLevel) {
    Token keyword = in.peek();
    switch (keyword.kind()) {
      case MODEL:
        return modelDeclaration(topLevel);
      case PARAM:
        {
          topLevelOnly(keyword, topLevel);
          in.advance();
          Token name = in.expect(IDENTIFIER);
          in.expect(ASSIGN);
          NumExpr value = expressions.integer(expressions.expression());
          in.expect(SEMICOLON);
          return new Ast.Param(name.pos(), name.text(), value);
        }
      case LET:
        {
          in.advance();
          Token name = in.expect(IDENTIFIER);
          in.expect(ASSIGN);
          NumExpr value = expressions.number(expressions.expression());
          in.expect(SEMICOLON);
          return new Ast.Let(name.pos(), name.text(), value);
        }
      case VAR:
        topLevelOnly(keyword, topLevel);
        return varDeclaration();
      case OBSERVE:
        {
          topLevelOnly(keyword, topLevel);
          in.advance();
          List<Stmt> names = new ArrayList<>();
          do {
            Token name = in.expect(IDENTIFIER);
            names.add(new Ast.Observe(name.pos(), name.text()));
          } while (in.match(COMMA));
          in.expect(SEMICOLON);
          return names.size() == 1
              ? names.get(0)
              : new Ast.Group(keyword.pos(), List.copyOf(names));
        }
      case FOR:
        {
          in.advance();
          int saved = in.depth;
          Ast.Binders binders = expressions.binders();
          List<Stmt> body = block();
          in.depth = saved;
          return new Ast.For(keyword.pos(), binders, body);
        }
      case IF:
        {
          if (conditional()) {
            return relation(); // if(c, a, b) == y; starts with a conditional expression
          }
          in.advance();
          Cond cond = expressions.condition(expressions.expression());
          List<Stmt> then = block();
          List<Stmt> otherwise = in.match(ELSE) ? block() : List.of();
          return new Ast.If(keyword.pos(), cond, then, otherwise);
        }
      case ALLDIFF:
        return alldiff();
      case NEQ:
      case EQ_FACTOR:
        {
          in.advance();
          Token open = in.expect(LEFT_PAREN);
          Ast.Ref a = ref();
          in.expect(COMMA);
          Ast.Ref b = ref();
          in.expectClosing(RIGHT_PAREN, open);
          in.expect(SEMICOLON);
          return keyword.kind() == Token.Kind.NEQ
              ? new Ast.Neq(keyword.pos(), a, b)
              : new Ast.Eq(keyword.pos(), a, b);
        }
      case TABLE:
        {
          Scope scope = scope();
          in.expect(ASSIGN);
          Ast.Weights weights = weights();
          in.expect(SEMICOLON);
          return new Ast.Table(keyword.pos(), scope.refs, scope.binders, weights);
        }
      case PRIOR:
        {
          in.advance();
          Token open = in.expect(LEFT_PAREN);
          Ast.Ref ref = ref();
          in.expectClosing(RIGHT_PAREN, open);
          in.expect(ASSIGN);
          Ast.Weights weights = weights();
          in.expect(SEMICOLON);
          return new Ast.Prior(keyword.pos(), ref, weights);
        }
      case DATA:
        {
          topLevelOnly(keyword, topLevel);
          in.advance();
          List<Stmt> names = new ArrayList<>();
          do {
            Token name = in.expect(IDENTIFIER);
            names.add(new Ast.Data(name.pos(), name.text()));
          } while (in.match(COMMA));
          in.expect(SEMICOLON);
          return names.size() == 1
              ? names.get(0)
              : new Ast.Group(keyword.pos(), List.copyOf(names));
        }
      case IDENTIFIER:
        if (in.next().kind() == LEFT_PAREN && keyword.text().equals("weight")) {
          return weight();
        }
        if (in.next().kind() == LEFT_PAREN && keyword.text().equals("cpt")) {
          return cpt();
        }
        return relation();
      default:
        if (startsExpression(keyword.kind())) {
          return relation();
        }
        throw in.error(keyword.pos(), "expected a statement but found " + keyword.describe());
    }
  }

  /**
   * Whether the {@code if} here starts the expression {@code if(c, a, b)} rather than an if
   * statement: a parenthesis follows it, and what follows the matching one is not a block.
   */
  private boolean conditional() {
    if (in.next().kind() != LEFT_PAREN) {
      return false;
    }
    int open = 0;
    for (int k = 1; ; k++) {
      Token.Kind kind = in.ahead(k).kind();
      if (kind == LEFT_PAREN) {
        open++;
      } else if (kind == RIGHT_PAREN && --open == 0) {
        return in.ahead(k + 1).kind() != LEFT_BRACE;
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
    Pos start = in.peek().pos();
    Expr e = expressions.expression();
    if (in.check(ASSIGN)) {
      throw in.error(
          in.peek().pos(), "expected '==' but found '=' (a relation compares: == != < <= > >=)");
    }
    if (!(e instanceof Cond c)) {
      throw in.error(
          start,
          "expected a statement but found a number: a relation compares expressions (== != < <= >"
              + " >=)");
    }
    in.expect(SEMICOLON);
    return new Ast.Relation(start, c);
  }

  /** {@code weight(refs) = formula;}: the scope as in a table, then a numeric formula over it. */
  private Stmt weight() {
    Token keyword = in.peek();
    Scope scope = scope();
    in.expect(ASSIGN);
    NumExpr formula = expressions.number(expressions.expression());
    in.expect(SEMICOLON);
    return new Ast.Weight(keyword.pos(), scope.refs, scope.binders, formula);
  }

  /**
   * {@code cpt(child | parent, ...) = [[row], ...];} or {@code cpt(child) = [row];}, or a data
   * table for the rows.
   */
  private Stmt cpt() {
    Token keyword = in.advance();
    Token open = in.expect(LEFT_PAREN);
    Ast.Ref child = ref();
    List<Ast.Ref> parents = new ArrayList<>();
    if (in.match(Token.Kind.PIPE)) {
      do {
        parents.add(ref());
      } while (in.match(COMMA));
    }
    in.expectClosing(RIGHT_PAREN, open);
    in.expect(ASSIGN);
    Ast.Weights rows =
        in.check(LEFT_BRACKET) && in.next().kind() == LEFT_BRACKET ? rows() : weights();
    in.expect(SEMICOLON);
    return new Ast.Cpt(keyword.pos(), child, List.copyOf(parents), rows);
  }

  /** {@code [[w, ...], [w, ...], ...]}. */
  private Ast.Weights rows() {
    Token open = in.advance();
    List<Ast.InlineWeights> rows = new ArrayList<>();
    do {
      Ast.Weights row = weights();
      if (!(row instanceof Ast.InlineWeights inline)) {
        throw in.error(row.pos(), "expected a row of weights in brackets");
      }
      rows.add(inline);
    } while (in.match(COMMA));
    in.expectClosing(RIGHT_BRACKET, open);
    return new Ast.InlineRows(open.pos(), List.copyOf(rows));
  }

  private Stmt modelDeclaration(boolean topLevel) {
    Token keyword = in.advance();
    Token name = in.expect(IDENTIFIER);
    in.expect(SEMICOLON);
    if (!topLevel || seenStatement) {
      in.report(keyword.pos(), "'model' must be the first statement");
    } else {
      modelName = Optional.of(name.text());
    }
    return null;
  }

  /** {@code var NAME dims {, NAME dims} in range;}: several names share the domain. */
  private Stmt varDeclaration() {
    Token keyword = in.advance();
    List<Token> names = new ArrayList<>();
    List<List<NumExpr>> dimensions = new ArrayList<>();
    do {
      names.add(in.expect(IDENTIFIER));
      List<NumExpr> dims = new ArrayList<>();
      while (in.check(LEFT_BRACKET)) {
        Token open = in.advance();
        dims.add(expressions.integer(expressions.expression()));
        in.expectClosing(RIGHT_BRACKET, open);
      }
      dimensions.add(List.copyOf(dims));
    } while (in.match(COMMA));
    in.expect(IN);
    Ast.Range domain = expressions.range();
    in.expect(SEMICOLON);
    List<Stmt> vars = new ArrayList<>();
    for (int k = 0; k < names.size(); k++) {
      vars.add(new Ast.Var(names.get(k).pos(), names.get(k).text(), dimensions.get(k), domain));
    }
    return vars.size() == 1 ? vars.get(0) : new Ast.Group(keyword.pos(), List.copyOf(vars));
  }

  /** {@code alldiff(a, b, ...)} or the comprehension {@code alldiff(item for BINDERS)}. */
  private Stmt alldiff() {
    Token keyword = in.advance();
    Token open = in.expect(LEFT_PAREN);
    ExpressionParser.Items items = expressions.items(keyword, false);
    in.expectClosing(RIGHT_PAREN, open);
    in.expect(SEMICOLON);
    return new Ast.AllDiff(keyword.pos(), items.list(), items.binders());
  }

  /** The variables of a factor: a list of refs, or one ref and the binders of a comprehension. */
  private record Scope(List<Ast.Ref> refs, Ast.Binders binders) {}

  /** {@code KEYWORD(a, b, ...)} or {@code KEYWORD(ref for BINDERS)}, the keyword included. */
  private Scope scope() {
    Token keyword = in.advance();
    Token open = in.expect(LEFT_PAREN);
    List<Ast.Ref> refs = new ArrayList<>();
    refs.add(ref());
    Ast.Binders binders;
    int saved = in.depth;
    if (in.match(FOR)) {
      binders = expressions.binders();
    } else {
      while (in.match(COMMA)) {
        refs.add(ref());
      }
      binders = new Ast.Binders(List.of(), new Ast.Bool(keyword.pos(), true));
    }
    in.expectClosing(RIGHT_PAREN, open);
    in.depth = saved;
    return new Scope(List.copyOf(refs), binders);
  }

  /**
   * {@code [w, w, ...]} of number literals, or {@code NAME} or {@code NAME[row]} of a data table.
   */
  private Ast.Weights weights() {
    Token start = in.peek();
    if (start.kind() == IDENTIFIER) {
      in.advance();
      Optional<NumExpr> row = Optional.empty();
      if (in.check(LEFT_BRACKET)) {
        Token open = in.advance();
        row = Optional.of(expressions.integer(expressions.expression()));
        in.expectClosing(RIGHT_BRACKET, open);
      }
      return new Ast.DataWeights(start.pos(), start.text(), row);
    }
    if (start.kind() != LEFT_BRACKET) {
      throw in.error(
          start.pos(),
          "expected weights ('[' or the name of a data table) but found " + start.describe());
    }
    in.advance();
    double[] values = weightsRead;
    int count = 0;
    while (true) {
      if (count == values.length) {
        values = Arrays.copyOf(values, count * 2);
        weightsRead = values;
      }
      if (in.nothingScannedAhead()) {
        // Nothing scanned ahead, so the scanner may read a plain weight and its comma itself,
        // without tokens: a big model's weights are most of its lexemes. Anything else it leaves
        // to the tokens.
        double plain = in.scanner().plainWeight();
        if (!Double.isNaN(plain)) {
          values[count++] = plain;
          // a comment may come before the comma
          if (in.scanner().commaFollowed() || in.match(COMMA)) {
            continue;
          }
          break;
        }
      }
      Token t = in.peek();
      if (t.kind() != NUMBER && t.kind() != DECIMAL) {
        throw in.error(
            t.pos(), "expected a weight (a non-negative number) but found " + t.describe());
      }
      in.advance();
      if (t.kind() == NUMBER) {
        // an integer weight follows the integer rule too
        expressions.literal(t.pos(), t.text(), false);
      }
      values[count++] = t.weight();
      if (!in.match(COMMA)) {
        break;
      }
    }
    in.expectClosing(RIGHT_BRACKET, start);
    return new Ast.InlineWeights(start.pos(), Arrays.copyOf(values, count));
  }

  private List<Stmt> block() {
    in.enter(in.peek()); // before taking the '{', so recovery from too deep a block skips all of it
    Token open = in.expect(LEFT_BRACE);
    List<Stmt> body = new ArrayList<>();
    while (!in.check(RIGHT_BRACE) && !in.atEnd()) {
      statementInto(body, false);
    }
    in.expectClosing(RIGHT_BRACE, open);
    in.depth--;
    return List.copyOf(body);
  }

  private Ast.Ref ref() {
    Token name = in.expect(IDENTIFIER);
    List<NumExpr> indices = new ArrayList<>();
    while (in.check(LEFT_BRACKET)) {
      Token open = in.advance();
      indices.add(expressions.integer(expressions.expression()));
      in.expectClosing(RIGHT_BRACKET, open);
    }
    return new Ast.Ref(name.pos(), name.text(), List.copyOf(indices));
  }

  private void topLevelOnly(Token keyword, boolean topLevel) {
    if (!topLevel) {
      in.report(
          keyword.pos(),
          keyword.describe() + " is only allowed at the top level, outside for and if");
    }
  }

  /**
   * The most tokens the parse of {@code source} held at once (tests check that it does not grow
   * with the file).
   */
  static int mostTokensHeld(Source source) {
    Parser parser = new Parser(source, false);
    parser.program();
    return parser.in.mostHeld();
  }
}
