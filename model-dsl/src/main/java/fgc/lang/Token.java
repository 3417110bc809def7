package fgc.lang;

import java.util.HashMap;
import java.util.Map;

/**
 * One lexeme of a model: its kind, where it is in the source and where it starts (line and column).
 * Its text is cut from the source only when asked for, so the punctuation and numbers of a big
 * model cost no string each. A {@link Kind#NUMBER}'s value is read from its text by {@link
 * IntegerLiteral}, which knows the range; a number's value as a weight is read by the scanner
 * ({@link #weight}).
 */
final class Token {
  private final Kind kind;
  private final String source;
  private final int start;
  private final int end;
  private final int line;
  private final int column;

  /**
   * A DECIMAL's value, exactly as {@link Double#parseDouble} reads its text; NaN for other kinds.
   */
  private final double weight;

  /** The text, when the scanner has it already (a name it shares), else null until asked for. */
  private String text;

  Token(
      Kind kind,
      String source,
      int start,
      int end,
      int line,
      int column,
      double weight,
      String text) {
    this.kind = kind;
    this.source = source;
    this.start = start;
    this.end = end;
    this.line = line;
    this.column = column;
    this.weight = weight;
    this.text = text;
  }

  Kind kind() {
    return kind;
  }

  String text() {
    if (text == null) {
      text = source.substring(start, end);
    }
    return text;
  }

  int line() {
    return line;
  }

  int column() {
    return column;
  }

  /** A NUMBER's or DECIMAL's value as a double (what {@code Double.parseDouble(text())} gives). */
  double weight() {
    // The scanner reads a DECIMAL's value (to report one too big); a NUMBER's is read when asked
    // for.
    return kind == Kind.NUMBER ? DecimalLiteral.value(source, start, end) : weight;
  }

  @Override
  public String toString() {
    return kind + " '" + text() + "' at " + line + ":" + column;
  }

  /** Every kind of token; {@link #display} is how parse errors name a kind they expected. */
  enum Kind {
    IDENTIFIER("a name"),
    NUMBER("a number"),
    /** A number with a fraction or an exponent, e.g. {@code 0.25} or {@code 1e-3}: weights only. */
    DECIMAL("a decimal number"),
    // Keywords: reserved, so none of them can name a param, let, loop variable or array.
    MODEL("'model'", "model"),
    PARAM("'param'", "param"),
    LET("'let'", "let"),
    VAR("'var'", "var"),
    IN("'in'", "in"),
    OBSERVE("'observe'", "observe"),
    FOR("'for'", "for"),
    WHERE("'where'", "where"),
    IF("'if'", "if"),
    ELSE("'else'", "else"),
    ALLDIFF("'alldiff'", "alldiff"),
    NEQ("'neq'", "neq"),
    EQ_FACTOR("'eq'", "eq"),
    SUM("'sum'", "sum"),
    TABLE("'table'", "table"),
    PRIOR("'prior'", "prior"),
    DATA("'data'", "data"),
    SIZE("'size'", "size"),
    TRUE("'true'", "true"),
    FALSE("'false'", "false"),
    MIN("'min'", "min"),
    MAX("'max'", "max"),
    // Punctuation and operators.
    SEMICOLON("';'"),
    COMMA("','"),
    LEFT_PAREN("'('"),
    RIGHT_PAREN("')'"),
    LEFT_BRACKET("'['"),
    RIGHT_BRACKET("']'"),
    LEFT_BRACE("'{'"),
    RIGHT_BRACE("'}'"),
    DOT_DOT("'..'"),
    ASSIGN("'='"),
    PLUS("'+'"),
    MINUS("'-'"),
    STAR("'*'"),
    SLASH("'/'"),
    PERCENT("'%'"),
    EQUAL("'=='"),
    NOT_EQUAL("'!='"),
    LESS("'<'"),
    LESS_EQUAL("'<='"),
    GREATER("'>'"),
    GREATER_EQUAL("'>='"),
    AND("'&&'"),
    OR("'||'"),
    /** Between a cpt's child and its parents: {@code cpt(rain | cloudy)}. */
    PIPE("'|'"),
    NOT("'!'"),
    EOF("end of file");

    private static final Map<String, Kind> KEYWORDS = keywords();

    private final String display;
    private final String keyword;

    Kind(String display) {
      this(display, null);
    }

    Kind(String display, String keyword) {
      this.display = display;
      this.keyword = keyword;
    }

    String display() {
      return display;
    }

    boolean isKeyword() {
      return keyword != null;
    }

    /** The keyword kind spelled {@code word}, or null when {@code word} is not reserved. */
    static Kind keyword(String word) {
      return KEYWORDS.get(word);
    }

    private static Map<String, Kind> keywords() {
      Map<String, Kind> map = new HashMap<>();
      for (Kind k : values()) {
        if (k.keyword != null) {
          map.put(k.keyword, k);
        }
      }
      return Map.copyOf(map);
    }
  }

  /** How an error message names this token: "end of file" or the quoted text, shortened if long. */
  String describe() {
    return kind == Kind.EOF ? "end of file" : "'" + shorten(text()) + "'";
  }

  /** Long lexemes (a fuzzer's 10,000-digit number) are cut so a message stays one readable line. */
  static String shorten(String text) {
    return text.length() <= 24 ? text : text.substring(0, 20) + "...";
  }

  Ast.Pos pos() {
    return new Ast.Pos(line, column);
  }
}
