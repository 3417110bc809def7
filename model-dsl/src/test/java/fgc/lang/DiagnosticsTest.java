package fgc.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every error a user can make: its message, line and column, and the caret under it. */
class DiagnosticsTest {

  /** Source, then the single expected diagnostic: line, column, message. */
  static Stream<Arguments> errors() {
    return Stream.of(
        // Lexical
        row("unexpected character", "var x in 1..3 @;", 1, 15, "unexpected character '@'"),
        row(
            "lone ampersand",
            "var x in 1..3;\nif true & false { }",
            2,
            9,
            "unexpected character '&' (did you mean '&&'?)"),
        row("lone dot", "var x in 1 .3;", 1, 12, "unexpected character '.' (did you mean '..'?)"),
        row(
            "non-ASCII character",
            "var caf\u00e9 in 1..2;",
            1,
            8,
            "unexpected character '\u00e9' (U+00E9)"),
        row("control character", "var x in 1..3;\u0007", 1, 15, "unexpected character U+0007"),
        row(
            "number too big",
            "let a = 100000000000000000000000000000;\nvar x in 1..2;",
            1,
            9,
            "number 10000000000000000000... is too big; the largest is 9223372036854775807"),
        row(
            "name too long",
            "let " + "a".repeat(65) + " = 1;",
            1,
            5,
            "name 'aaaaaaaaaaaaaaaaaaaa...' is longer than 64 characters"),
        // Syntax
        row(
            "unterminated block",
            "var x[2] in 1..3;\nfor i in 0..1 {\n  neq(x[0], x[1]);\n",
            2,
            15,
            "unterminated '{': no matching '}' before end of file"),
        row(
            "unterminated parenthesis",
            "let a = (1 + 2",
            1,
            9,
            "unterminated '(': no matching ')' before end of file"),
        row(
            "unterminated bracket",
            "var x[2",
            1,
            6,
            "unterminated '[': no matching ']' before end of file"),
        row(
            "missing semicolon at end",
            "var x in 1..3",
            1,
            14,
            "expected ';' after '3' at the end of file"),
        row(
            "missing semicolon on the last line, with lines after it",
            "var x[2] in 1..3;\nneq(x[0], x[1])\n\n# the end\n",
            2,
            16,
            "expected ';' after ')' at the end of the line"),
        row(
            "missing semicolon before statement",
            "let a = 1\nvar x in 1..3;",
            1,
            10,
            "expected ';' after '1' at the end of the line"),
        row(
            "misspelt variable",
            "var colour[2] in 0..2;\nneq(color[0], colour[1]);",
            2,
            5,
            "unknown name 'color'; did you mean 'colour'?"),
        row(
            "unknown name with nothing near",
            "var colour[2] in 0..2;\nneq(weight[0], colour[1]);",
            2,
            5,
            "unknown name 'weight'"),
        row(
            "missing semicolon on the same line",
            "let a = 1 var x in 1..3;",
            1,
            11,
            "expected ';' but found 'var'"),
        row("number for name", "let 3 = 4;", 1, 5, "expected a name but found '3'"),
        row(
            "keyword for name",
            "var x in 1..2;\nlet in = 4;",
            2,
            5,
            "expected a name but found 'in' (a reserved word)"),
        row("missing expression", "let a = ;", 1, 9, "expected an expression but found ';'"),
        row(
            "not a statement",
            "var x in 1..2;\nin x;",
            2,
            1,
            "expected a statement but found 'in'"),
        row(
            "assignment for a relation",
            "var x in 1..2;\nx = 3;",
            2,
            3,
            "expected '==' but found '=' (a relation compares: == != < <= > >=)"),
        row(
            "number for a relation",
            "var x in 1..2;\nx + 1;",
            2,
            1,
            "expected a statement but found a number:"
                + " a relation compares expressions (== != < <= > >=)"),
        row(
            "neq with three refs",
            "var x[3] in 1..3;\nneq(x[0], x[1], x[2]);",
            2,
            15,
            "expected ')' but found ','"),
        row("stray closing brace", "var x in 1..2;\n}", 2, 1, "unexpected '}': no block is open"),
        row(
            "model not first",
            "var x in 1..2;\nmodel m;",
            2,
            1,
            "'model' must be the first statement"),
        row(
            "var inside a loop",
            "for i in 0..1 {\n  var x in 1..2;\n}",
            2,
            3,
            "'var' is only allowed at the top level, outside for and if"),
        row(
            "param inside if",
            "var x in 1..2;\nif true { param p = 1; }",
            2,
            11,
            "'param' is only allowed at the top level, outside for and if"),
        // Types
        row(
            "condition for integer",
            "param a = 1 < 2;",
            1,
            11,
            "expected an integer but found a condition"),
        row(
            "condition for number",
            "let a = 1 < 2;",
            1,
            9,
            "expected a number but found a condition"),
        row(
            "integer for condition",
            "var x in 1..2;\nif 1 + 2 { }",
            2,
            4,
            "expected a condition but found an integer"),
        row(
            "integer where filter",
            "var x[2] in 1..2;\nfor i in 0..1 where i { }",
            2,
            21,
            "expected a condition but found an integer"),
        row(
            "condition as index",
            "var x[2] in 1..2;\nneq(x[0], x[0 == 0]);",
            2,
            13,
            "expected an integer but found a condition"),
        row(
            "chained comparison",
            "var x in 1..2;\nif 1 < 2 < 3 { }",
            2,
            4,
            "expected an integer but found a condition"),
        row(
            "not of integer",
            "var x in 1..2;\nif !3 { }",
            2,
            5,
            "expected a condition but found an integer"),
        // Names and declarations (evaluation)
        row(
            "unknown name",
            "model sudoku;\nparam n = 3;\nlet N = n * n;\nvar cell[N][M] in 1..N;",
            4,
            13,
            "unknown name 'M'"),
        row("unknown array", "var x in 1..2;\nneq(x, y);", 2, 8, "unknown name 'y'"),
        row("observe unknown", "var x in 1..2;\nobserve y;", 2, 9, "unknown name 'y'"),
        row(
            "observe a param",
            "param n = 2;\nvar x in 1..2;\nobserve n;",
            3,
            9,
            "'n' is a param, not a variable array"),
        row(
            "var declared twice",
            "var x in 1..3;\nvar x in 1..3;",
            2,
            5,
            "name 'x' is declared twice (first at 1:5)"),
        row(
            "let named like a var",
            "var x in 1..3;\nlet x = 1;",
            2,
            5,
            "name 'x' is declared twice (first at 1:5)"),
        row(
            "var named like a param",
            "param x = 1;\nvar x in 1..3;",
            2,
            5,
            "name 'x' is declared twice (first at 1:7)"),
        row(
            "let redefines param",
            "param n = 1;\nlet n = 2;\nvar x in 1..2;",
            2,
            5,
            "cannot redefine 'n': it is already a param (declared at 1:7)"),
        row(
            "param declared twice",
            "param n = 1;\nparam n = 2;\nvar x in 1..2;",
            2,
            7,
            "cannot redefine 'n': it is already a param (declared at 1:7)"),
        row(
            "let redefines let",
            "let a = 1;\nlet a = 2;\nvar x in 1..2;",
            2,
            5,
            "cannot redefine 'a': it is already a let (declared at 1:5)"),
        row(
            "inner loop reuses outer binder",
            "var x[2] in 1..2;\nfor i in 0..1 {\n  for i in 0..1 { }\n}",
            3,
            7,
            "cannot redefine 'i': it is already a loop variable (declared at 2:5)"),
        row(
            "let in loop shadows binder",
            "var x[2] in 1..2;\nfor i in 0..1 { let i = 3; }",
            2,
            21,
            "cannot redefine 'i': it is already a loop variable (declared at 2:5)"),
        row(
            "binder shadows let",
            "var x[2] in 1..2;\nlet k = 1;\nalldiff(x[k] for k in 0..1);",
            3,
            18,
            "cannot redefine 'k': it is already a let (declared at 2:5)"),
        row(
            "array as a number",
            "var x[2] in 1..2;\nlet a = x + 1;",
            2,
            9,
            "'x' has 1 dimension but 0 indices were given"),
        row(
            "variable as a size",
            "var y in 1..2;\nvar x[y] in 1..2;",
            2,
            7,
            "'y' is a variable: it has no value until the model is solved,"
                + " so only a relation or a weight may use it"),
        row(
            "param as a variable",
            "param n = 2;\nvar x in 1..2;\nneq(x, n);",
            3,
            8,
            "'n' is a param, not a variable"),
        // Indices
        row(
            "index too big",
            "var x[3] in 1..3;\nalldiff(x[0], x[1], x[3]);",
            2,
            23,
            "index 3 is out of range 0..2 in dimension 1 of 'x'"),
        row(
            "index negative in dimension 2",
            "var g[2][4] in 1..3;\nfor i in 0..1 { neq(g[i][0], g[i][i - 1]); }",
            2,
            35,
            "index -1 is out of range 0..3 in dimension 2 of 'g'"),
        row(
            "too few indices",
            "var x[2][2] in 1..2;\nneq(x[0], x[1][1]);",
            2,
            5,
            "'x' has 2 dimensions but 1 index was given"),
        row(
            "indices on a scalar",
            "var y in 1..2;\nvar x in 1..2;\nneq(x, y[0][1]);",
            3,
            8,
            "'y' has 0 dimensions but 2 indices were given"),
        // Domains and dimensions
        row("empty domain", "var x in 3..1;", 1, 10, "empty domain 3..1"),
        row(
            "domain too large",
            "var x in 1..1000;",
            1,
            10,
            "domain 1..1000 has 1000 values; the limit is 256"),
        row(
            "domain past 32 bits",
            "var x in 10000000000..10000000001;",
            1,
            10,
            "domain 10000000000..10000000001 lies outside the 32-bit integers"),
        row(
            "huge domain past 32 bits",
            "var x in 0..10000000000;",
            1,
            10,
            "domain 0..10000000000 has more than 256 values; the limit is 256"),
        row(
            "dimension zero",
            "let n = 0;\nvar x[2][n] in 1..2;",
            2,
            10,
            "dimension 2 of 'x' has size 0; sizes must be at least 1"),
        row(
            "dimension huge",
            "var x[10000000000] in 1..2;",
            1,
            7,
            "dimension 1 of 'x' has size 10000000000; a model holds at most 16777216 variables"),
        // Factors
        row(
            "alldiff names a variable twice",
            "var x[3] in 1..3;\nfor i in 0..0 {\n  alldiff(x[0], x[1], x[i + 1]);\n}",
            3,
            3,
            "alldiff names x[1] twice"),
        row("neq names a variable twice", "var y in 1..2;\nneq(y, y);", 2, 1, "neq names y twice"),
        row(
            "alldiff of one",
            "var x[3] in 1..3;\nalldiff(x[i] for i in 0..2 where i == 1);",
            2,
            1,
            "alldiff needs at least 2 variables, got 1"),
        row(
            "alldiff of none",
            "var x[3] in 1..3;\nalldiff(x[i] for i in 1..0);",
            2,
            1,
            "alldiff needs at least 2 variables, got 0"),
        // Arithmetic
        row(
            "addition overflow",
            "let a = 9223372036854775807;\nlet b = a + 1;",
            2,
            11,
            "integer overflow in 9223372036854775807 + 1"),
        row(
            "multiplication overflow",
            "let a = 4294967296 * 4294967296;",
            1,
            20,
            "integer overflow in 4294967296 * 4294967296"),
        row(
            "negation overflow",
            "let a = -9223372036854775807 - 1;\nlet b = -a;",
            2,
            9,
            "integer overflow in -(-9223372036854775808)"),
        row(
            "division overflow",
            "let a = -9223372036854775807 - 1;\nlet b = a / -1;",
            2,
            11,
            "integer overflow in -9223372036854775808 / -1"),
        row(
            "division by zero",
            "let a = 3;\nlet b = 7 / (a - 3);",
            2,
            11,
            "division by zero in 7 / 0"),
        row(
            "modulo by zero",
            "var x[2] in 1..2;\nfor i in 0..1 { let k = 5 % i; }",
            2,
            27,
            "modulo by zero in 5 % 0"),
        // Model-level and IR limits
        row("no variables", "param n = 1;\n", 2, 1, "model 't' declares no variables"),
        row(
            "rank past the limit",
            "var x[1][1][1][1][1][1][1][1][1] in 1..2;",
            1,
            5,
            "variable 'x' has rank 9; the limit is 8"),
        row(
            "too many variables",
            "var x[5000][5000] in 1..2;",
            1,
            5,
            "variable 'x' takes the model past 16777216 variables"),
        row(
            "arity past the limit",
            "var x[2000] in 1..2;\nalldiff(x[i] for i in 0..1999);",
            2,
            1,
            "alldiff over more than 1024 variables; the limit is 1024"),
        row(
            "runaway loop",
            "var x in 1..2;\nfor i in 0..2000000000 { }",
            2,
            5,
            "the model is too big to unroll:"
                + " more than 20000000 loop iterations and factor variables"),
        row(
            "nesting too deep",
            "let a = " + "(".repeat(150) + "1" + ")".repeat(150) + ";",
            1,
            109,
            "nesting deeper than 100"));
  }

  private static Arguments row(String name, String source, int line, int column, String message) {
    return Arguments.of(name, source, line, column, message);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("errors")
  void reportsOnePositionedDiagnostic(
      String name, String source, int line, int column, String message) {
    LanguageException e =
        assertThrows(LanguageException.class, () -> FgcLanguage.parse("t.fg", source, Map.of()));
    assertEquals(1, e.diagnostics().size(), e::getMessage);
    Diagnostic d = e.diagnostics().get(0);
    assertEquals(message, d.message(), e::getMessage);
    assertEquals(line, d.line(), e::getMessage);
    assertEquals(column, d.column(), e::getMessage);
    assertEquals("t.fg", d.sourceName());
    assertCaretUnder(source, d);
    assertEquals(d.format(), e.getMessage());
  }

  /**
   * The format is "file:line:col: message", the source line, then a caret under the column. A line
   * wider than {@link Diagnostic#SHOWN} is shown as a window of it with "..." at each cut end;
   * control characters are shown as '?'. (For sources whose characters are one cell wide each.)
   */
  static void assertCaretUnder(String source, Diagnostic d) {
    String[] lines = source.split("\r\n|\r|\n", -1);
    String sourceLine = d.line() <= lines.length ? lines[d.line() - 1] : "";
    assertEquals(sourceLine, d.sourceLine());
    String[] out = d.format().split("\n", -1);
    assertEquals(3, out.length, d::format);
    assertEquals(d.sourceName() + ":" + d.line() + ":" + d.column() + ": " + d.message(), out[0]);
    assertTrue(out[1].startsWith("  ") && out[2].startsWith("  "), d::format);
    assertEquals(out[2].length() - 1, out[2].indexOf('^'), d::format);
    assertTrue(out[2].substring(0, out[2].length() - 1).isBlank());
    String shown = shown(sourceLine);
    int caret = out[2].indexOf('^') - 2;
    if (sourceLine.length() <= Diagnostic.SHOWN) {
      assertEquals("  " + shown, out[1]);
      assertEquals(d.column() - 1, caret, d::format);
      return;
    }
    String window = out[1].substring(2);
    assertTrue(window.length() <= Diagnostic.SHOWN, d::format);
    int cutLeft = window.startsWith("...") ? 3 : 0;
    boolean cutRight = window.endsWith("...");
    String inner = window.substring(cutLeft, window.length() - (cutRight ? 3 : 0));
    int from = d.column() - 1 - (caret - cutLeft); // where the window starts in the line
    assertEquals(from > 0, cutLeft > 0, d::format);
    assertTrue(from >= 0 && shown.startsWith(inner, from), d::format);
    assertEquals(cutRight, from + inner.length() < shown.length(), d::format);
  }

  /** The line as a diagnostic shows it: control and format characters (but tabs) as '?'. */
  private static String shown(String line) {
    StringBuilder sb = new StringBuilder();
    line.codePoints()
        .forEach(
            c ->
                sb.appendCodePoint(
                    c != '\t'
                            && (Character.isISOControl(c)
                                || Character.getType(c) == Character.FORMAT)
                        ? '?'
                        : c));
    return sb.toString();
  }

  @Test
  void theExampleFromTheLanguageDescriptionFormatsExactly() {
    String text = "model sudoku;\nparam n = 3;\nlet N = n * n;\nvar cell[N][M] in 1..N;\n";
    LanguageException e =
        assertThrows(LanguageException.class, () -> FgcLanguage.parse("sudoku.fg", text, Map.of()));
    assertEquals(
        "sudoku.fg:4:13: unknown name 'M'\n  var cell[N][M] in 1..N;\n              ^",
        e.getMessage());
  }

  @Test
  void caretKeepsTabsSoItLinesUp() {
    String text = "var x[2] in 1..2;\n\tneq(x[0],\tx[2]);\n";
    LanguageException e =
        assertThrows(LanguageException.class, () -> FgcLanguage.parse("t.fg", text, Map.of()));
    Diagnostic d = e.diagnostics().get(0);
    assertEquals(2, d.line());
    assertEquals(14, d.column());
    assertEquals(
        "t.fg:2:14: index 2 is out of range 0..1 in dimension 1 of 'x'\n"
            + "  \tneq(x[0],\tx[2]);\n  \t         \t  ^",
        d.format());
  }

  @Test
  void aLongLineIsShownAsAWindowWithTheCaretUnderTheColumn() {
    String line =
        "neq(x[0], x[1]); ".repeat(60) + "neq(x[0], x[5]);" + " neq(x[0], x[1]);".repeat(60);
    String text = "var x[2] in 1..2;\n" + line + "\n";
    Diagnostic d = onlyError(text);
    int column = line.indexOf("x[5]") + 3;
    assertEquals(2, d.line());
    assertEquals(column, d.column());
    String[] out = d.format().split("\n");
    assertEquals(
        "t.fg:2:" + column + ": index 5 is out of range 0..1 in dimension 1 of 'x'", out[0]);
    assertTrue(out[1].startsWith("  ...") && out[1].endsWith("..."), out[1]);
    assertTrue(out[1].length() <= 2 + Diagnostic.SHOWN, out[1]);
    int caret = out[2].indexOf('^');
    assertEquals("x[5]", out[1].substring(caret - 2, caret + 2), d::format);
    assertCaretUnder(text, d);
  }

  @Test
  void aLongLineCutAtOneEndOnlyWhenTheColumnIsNearTheOther() {
    // At the start of a long line: cut on the right only.
    String early = "neq(x[0], x[5]);" + " neq(x[0], x[1]);".repeat(60);
    Diagnostic d = onlyError("var x[2] in 1..2;\n" + early);
    String[] out = d.format().split("\n");
    assertEquals("  neq(x[0], x[5]);", out[1].substring(0, 18));
    assertTrue(out[1].endsWith("..."));
    assertEquals("  " + " ".repeat(12) + "^", out[2]);
    // Past the end of a long line (an error at end of file): cut on the left, the caret after the
    // last character.
    String late = "let a = 1" + " + 1".repeat(1000);
    Diagnostic end = onlyError(late);
    assertEquals("expected ';' after '1' at the end of file", end.message());
    assertEquals(late.length() + 1, end.column());
    String[] lines = end.format().split("\n");
    assertTrue(lines[1].startsWith("  ...") && lines[1].endsWith(" + 1 + 1"), lines[1]);
    assertEquals(lines[1].length(), lines[2].indexOf('^'));
    assertCaretUnder(late, end);
  }

  @Test
  void wideAndCombiningCharactersKeepTheCaretUnderTheColumn() {
    // CJK and emoji take two cells, a combining accent none; tabs are copied.
    String text = "var x in 1..2;\t\u540d \ud83d\ude00 \u0301 @";
    LanguageException e =
        assertThrows(LanguageException.class, () -> FgcLanguage.parse("t.fg", text, Map.of()));
    Diagnostic at = e.diagnostics().get(e.diagnostics().size() - 1);
    assertEquals("unexpected character '@'", at.message());
    assertEquals(23, at.column());
    String under =
        " ".repeat(14)
            + "\t"
            + "  " /* the ideograph */
            + " "
            + "  " /* the emoji */
            + " " /* the accent: none */
            + " ";
    assertEquals(
        "t.fg:1:23: unexpected character '@'\n  " + text + "\n  " + under + "^", at.format());
  }

  @Test
  void controlCharactersAreShownAsQuestionMarksNotSentToTheTerminal() {
    String text = "var x in 1..2; \u001b]0;owned\u0007 \u202e @";
    LanguageException e =
        assertThrows(LanguageException.class, () -> FgcLanguage.parse("t.fg", text, Map.of()));
    for (Diagnostic d : e.diagnostics()) {
      assertTrue(
          d.format()
              .codePoints()
              .noneMatch(
                  c ->
                      c != '\n'
                          && c != '\t'
                          && (Character.isISOControl(c)
                              || Character.getType(c) == Character.FORMAT)),
          d::format);
      assertTrue(d.format().contains("\n  var x in 1..2; ?]0;owned? ? @\n"), d::format);
      assertCaretUnder(text, d);
    }
    assertEquals(text, e.diagnostics().get(0).sourceLine(), "the line itself is kept as written");
  }

  private static Diagnostic onlyError(String text) {
    LanguageException e =
        assertThrows(LanguageException.class, () -> FgcLanguage.parse("t.fg", text, Map.of()));
    assertEquals(1, e.diagnostics().size(), e::getMessage);
    return e.diagnostics().get(0);
  }

  @Test
  void crLfLinesAreCountedOnceAndNotQuoted() {
    String text = "var x[2] in 1..2;\r\n\r\nneq(x[0], x[9]);\r\n";
    LanguageException e =
        assertThrows(LanguageException.class, () -> FgcLanguage.parse("t.fg", text, Map.of()));
    Diagnostic d = e.diagnostics().get(0);
    assertEquals(3, d.line());
    assertEquals(13, d.column());
    assertEquals("neq(x[0], x[9]);", d.sourceLine());
  }

  @Test
  void severalSyntaxErrorsAreReportedInOneGoInSourceOrder() {
    String text =
        "var x[3] in 1..3;\n"
            + "let a = ;\n"
            + "for i in 0..2 {\n  neq(x[i] x[0]);\n  let b = 1 +;\n}\n"
            + "alldiff(x[0], x[1]\n"
            + "let c = 2;\n";
    LanguageException e =
        assertThrows(LanguageException.class, () -> FgcLanguage.parse("t.fg", text, Map.of()));
    List<Diagnostic> ds = e.diagnostics();
    assertEquals(4, ds.size(), e::getMessage);
    assertEquals("expected an expression but found ';'", ds.get(0).message());
    assertEquals(2, ds.get(0).line());
    assertEquals("expected ',' but found 'x'", ds.get(1).message());
    assertEquals(4, ds.get(1).line());
    assertEquals("expected an expression but found ';'", ds.get(2).message());
    assertEquals(5, ds.get(2).line());
    assertEquals("expected ')' but found 'let'", ds.get(3).message());
    assertEquals(8, ds.get(3).line());
    for (Diagnostic d : ds) {
      assertCaretUnder(text, d);
    }
    assertEquals(String.join("\n", ds.stream().map(Diagnostic::format).toList()), e.getMessage());
  }

  @Test
  void atMostTwentyErrorsAreReported() {
    String text = "let = 1;\n".repeat(50);
    LanguageException e =
        assertThrows(LanguageException.class, () -> FgcLanguage.parse("t.fg", text, Map.of()));
    assertEquals(Parser.MAX_ERRORS, e.diagnostics().size());
    assertEquals(20, e.diagnostics().get(19).line());
  }

  @Test
  void lexicalAndSyntaxErrorsAreMergedInOrder() {
    String text = "let a = 1 $ 2;\nlet b = ;\nlet c = 3 @;\n";
    LanguageException e =
        assertThrows(LanguageException.class, () -> FgcLanguage.parse("t.fg", text, Map.of()));
    List<String> messages =
        e.diagnostics().stream().map(d -> d.line() + ":" + d.column() + " " + d.message()).toList();
    assertEquals(
        List.of(
            "1:11 unexpected character '$'",
            "1:13 expected ';' but found '2'",
            "2:9 expected an expression but found ';'",
            "3:11 unexpected character '@'"),
        messages);
  }

  @Test
  void unknownParamOverridesAreNamedWithoutAPosition() {
    String text = "param n = 3;\nparam m = 1;\nvar x in 1..2;\n";
    LanguageException e =
        assertThrows(
            LanguageException.class,
            () -> FgcLanguage.parse("t.fg", text, Map.of("k", 1L, "a", 2L, "n", 4L)));
    assertEquals(2, e.diagnostics().size());
    Diagnostic first = e.diagnostics().get(0);
    assertEquals(0, first.line());
    assertEquals("unknown param 'a' in the overrides; the model declares: n, m", first.message());
    assertEquals(
        "t.fg: unknown param 'a' in the overrides; the model declares: n, m", first.format());
    assertEquals(
        "unknown param 'k' in the overrides; the model declares: n, m",
        e.diagnostics().get(1).message());

    LanguageException none =
        assertThrows(
            LanguageException.class,
            () -> FgcLanguage.parse("t.fg", "var x in 1..2;", Map.of("n", 1L)));
    assertEquals(
        "t.fg: unknown param 'n' in the overrides; the model declares no params",
        none.getMessage());
  }

  @Test
  void anOverrideCanBreakTheModelAndIsReportedWhereItBites() {
    LanguageException e =
        assertThrows(LanguageException.class, () -> FgcLanguage.bundled("sudoku", Map.of("n", 0L)));
    Diagnostic d = e.diagnostics().get(0);
    assertEquals("sudoku.fg", d.sourceName());
    assertEquals("dimension 1 of 'cell' has size 0; sizes must be at least 1", d.message());
    assertEquals("var cell[N][N] in 1..N;", d.sourceLine());
  }
}
