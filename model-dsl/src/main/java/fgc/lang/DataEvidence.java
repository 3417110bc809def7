package fgc.lang;

import fgc.model.Evidence;
import fgc.model.Model;
import fgc.model.VariableArray;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * Observed values from a data file or the command line, every error positioned where it was
 * written.
 */
final class DataEvidence {
  private DataEvidence() {}

  /** Every data entry must be a param, a declared data table, or an observed array of the model. */
  static void checkEveryEntryIsUsed(Ast.Program program, Model model, DataSet data) {
    for (DataSet.Entry entry : data.entries().values()) {
      String name = entry.name();
      boolean param = false;
      boolean table = false;
      for (Ast.Stmt top : program.statements()) {
        for (Ast.Stmt s : top instanceof Ast.Group g ? g.statements() : List.of(top)) {
          param = param || (s instanceof Ast.Param p && p.name().equals(name));
          table = table || (s instanceof Ast.Data d && d.name().equals(name));
        }
      }
      VariableArray array = model.array(name);
      if (entry.scalar() && !param) {
        throw data.error(
            entry.pos(),
            "'"
                + name
                + "' is not a param of model "
                + model.name()
                + (table || array != null
                    ? " (a table or an array's values are written in brackets)"
                    : ""));
      }
      if (!entry.scalar() && !table && (array == null || !array.observed())) {
        throw data.error(
            entry.pos(),
            array != null
                ? "'"
                    + name
                    + "' is a variable array that model "
                    + model.name()
                    + " does not observe (add: observe "
                    + name
                    + ";)"
                : param
                    ? "'"
                        + name
                        + "' is a param of model "
                        + model.name()
                        + ": give it a single number, without brackets"
                    : "'"
                        + name
                        + "' is not a param, data table or observed array of model "
                        + model.name());
      }
    }
  }

  static Evidence of(Model model, DataSet data) {
    int[] values = Evidence.none(model).values();
    for (DataSet.Entry entry : data.entries().values()) {
      VariableArray array = model.array(entry.name());
      if (entry.scalar() || array == null || !array.observed()) {
        continue;
      }
      List<DataSet.Item> items = new ArrayList<>();
      entry.rows().forEach(items::addAll);
      if (items.size() != array.size()) {
        throw data.error(
            entry.pos(),
            "'"
                + entry.name()
                + "' has "
                + array.size()
                + " variables but the data gives "
                + items.size()
                + " values (use _ for a value not given)");
      }
      for (int k = 0; k < items.size(); k++) {
        DataSet.Item item = items.get(k);
        if (item.none()) {
          continue;
        }
        String element = array.elementName(k);
        if (!item.isInteger() || !array.domain().contains(item.longValue())) {
          throw data.error(
              item.pos(),
              element + " = " + item.text() + " is outside its domain " + array.domain());
        }
        values[array.firstIndex() + k] = (int) item.longValue();
      }
    }
    return Evidence.of(model, values);
  }

  /**
   * {@code evidence} with the value {@code text} assigns, {@code NAME[i]...=VALUE}. The text is
   * read with the model {@link Scanner} and the {@link IntegerLiteral} rule, so its names, numbers
   * and spaces mean what they mean in a model, and every error points into it with a caret.
   */
  static Evidence assignment(Model model, Evidence evidence, String text) {
    Observation o = new Observation(new Source("--observe", text));
    Token name;
    List<Long> indices = new ArrayList<>();
    List<Ast.Pos> positions = new ArrayList<>();
    Ast.Pos valueAt;
    long value;
    int named;
    try {
      name = o.expect(Token.Kind.IDENTIFIER, "a variable array's name");
      while (o.peek().kind() == Token.Kind.LEFT_BRACKET) {
        o.advance();
        positions.add(o.peek().pos());
        indices.add(o.integer("an index"));
        o.expect(Token.Kind.RIGHT_BRACKET, "']'");
      }
      o.expect(Token.Kind.ASSIGN, "'[' or '='");
      valueAt = o.peek().pos();
      if (model.array(name.text()) == null) {
        throw o.error(name.pos(), noSuchArray(model, name.text()));
      }
      named = labelled(model.array(name.text()), text, valueAt);
      if (named < 0) {
        value = o.integer("a value");
        o.expect(Token.Kind.EOF, "nothing after the value");
      } else {
        value = named;
      }
    } catch (LanguageException syntax) {
      throw o.firstOf(syntax);
    }
    if (named < 0) {
      o.checkLexical();
    }

    VariableArray array = model.array(name.text());
    if (array == null || !array.observed()) {
      throw o.error(
          name.pos(),
          array == null
              ? noSuchArray(model, name.text())
              : "'" + name.text() + "' is not observed (add: observe " + name.text() + ";)");
    }
    if (indices.size() != array.rank()) {
      throw o.error(
          name.pos(),
          "'"
              + name.text()
              + "' has "
              + count(array.rank(), "dimension", "dimensions")
              + " but "
              + count(indices.size(), "index was", "indices were")
              + " given");
    }
    int offset = 0;
    for (int axis = 0; axis < indices.size(); axis++) {
      long index = indices.get(axis);
      if (index < 0 || index >= array.dim(axis)) {
        throw o.error(
            positions.get(axis),
            "index "
                + index
                + " is out of range 0.."
                + (array.dim(axis) - 1)
                + " in dimension "
                + (axis + 1)
                + " of '"
                + name.text()
                + "'");
      }
      offset = offset * array.dim(axis) + (int) index;
    }
    if (named < 0 && !array.labels().isEmpty() && !array.domain().contains(value)) {
      throw o.error(
          valueAt,
          "'"
              + text.substring(Math.min(text.length(), valueAt.column() - 1)).strip()
              + "' is not a value of "
              + array.elementName(offset)
              + ": its values are "
              + String.join(", ", array.labels())
              + " (or their indices "
              + array.domain()
              + ")");
    }
    if (named >= 0) {
      value = (long) array.domain().lo() + named;
    } else if (!array.domain().contains(value)) {
      throw o.error(
          valueAt,
          array.elementName(offset) + " = " + value + " is outside its domain " + array.domain());
    }
    int[] values = evidence.values();
    values[array.firstIndex() + offset] = (int) value;
    return Evidence.of(model, values);
  }

  /**
   * The index of the value named by the text after '=' (from {@code valueAt}, on the one line of an
   * observation) when {@code array}'s values have names and it is one of them; -1 to read a number
   * instead. A name is matched as written, before any number: a network whose states are named
   * {@code 1 2 3} is observed by those names, as it prints them. Text that is neither a name nor a
   * number is an error with the nearest name.
   */
  private static int labelled(VariableArray array, String text, Ast.Pos valueAt) {
    if (array == null || array.labels().isEmpty() || valueAt.line() != 1) {
      return -1;
    }
    String raw = text.substring(Math.min(text.length(), valueAt.column() - 1)).strip();
    int k = array.labels().indexOf(raw);
    if (k >= 0 || raw.matches("-?[0-9]+")) {
      return k;
    }
    String near = fgc.model.Names.didYouMean(raw, array.labels());
    String states = String.join(", ", array.labels());
    throw new LanguageException(
        new Source("--observe", text)
            .diagnostic(
                valueAt,
                "'"
                    + raw
                    + "' is not a state of "
                    + array.name()
                    + (near.isEmpty()
                        ? "; its states are " + states
                        : near + " (its states are " + states + ")")));
  }

  private static String noSuchArray(Model model, String name) {
    return "model "
        + model.name()
        + " has no variable array '"
        + name
        + "'"
        + fgc.model.Names.didYouMean(
            name, model.arrays().stream().map(VariableArray::name).toList());
  }

  private static String count(int n, String one, String many) {
    return n + " " + (n == 1 ? one : many);
  }

  /** The tokens of one {@code --observe} text; the first error ends the reading. */
  private static final class Observation {
    private static final String FORM =
        "an observation is written NAME[index]...=VALUE, e.g. x[0][2]=5";

    private final Source source;
    private final List<Token> tokens;
    private final Diagnostic lexical; // the scanner's first error, or null
    private int current;

    Observation(Source source) {
      this.source = source;
      Scanner.Result scanned = Scanner.scan(source);
      this.tokens = scanned.tokens();
      this.lexical = scanned.errors().isEmpty() ? null : scanned.errors().get(0);
    }

    /**
     * The error to report when reading failed with {@code syntax}: a lexical error before it (a
     * stray character the scanner dropped) comes first; at the same place the syntax error says
     * more ("'1.5' is not an integer" rather than the scanner's view of a decimal).
     */
    LanguageException firstOf(LanguageException syntax) {
      Diagnostic d = syntax.diagnostics().get(0);
      boolean lexicalFirst =
          lexical != null
              && (lexical.line() < d.line()
                  || lexical.line() == d.line() && lexical.column() < d.column());
      return lexicalFirst ? lexicalError() : syntax;
    }

    /** A lexical error even though the tokens left made sense ({@code x[0]=1@}). */
    void checkLexical() {
      if (lexical != null) {
        throw lexicalError();
      }
    }

    private LanguageException lexicalError() {
      return new LanguageException(
          source.diagnostic(lexical.line(), lexical.column(), lexical.message() + "; " + FORM));
    }

    Token peek() {
      return tokens.get(current);
    }

    Token advance() {
      Token t = peek();
      if (t.kind() != Token.Kind.EOF) {
        current++;
      }
      return t;
    }

    Token expect(Token.Kind kind, String what) {
      if (peek().kind() != kind) {
        throw unexpected(what);
      }
      return advance();
    }

    /** An integer, a minus sign before it if any, by the language's literal rule. */
    long integer(String what) {
      Token first = peek();
      boolean negative = first.kind() == Token.Kind.MINUS;
      if (negative) {
        advance();
      }
      Token number = peek();
      if (number.kind() == Token.Kind.DECIMAL) {
        throw error(
            first.pos(),
            "'" + (negative ? "-" : "") + Token.shorten(number.text()) + "' is not an integer");
      }
      if (number.kind() != Token.Kind.NUMBER) {
        throw unexpected(what);
      }
      advance();
      OptionalLong value = IntegerLiteral.value(number.text(), negative);
      if (value.isEmpty()) {
        throw error(first.pos(), IntegerLiteral.outOfRange(number.text(), negative));
      }
      return value.getAsLong();
    }

    private LanguageException unexpected(String what) {
      Token t = peek();
      String found = t.kind() == Token.Kind.EOF ? "the end" : t.describe();
      return error(t.pos(), "expected " + what + " but found " + found + "; " + FORM);
    }

    LanguageException error(Ast.Pos pos, String message) {
      return new LanguageException(source.diagnostic(pos, message));
    }
  }
}
