package fgc.lang;

import fgc.model.Names;
import java.util.ArrayList;
import java.util.List;

/**
 * Text to tokens. The scanner reports its own errors (a stray character, a decimal too big for a
 * double, an over-long name) and carries on without the bad lexeme, so the parser can still report
 * syntax errors further on. It stops collecting after {@link Parser#MAX_ERRORS} errors.
 */
final class Scanner {
  /** The tokens (always ending in EOF) and the lexical errors, in source order. */
  record Result(List<Token> tokens, List<Diagnostic> errors) {}

  private final Source source;
  private final String text;
  private final List<Token> tokens = new ArrayList<>();
  private final List<Diagnostic> errors = new ArrayList<>();
  private int start; // offset of the lexeme being scanned
  private int current; // offset of the next unread character
  private int line = 1;
  private int lineStart; // offset where the current line begins, for columns

  private Scanner(Source source) {
    this.source = source;
    this.text = source.text();
  }

  static Result scan(Source source) {
    Scanner s = new Scanner(source);
    s.scanAll();
    return new Result(List.copyOf(s.tokens), List.copyOf(s.errors));
  }

  private void scanAll() {
    while (current < text.length() && errors.size() < Parser.MAX_ERRORS) {
      start = current;
      scanToken();
    }
    start = current;
    tokens.add(new Token(Token.Kind.EOF, "", line, column(current)));
  }

  private void scanToken() {
    char c = text.charAt(current++);
    switch (c) {
      case ' ', '\t', '\f' -> { }
      case '\n' -> newline();
      case '\r' -> {
        match('\n'); // CR LF is one line end, a lone CR is one too
        newline();
      }
      case '#' -> skipLineComment();
      case '/' -> {
        if (match('/')) {
          skipLineComment();
        } else {
          add(Token.Kind.SLASH);
        }
      }
      case ';' -> add(Token.Kind.SEMICOLON);
      case ',' -> add(Token.Kind.COMMA);
      case '(' -> add(Token.Kind.LEFT_PAREN);
      case ')' -> add(Token.Kind.RIGHT_PAREN);
      case '[' -> add(Token.Kind.LEFT_BRACKET);
      case ']' -> add(Token.Kind.RIGHT_BRACKET);
      case '{' -> add(Token.Kind.LEFT_BRACE);
      case '}' -> add(Token.Kind.RIGHT_BRACE);
      case '+' -> add(Token.Kind.PLUS);
      case '-' -> add(Token.Kind.MINUS);
      case '*' -> add(Token.Kind.STAR);
      case '%' -> add(Token.Kind.PERCENT);
      case '=' -> add(match('=') ? Token.Kind.EQUAL : Token.Kind.ASSIGN);
      case '!' -> add(match('=') ? Token.Kind.NOT_EQUAL : Token.Kind.NOT);
      case '<' -> add(match('=') ? Token.Kind.LESS_EQUAL : Token.Kind.LESS);
      case '>' -> add(match('=') ? Token.Kind.GREATER_EQUAL : Token.Kind.GREATER);
      case '.' -> pair('.', Token.Kind.DOT_DOT, "'..'");
      case '&' -> pair('&', Token.Kind.AND, "'&&'");
      case '|' -> add(match('|') ? Token.Kind.OR : Token.Kind.PIPE); // a lone '|' separates a cpt's child from its parents
      default -> {
        if (isDigit(c)) {
          number();
        } else if (isIdentifierStart(c)) {
          identifier();
        } else {
          unexpected(c);
        }
      }
    }
  }

  /**
   * Operators spelled with a doubled character. A single one means nothing; it is reported and
   * read as the doubled one, the likely intent, so the parser does not report it a second time.
   */
  private void pair(char second, Token.Kind kind, String spelled) {
    if (!match(second)) {
      error("unexpected character '" + text.charAt(start) + "' (did you mean " + spelled + "?)");
    }
    add(kind);
  }

  private void unexpected(char c) {
    int codePoint = c;
    if (Character.isHighSurrogate(c) && current < text.length() && Character.isLowSurrogate(text.charAt(current))) {
      codePoint = Character.toCodePoint(c, text.charAt(current++));
    }
    // Name invisible and look-alike characters by code point, so the message says what is there;
    // invisible ones (controls, spaces, format characters such as a bidirectional override) only so.
    String code = String.format("U+%04X", codePoint);
    String shown = codePoint > ' ' && codePoint < 0x7f ? "'" + c + "'"
        : Character.isISOControl(codePoint) || Character.isWhitespace(codePoint)
            || Character.getType(codePoint) == Character.FORMAT ? code
        : "'" + new String(Character.toChars(codePoint)) + "' (" + code + ")";
    error("unexpected character " + shown);
  }

  private void skipLineComment() {
    while (current < text.length() && text.charAt(current) != '\n' && text.charAt(current) != '\r') {
      current++;
    }
  }

  /**
   * Decimal digits. Their range is checked by whoever reads the token ({@link IntegerLiteral}),
   * since only the reader knows whether a minus sign belongs to them.
   */
  private void number() {
    while (current < text.length() && isDigit(text.charAt(current))) {
      current++;
    }
    if (!decimalPart()) {
      add(Token.Kind.NUMBER);
    }
  }

  /**
   * A fraction ({@code .} then a digit, so {@code 1..3} stays a range) or an exponent after the
   * integer digits makes the lexeme a {@link Token.Kind#DECIMAL}, whose text is kept exactly.
   */
  private boolean decimalPart() {
    boolean decimal = false;
    if (current + 1 < text.length() && text.charAt(current) == '.' && isDigit(text.charAt(current + 1))) {
      current++;
      while (current < text.length() && isDigit(text.charAt(current))) {
        current++;
      }
      decimal = true;
    }
    if (current < text.length() && (text.charAt(current) == 'e' || text.charAt(current) == 'E')) {
      int at = current + 1;
      if (at < text.length() && (text.charAt(at) == '+' || text.charAt(at) == '-')) {
        at++;
      }
      if (at < text.length() && isDigit(text.charAt(at))) {
        current = at;
        while (current < text.length() && isDigit(text.charAt(current))) {
          current++;
        }
        decimal = true;
      }
    }
    if (!decimal) {
      return false;
    }
    if (Double.isInfinite(Double.parseDouble(lexeme()))) {
      error("number " + Token.shorten(lexeme()) + " is too big for a weight");
    }
    add(Token.Kind.DECIMAL);
    return true;
  }

  private void identifier() {
    while (current < text.length() && isIdentifierPart(text.charAt(current))) {
      current++;
    }
    String word = lexeme();
    Token.Kind keyword = Token.Kind.keyword(word);
    if (keyword == null && !Names.isIdentifier(word)) {
      error("name '" + Token.shorten(word) + "' is longer than 64 characters");
    }
    add(keyword != null ? keyword : Token.Kind.IDENTIFIER);
  }

  private boolean match(char expected) {
    if (current < text.length() && text.charAt(current) == expected) {
      current++;
      return true;
    }
    return false;
  }

  private void newline() {
    line++;
    lineStart = current;
  }

  private void add(Token.Kind kind) {
    tokens.add(new Token(kind, lexeme(), line, column(start)));
  }

  private void error(String message) {
    errors.add(source.diagnostic(line, column(start), message));
  }

  private String lexeme() {
    return text.substring(start, current);
  }

  private int column(int offset) {
    return offset - lineStart + 1;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isIdentifierStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  }

  private static boolean isIdentifierPart(char c) {
    return isIdentifierStart(c) || isDigit(c);
  }
}
