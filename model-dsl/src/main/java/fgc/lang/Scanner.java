package fgc.lang;

import fgc.model.Names;
import java.util.ArrayList;
import java.util.List;

/**
 * Text to tokens, one at a time as the {@link Parser} asks for them, so a big model's tokens are
 * not all held at once. The scanner reports its own errors (a stray character, a decimal too big
 * for a double, an over-long name) and carries on without the bad lexeme, so the parser can still
 * report syntax errors further on. After {@link Parser#MAX_ERRORS} errors it scans no further:
 * every later token is end of file.
 */
final class Scanner {
  /**
   * Every token (ending in EOF) and the lexical errors, in source order, for readers of short
   * texts.
   */
  record Result(List<Token> tokens, List<Diagnostic> errors) {}

  private final Source source;
  private final String text;
  private final List<Diagnostic> errors = new ArrayList<>();

  /**
   * The names met so far, by their characters, so each is one string however often it is written.
   */
  private final String[] names = new String[NAME_SLOTS];

  private int nameCount;
  private Token eof;
  private boolean commaFollowed;
  private int start; // offset of the lexeme being scanned
  private int current; // offset of the next unread character
  private int line = 1;
  private int lineStart; // offset where the current line begins, for columns

  /** Room for the distinct names a model uses; past it a name is cut from the text each time. */
  private static final int NAME_SLOTS = 4096;

  Scanner(Source source) {
    this.source = source;
    this.text = source.text();
  }

  /** The whole of {@code source} scanned at once (data files, observations). */
  static Result scan(Source source) {
    Scanner s = new Scanner(source);
    List<Token> tokens = new ArrayList<>();
    Token t;
    do {
      t = s.next();
      tokens.add(t);
    } while (t.kind() != Token.Kind.EOF);
    return new Result(List.copyOf(tokens), List.copyOf(s.errors));
  }

  /**
   * A weight at the next lexeme, read without making a token: the value of a number (as its token's
   * {@link Token#weight}) after blanks, with the blanks and the comma after it; {@link
   * #commaFollowed} says whether there was one. NaN, having read only blanks, when the next lexeme
   * is anything but a number that needs no check (an integer of up to 18 digits, a decimal a double
   * holds).
   */
  double plainWeight() {
    skipBlanks();
    int from = current;
    int length = text.length();
    if (eof != null
        || errors.size() >= Parser.MAX_ERRORS
        || from >= length
        || !isDigit(text.charAt(from))) {
      return Double.NaN;
    }
    int at = from;
    while (at < length && isDigit(text.charAt(at))) {
      at++;
    }
    boolean decimal = false;
    if (at + 1 < length
        && text.charAt(at) == '.'
        && isDigit(text.charAt(at + 1))) { // as decimalPart reads it
      at++;
      while (at < length && isDigit(text.charAt(at))) {
        at++;
      }
      decimal = true;
    }
    if (at < length && (text.charAt(at) == 'e' || text.charAt(at) == 'E')) {
      int e = at + 1;
      if (e < length && (text.charAt(e) == '+' || text.charAt(e) == '-')) {
        e++;
      }
      if (e < length && isDigit(text.charAt(e))) {
        at = e;
        while (at < length && isDigit(text.charAt(at))) {
          at++;
        }
        decimal = true;
      }
    }
    if (!decimal && at - from > 18) {
      return Double.NaN; // maybe past the integer range: the token path reports it
    }
    double value = DecimalLiteral.value(text, from, at);
    if (Double.isInfinite(value)) {
      return Double.NaN;
    }
    current = at;
    skipBlanks();
    commaFollowed = current < length && text.charAt(current) == ',';
    if (commaFollowed) {
      current++;
    }
    return value;
  }

  /** Whether a comma followed the weight {@link #plainWeight} read last. */
  boolean commaFollowed() {
    return commaFollowed;
  }

  /** Spaces, tabs, form feeds and line ends, counted as {@link #scanToken} counts them. */
  private void skipBlanks() {
    while (current < text.length()) {
      char c = text.charAt(current);
      if (c == ' ' || c == '\t' || c == '\f') {
        current++;
      } else if (c == '\n') {
        current++;
        newline();
      } else if (c == '\r') {
        current++;
        match('\n');
        newline();
      } else {
        return;
      }
    }
  }

  /** The lexical errors so far, in source order. */
  List<Diagnostic> errors() {
    return errors;
  }

  /** The next token; at the end of the text, or once the scanner has stopped, EOF (every time). */
  Token next() {
    while (eof == null) {
      if (current >= text.length() || errors.size() >= Parser.MAX_ERRORS) {
        eof =
            new Token(
                Token.Kind.EOF, text, current, current, line, column(current), Double.NaN, "");
        break;
      }
      start = current;
      Token t = scanToken();
      if (t != null) {
        return t;
      }
    }
    return eof;
  }

  /** The token starting at {@code start}, or null for white space, a comment or a bad character. */
  private Token scanToken() {
    char c = text.charAt(current++);
    return switch (c) {
      case ' ', '\t', '\f' -> null;
      case '\n' -> newline();
      case '\r' -> {
        match('\n'); // CR LF is one line end, a lone CR is one too
        yield newline();
      }
      case '#' -> skipLineComment();
      case '/' -> match('/') ? skipLineComment() : add(Token.Kind.SLASH);
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
      case '|' ->
          add(
              match('|')
                  ? Token.Kind.OR
                  : Token.Kind.PIPE); // a lone '|' separates a cpt's child from its parents
      default -> {
        if (isDigit(c)) {
          yield number();
        } else if (isIdentifierStart(c)) {
          yield identifier();
        }
        unexpected(c);
        yield null;
      }
    };
  }

  /**
   * Operators spelled with a doubled character. A single one means nothing; it is reported and read
   * as the doubled one, the likely intent, so the parser does not report it a second time.
   */
  private Token pair(char second, Token.Kind kind, String spelled) {
    if (!match(second)) {
      error("unexpected character '" + text.charAt(start) + "' (did you mean " + spelled + "?)");
    }
    return add(kind);
  }

  private void unexpected(char c) {
    int codePoint = c;
    if (Character.isHighSurrogate(c)
        && current < text.length()
        && Character.isLowSurrogate(text.charAt(current))) {
      codePoint = Character.toCodePoint(c, text.charAt(current++));
    }
    // Name invisible and look-alike characters by code point, so the message says what is there;
    // invisible ones (controls, spaces, format characters such as a bidirectional override) only
    // so.
    String code = String.format("U+%04X", codePoint);
    String shown =
        codePoint > ' ' && codePoint < 0x7f
            ? "'" + c + "'"
            : Character.isISOControl(codePoint)
                    || Character.isWhitespace(codePoint)
                    || Character.getType(codePoint) == Character.FORMAT
                ? code
                : "'" + new String(Character.toChars(codePoint)) + "' (" + code + ")";
    error("unexpected character " + shown);
  }

  private Token skipLineComment() {
    while (current < text.length()
        && text.charAt(current) != '\n'
        && text.charAt(current) != '\r') {
      current++;
    }
    return null;
  }

  /**
   * Decimal digits. Their range is checked by whoever reads the token ({@link IntegerLiteral}),
   * since only the reader knows whether a minus sign belongs to them.
   */
  private Token number() {
    while (current < text.length() && isDigit(text.charAt(current))) {
      current++;
    }
    Token decimal = decimalPart();
    return decimal != null ? decimal : add(Token.Kind.NUMBER);
  }

  /**
   * A fraction ({@code .} then a digit, so {@code 1..3} stays a range) or an exponent after the
   * integer digits makes the lexeme a {@link Token.Kind#DECIMAL}, whose text is kept exactly; null
   * when there is neither.
   */
  private Token decimalPart() {
    boolean decimal = false;
    if (current + 1 < text.length()
        && text.charAt(current) == '.'
        && isDigit(text.charAt(current + 1))) {
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
      return null;
    }
    double value = DecimalLiteral.value(text, start, current);
    if (Double.isInfinite(value)) {
      error("number " + Token.shorten(lexeme()) + " is too big for a weight");
    }
    return new Token(Token.Kind.DECIMAL, text, start, current, line, column(start), value, null);
  }

  private Token identifier() {
    while (current < text.length() && isIdentifierPart(text.charAt(current))) {
      current++;
    }
    String word = knownName();
    if (word == null) {
      word = lexeme();
      if (Token.Kind.keyword(word) == null && !Names.isIdentifier(word)) {
        error("name '" + Token.shorten(word) + "' is longer than 64 characters");
      } else {
        remember(word);
      }
    }
    Token.Kind keyword = Token.Kind.keyword(word);
    return new Token(
        keyword != null ? keyword : Token.Kind.IDENTIFIER,
        text,
        start,
        current,
        line,
        column(start),
        Double.NaN,
        word);
  }

  /**
   * The lexeme, when it is a name or keyword met before: then it is one string however often it is
   * written.
   */
  private String knownName() {
    int length = current - start;
    for (int slot = slot(start, current); ; slot = (slot + 1) & (NAME_SLOTS - 1)) {
      String known = names[slot];
      if (known == null) {
        return null;
      }
      if (known.length() == length && text.regionMatches(start, known, 0, length)) {
        return known;
      }
    }
  }

  private void remember(String word) {
    if (nameCount >= NAME_SLOTS / 2) { // half full at most, so a search ends soon
      return;
    }
    int slot = slot(start, current);
    while (names[slot] != null) {
      slot = (slot + 1) & (NAME_SLOTS - 1);
    }
    names[slot] = word;
    nameCount++;
  }

  private int slot(int from, int to) {
    int hash = 0;
    for (int k = from; k < to; k++) {
      hash = 31 * hash + text.charAt(k);
    }
    return (hash ^ (hash >>> 16)) & (NAME_SLOTS - 1);
  }

  private boolean match(char expected) {
    if (current < text.length() && text.charAt(current) == expected) {
      current++;
      return true;
    }
    return false;
  }

  private Token newline() {
    line++;
    lineStart = current;
    return null;
  }

  private Token add(Token.Kind kind) {
    return new Token(kind, text, start, current, line, column(start), Double.NaN, null);
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
