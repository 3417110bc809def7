package fgc.lang;

import static fgc.lang.Token.Kind.EOF;
import static fgc.lang.Token.Kind.IDENTIFIER;
import static fgc.lang.Token.Kind.LEFT_BRACE;
import static fgc.lang.Token.Kind.RIGHT_BRACE;
import static fgc.lang.Token.Kind.SEMICOLON;

import fgc.lang.Ast.Pos;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What one {@link Parser} reads and what it finds wrong: the tokens of the {@link Scanner}, scanned
 * as they are asked for and held only until read; the parse's place in them and its depth of
 * nesting; and the errors, lexical and syntax, one per position, with the recovery after a syntax
 * error to where the next statement can start.
 */
final class ParseInput {
  /** Unwinds to the enclosing statement after a syntax error; never leaves the parser. */
  static final class ParseError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ParseError() {
      super(null, null, false, false); // control flow only: no stack trace to fill
    }
  }

  /**
   * Ends a parse that reaches {@link Parser#MAX_ERRORS} errors while scanning as it goes; it is
   * parsed again with every token scanned first, as the limit is counted from the whole file's
   * lexical errors, so which errors are reported does not depend on how far the scanner had got.
   */
  static final class TooManyErrors extends RuntimeException {
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

  private final List<Diagnostic> errors = new ArrayList<>();

  /** One error per position: recovery must not repeat itself, nor a scanner error. */
  private final Set<Pos> errorPositions = new HashSet<>();

  private int current;

  /** How deeply nested the parse is now, at most {@link Parser#MAX_NESTING}. */
  int depth;

  ParseInput(Source source, boolean scanFirst) {
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

  /** The errors found so far, lexical and syntax, in the order found. */
  List<Diagnostic> errors() {
    return errors;
  }

  /** The most tokens held at once so far. */
  int mostHeld() {
    return mostHeld;
  }

  /**
   * Whether nothing is scanned ahead of the parse, so the scanner may read the next lexeme itself
   * (never when every token was scanned first).
   */
  boolean nothingScannedAhead() {
    return !scannedFirst && current == scanned;
  }

  /** The scanner, for the plain weights it may read itself when nothing is scanned ahead. */
  Scanner scanner() {
    return scanner;
  }

  /** One level of nesting deeper, at {@code at}; past {@link Parser#MAX_NESTING}, an error. */
  void enter(Token at) {
    if (++depth > Parser.MAX_NESTING) {
      throw error(at.pos(), "nesting deeper than " + Parser.MAX_NESTING);
    }
  }

  Token expect(Token.Kind kind) {
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
  Token expectClosing(Token.Kind kind, Token open) {
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
  void synchronize() {
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

  void report(Pos pos, String message) {
    if (errors.size() >= Parser.MAX_ERRORS || !errorPositions.add(pos)) {
      return;
    }
    errors.add(source.diagnostic(pos, message));
    enough();
  }

  /**
   * At {@link Parser#MAX_ERRORS}: jump to end of file, where every loop ends (or start again,
   * scanning first).
   */
  private void enough() {
    if (errors.size() < Parser.MAX_ERRORS) {
      return;
    }
    if (!scannedFirst) {
      throw new TooManyErrors();
    }
    current = scanned - 1;
  }

  ParseError error(Pos pos, String message) {
    report(pos, message);
    return new ParseError();
  }

  boolean match(Token.Kind kind) {
    if (check(kind)) {
      advance();
      return true;
    }
    return false;
  }

  boolean check(Token.Kind kind) {
    return peek().kind() == kind;
  }

  boolean atEnd() {
    return peek().kind() == EOF;
  }

  Token peek() {
    return ahead(0);
  }

  Token next() {
    return ahead(1);
  }

  /** The token {@code k} after the current one, scanned now if need be; EOF past the end. */
  Token ahead(int k) {
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

  Token advance() {
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
