package fgc.lang;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Tokens of a data file to {@link DataSet.Entry}s (the format is in {@link DataSet}). It uses the
 * model {@link Scanner}, so comments, numbers and positions mean the same in both files; the first
 * syntax error stops it (data files are short and usually machine-written).
 */
final class DataParser {
  private final Source source;
  private final List<Token> tokens;
  private int current;

  DataParser(Source source) {
    this.source = source;
    Scanner.Result scanned = Scanner.scan(source);
    if (!scanned.errors().isEmpty()) {
      throw new LanguageException(scanned.errors());
    }
    this.tokens = scanned.tokens();
  }

  Map<String, DataSet.Entry> entries() {
    Map<String, DataSet.Entry> out = new LinkedHashMap<>();
    while (peek().kind() != Token.Kind.EOF) {
      Token name = expect(Token.Kind.IDENTIFIER, "a name");
      DataSet.Entry first = out.get(name.text());
      if (first != null) {
        throw error(name, "'" + name.text() + "' is defined twice (first at " + first.pos() + ")");
      }
      expect(Token.Kind.ASSIGN, "'='");
      DataSet.Entry entry;
      if (peek().kind() == Token.Kind.LEFT_BRACKET) {
        entry = new DataSet.Entry(name.text(), name.pos(), false, table());
      } else {
        entry = new DataSet.Entry(name.text(), name.pos(), true, List.of(List.of(item())));
      }
      expect(Token.Kind.SEMICOLON, "';'");
      out.put(name.text(), entry);
    }
    return out;
  }

  private List<List<DataSet.Item>> table() {
    Token open = advance();
    List<List<DataSet.Item>> rows = new ArrayList<>();
    List<DataSet.Item> row = new ArrayList<>();
    while (true) {
      Token t = peek();
      if (t.kind() == Token.Kind.RIGHT_BRACKET) {
        advance();
        break;
      }
      if (t.kind() == Token.Kind.EOF) {
        throw error(open, "unterminated '[': no matching ']' before end of file");
      }
      if (t.kind() == Token.Kind.COMMA) {
        if (row.isEmpty()) {
          throw error(t, "empty row: expected a number or '_' before ','");
        }
        advance();
        rows.add(List.copyOf(row));
        row = new ArrayList<>();
        continue;
      }
      row.add(item());
    }
    if (!row.isEmpty()) {
      rows.add(List.copyOf(row));
    }
    return List.copyOf(rows);
  }

  private DataSet.Item item() {
    Token t = peek();
    if (t.kind() == Token.Kind.IDENTIFIER && t.text().equals("_")) {
      advance();
      return DataSet.Item.blank(t.pos());
    }
    boolean negative = t.kind() == Token.Kind.MINUS;
    if (negative) {
      advance();
    }
    Token number = peek();
    if (number.kind() != Token.Kind.NUMBER && number.kind() != Token.Kind.DECIMAL) {
      throw error(number, "expected a number or '_' but found " + number.describe());
    }
    advance();
    String text = (negative ? "-" : "") + number.text();
    if (number.kind() == Token.Kind.DECIMAL) {
      return DataSet.Item.decimal(t.pos(), text);
    }
    OptionalLong value = IntegerLiteral.value(number.text(), negative);
    if (value.isEmpty()) {
      throw error(t, IntegerLiteral.outOfRange(number.text(), negative));
    }
    return DataSet.Item.integer(t.pos(), text, value.getAsLong());
  }

  private Token expect(Token.Kind kind, String what) {
    Token t = peek();
    if (t.kind() != kind) {
      throw error(t, "expected " + what + " but found " + t.describe());
    }
    return advance();
  }

  private LanguageException error(Token at, String message) {
    return new LanguageException(source.diagnostic(at.pos(), message));
  }

  private Token peek() {
    return tokens.get(current);
  }

  private Token advance() {
    Token t = tokens.get(current);
    if (t.kind() != Token.Kind.EOF) {
      current++;
    }
    return t;
  }
}
