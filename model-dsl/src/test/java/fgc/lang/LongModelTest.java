package fgc.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.model.Model;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Models written out statement by statement, as one exported from elsewhere is: the parser holds a
 * statement's tokens, not the file's; errors deep in a long file are where they are written; and a
 * weight's value is the one {@link Double#parseDouble} gives for its text.
 */
class LongModelTest {
  /** {@code var x[n] in 0..2;} then a table per neighbouring pair, one statement a line. */
  private static String tables(int n) {
    StringBuilder text = new StringBuilder("var x[" + n + "] in 0..2;\n");
    Random rnd = new Random(n);
    for (int i = 0; i + 1 < n; i++) {
      text.append("table(x[").append(i).append("], x[").append(i + 1).append("]) = [");
      for (int k = 0; k < 9; k++) {
        text.append(k == 0 ? "0." : ", 0.").append(100 + rnd.nextInt(900));
      }
      text.append("];\n");
    }
    return text.toString();
  }

  @Test
  void theParserHoldsAStatementsTokensNotTheFiles() {
    int small = Parser.mostTokensHeld(new Source("a.fg", tables(100)));
    int big = Parser.mostTokensHeld(new Source("b.fg", tables(5_000)));
    // 5,000 statements of 33 tokens: a token list of the file would hold 165,000.
    assertTrue(
        big <= small && big < 200, "held " + big + " tokens (" + small + " for the small file)");
  }

  @Test
  void aBadTokenOnLine150000IsReportedThere() {
    String text =
        "var x[2] in 0..2;\n"
            + "table(x[0], x[1]) = [1, 2, 3, 4, 5, 6, 7, 8, 9];\n".repeat(149_998)
            + "table(x[0], x[1]) = [1, 2, 3, 4, @5, 6, 7, 8, 9];\n"
            + "table(x[0], x[1]) = [1, 2;\n";
    LanguageException e =
        assertThrows(LanguageException.class, () -> FgcLanguage.parse("long.fg", text, Map.of()));
    List<String> at =
        e.diagnostics().stream()
            .map(d -> d.sourceName() + ":" + d.line() + ":" + d.column() + " " + d.message())
            .toList();
    assertEquals(
        List.of(
            "long.fg:150000:34 unexpected character '@'",
            "long.fg:150001:26 expected ']' but found ';'"),
        at);
    assertEquals(
        "table(x[0], x[1]) = [1, 2, 3, 4, @5, 6, 7, 8, 9];", e.diagnostics().get(0).sourceLine());
  }

  @Test
  void withTwentyLexicalErrorsLateTheErrorsAreThoseOfTheWholeFilesScan() {
    // The limit counts the file's lexical errors first, as when every token was scanned before
    // parsing: the early syntax errors give way to the twenty lexical ones.
    String text =
        "let = 1;\n".repeat(5) + "let a = 1;\n".repeat(1000) + "let b = 2 $;\n".repeat(25);
    LanguageException e =
        assertThrows(LanguageException.class, () -> FgcLanguage.parse("t.fg", text, Map.of()));
    assertEquals(Parser.MAX_ERRORS, e.diagnostics().size());
    for (int k = 0; k < Parser.MAX_ERRORS; k++) {
      Diagnostic d = e.diagnostics().get(k);
      assertEquals(
          (1006 + k) + ":11 unexpected character '$'",
          d.line() + ":" + d.column() + " " + d.message());
    }
  }

  @Test
  void decimalsReadAsParseDoubleReadsThem() {
    List<String> edges =
        List.of(
            "0.0",
            "0.1",
            "0.3",
            "1.0",
            "00.50",
            "0.000",
            "1e0",
            "1E+5",
            "1e-5",
            "2.5e3",
            "1e22",
            "1e23",
            "1e-22",
            "1e-23",
            "9007199254740992",
            "9007199254740993",
            "9007199254740993.0",
            "900719925474099.3",
            "0.9007199254740993",
            "123456789012345678",
            "1234567890123456789",
            "12345678901234567890",
            "99999999999999999999.9",
            "0.1234567890123456789",
            "4.9e-324",
            "2e-324",
            "2.2250738585072014e-308",
            "1.7976931348623157e308",
            "1.7976931348623159e308",
            "1e309",
            "1e99999",
            "1e-99999",
            "0e99999",
            "3.141592653589793238462643383279",
            "5e-1",
            "0.05",
            "0.123",
            "0.456",
            "1" + "0".repeat(400),
            "0." + "0".repeat(400) + "1",
            "7.0e-10",
            "8.98846567431158e307");
    for (String s : edges) {
      assertSame(s);
    }
    Random rnd = new Random(7);
    for (int k = 0; k < 200_000; k++) {
      StringBuilder s = new StringBuilder();
      int whole = rnd.nextInt(12);
      for (int d = 0; d < Math.max(1, whole); d++) {
        s.append((char) ('0' + rnd.nextInt(10)));
      }
      if (rnd.nextBoolean()) {
        s.append('.');
        int fraction = 1 + rnd.nextInt(rnd.nextBoolean() ? 4 : 20);
        for (int d = 0; d < fraction; d++) {
          s.append((char) ('0' + rnd.nextInt(10)));
        }
      }
      if (rnd.nextInt(4) == 0) {
        s.append(rnd.nextBoolean() ? 'e' : 'E')
            .append(rnd.nextBoolean() ? "-" : rnd.nextBoolean() ? "+" : "")
            .append(rnd.nextInt(40));
      }
      assertSame(s.toString());
    }
  }

  private static void assertSame(String s) {
    double expected = Double.parseDouble(s);
    double got = DecimalLiteral.value("[" + s + "]", 1, s.length() + 1);
    assertEquals(
        Double.doubleToRawLongBits(expected),
        Double.doubleToRawLongBits(got),
        s + ": " + expected + " but read " + got);
  }

  @Test
  void weightsInAModelAreTheDoublesOfTheirText() {
    String[] written = {
      "0.1",
      "0.7",
      "1e-3",
      "2.5E2",
      "3",
      "0.30000000000000004",
      "9007199254740993",
      "1.7976931348623157e308",
      "4.9e-324"
    };
    String text =
        "var a in 0..2;\nvar b in 0..2;\ntable(a, b) = [" + String.join(", ", written) + "];\n";
    Model m = FgcLanguage.parse("w.fg", text, Map.of());
    double[] weights = m.factors().get(0).weights();
    for (int k = 0; k < written.length; k++) {
      assertEquals(Double.parseDouble(written[k]), weights[k], written[k]);
    }
  }

  @Test
  void weightsReadWithoutTokensGiveTheErrorsTheTokensGive() {
    // The scanner reads plain weights itself; whatever else is in a list (a comment, a stray
    // character, a number too big) goes the token way, with the same errors at the same places.
    assertWeightErrors("[1, 2, 3 # three\n, 4, 5, 6, 7, 8, 9]", "6:1 unexpected character '@'");
    assertWeightErrors(
        "[1,2,3,\n4,5,6,\r\n7,8,9]\n@",
        "6:1 unexpected character '@'",
        "8:1 unexpected character '@'");
    assertWeightErrors(
        "[1, 2, 3, 4, 5, 6, 7, 8, 9//c\n]\n$",
        "5:1 unexpected character '$'",
        "7:1 unexpected character '@'");
    assertWeightErrors(
        "[1, 2, 3, 4, @5, 6, 7, 8, 9]",
        "3:28 unexpected character '@'",
        "5:1 unexpected character '@'");
    assertWeightErrors(
        "[1, 2, 3, 4, 5, 6, 7, 8, 9, ]",
        "3:43 expected a weight (a non-negative number) but found ']'",
        "5:1 unexpected character '@'");
    assertWeightErrors(
        "[1, 2, 3, 4, 5, 6, 7, 8, 1e999]",
        "3:40 number 1e999 is too big for a weight",
        "5:1 unexpected character '@'");
    assertWeightErrors(
        "[1, 2, 3, 4, 5, 6, 7, 8, 99999999999999999999]",
        "3:40 number 99999999999999999999 is too big; the largest is 9223372036854775807",
        "5:1 unexpected character '@'");
    assertWeightErrors(
        "[1, 2, 3, 4, 5, 6, 7, 8 9]",
        "3:39 expected ']' but found '9'",
        "5:1 unexpected character '@'");
    assertWeightErrors(
        "[1, 2, 3, 4, 5, 6, 7, 8, 1.]",
        "3:41 unexpected character '.' (did you mean '..'?)",
        "5:1 unexpected character '@'");
  }

  /**
   * {@code list} as the weights of a table on line 3, then a good table and a stray '@' on the
   * lines after it.
   */
  private static void assertWeightErrors(String list, String... expected) {
    String text =
        "var x in 0..2;\nvar y in 0..2;\ntable(x, y) = "
            + list
            + ";\ntable(x, y) = [1, 2, 3, 4, 5, 6, 7, 8, 9];\n@\n";
    LanguageException e =
        assertThrows(LanguageException.class, () -> FgcLanguage.parse("t.fg", text, Map.of()));
    assertEquals(
        List.of(expected),
        e.diagnostics().stream().map(d -> d.line() + ":" + d.column() + " " + d.message()).toList(),
        list);
  }
}
