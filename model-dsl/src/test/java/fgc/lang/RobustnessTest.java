package fgc.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeout;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import fgc.model.Model;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Hostile input: nothing may escape but a positioned LanguageException. No stack overflow from deep
 * nesting, no endless or memory-hungry unrolling, no NumberFormatException.
 */
class RobustnessTest {
  /**
   * A guard against a hang (an endless unrolling), not a measure of speed: generous enough that a
   * loaded machine never trips it. How fast the language is, the benchmarks say.
   */
  private static final Duration HANG_GUARD = Duration.ofMinutes(2);

  private static Diagnostic onlyError(String text) {
    LanguageException e =
        assertTimeout(
            HANG_GUARD,
            () ->
                assertThrows(
                    LanguageException.class, () -> FgcLanguage.parse("t.fg", text, Map.of())));
    assertEquals(1, e.diagnostics().size(), e::getMessage);
    Diagnostic d = e.diagnostics().get(0);
    DiagnosticsTest.assertCaretUnder(text, d);
    return d;
  }

  private static void assertAt(Diagnostic d, int line, int column, String message) {
    assertEquals(message, d.message(), d::format);
    assertEquals(line, d.line(), d::format);
    assertEquals(column, d.column(), d::format);
  }

  @Test
  void tenThousandParenthesesStopAtTheHundredAndFirst() {
    String text =
        "var x in 1..2;\nlet a = "
            + "(".repeat(10_000)
            + "1"
            + ")".repeat(10_000)
            + ";\nlet b = 2;\n";
    assertAt(onlyError(text), 2, 9 + Parser.MAX_NESTING, "nesting deeper than 100");
  }

  @Test
  void unclosedParenthesesAtEndOfFileToo() {
    String text = "let a = " + "(".repeat(10_000);
    assertAt(onlyError(text), 1, 9 + Parser.MAX_NESTING, "nesting deeper than 100");
  }

  @Test
  void deepUnaryOperatorsAreBounded() {
    assertAt(onlyError("let a = " + "-".repeat(10_000) + "1;"), 1, 109, "nesting deeper than 100");
    assertAt(
        onlyError("var x in 1..2;\nif " + "!".repeat(10_000) + "true { }"),
        2,
        104,
        "nesting deeper than 100");
  }

  @Test
  void deepFunctionCallsAreBounded() {
    String text = "let a = " + "min(1, ".repeat(10_000) + "1" + ")".repeat(10_000) + ";";
    assertAt(onlyError(text), 1, 9 + 7 * Parser.MAX_NESTING, "nesting deeper than 100");
  }

  @Test
  void aFlatChainOfOperatorsIsNotNesting() {
    // 200 terms: a sum, not "nesting deeper than 100".
    Model m =
        FgcLanguage.parse(
            "t.fg", "let a = " + "1+".repeat(199) + "1;\nvar x[a] in 1..2;", Map.of());
    assertEquals(200, m.variableCount());
  }

  @Test
  void chainsOfAHundredThousandTermsAreWalkedWithoutRecursion() throws Exception {
    // On a small stack: a chain walked by recursion, in the parser or the evaluator, would overflow
    // it.
    String text =
        "var y[3] in 1..3;\n"
            + "let a = 0"
            + " + 2 - 1".repeat(50_000)
            + " - 49999;\n" // 1
            + "let b = 1"
            + " * 1".repeat(100_000)
            + " + 1 * 2 % 5 / 1 * 1 - 1".repeat(10_000)
            + ";\n" // 1 + 10,000
            + "if "
            + "true && ".repeat(100_000)
            + "a == 1 { neq(y[0], y[1]); }\n"
            + "if "
            + "false || ".repeat(100_000)
            + "b == 10001 && 1 + 1 == 2 { neq(y[1], y[2]); }\n"
            + "if "
            + "true && ".repeat(50_000)
            + "false"
            + " || 1 < 2 && false".repeat(50_000)
            + " { neq(y[0], y[2]); }\n";
    Model m = onSmallStack(() -> FgcLanguage.parse("t.fg", text, Map.of()));
    assertEquals(2, m.factors().size(), m::canonicalText);
    assertTrue(m.canonicalText().contains("neq 0 1 x 2 step 1 1\n"), m::canonicalText);
    // Real nesting stays bounded, on the same stack.
    LanguageException deep =
        onSmallStack(
            () ->
                assertThrows(
                    LanguageException.class,
                    () ->
                        FgcLanguage.parse(
                            "t.fg",
                            "let a = " + "(1 + ".repeat(10_000) + "1" + ")".repeat(10_000) + ";",
                            Map.of())));
    assertEquals("nesting deeper than 100", deep.diagnostics().get(0).message());
    assertEquals(9 + 5 * Parser.MAX_NESTING, deep.diagnostics().get(0).column());
  }

  /**
   * {@code task}'s result, run on a thread with a 512 KB stack; its exception or error rethrown.
   */
  private static <T> T onSmallStack(java.util.concurrent.Callable<T> task) throws Exception {
    Object[] result = new Object[1];
    Throwable[] failure = new Throwable[1];
    Thread t =
        new Thread(
            null,
            () -> {
              try {
                result[0] = task.call();
              } catch (Throwable e) {
                failure[0] = e;
              }
            },
            "small-stack",
            512 * 1024);
    t.start();
    t.join();
    if (failure[0] instanceof Exception e) {
      throw e;
    }
    if (failure[0] != null) {
      throw (Error) failure[0];
    }
    @SuppressWarnings("unchecked")
    T value = (T) result[0];
    return value;
  }

  @Test
  void tenThousandNestedBlocksStopAtTheLimit() {
    StringBuilder text = new StringBuilder("var x in 1..2;\n");
    for (int i = 0; i < 10_000; i++) {
      text.append("if true {\n");
    }
    text.append("}\n".repeat(10_000));
    assertAt(onlyError(text.toString()), 2 + Parser.MAX_NESTING, 9, "nesting deeper than 100");
  }

  @Test
  void tenThousandBindersStopAtTheLimit() {
    StringBuilder text = new StringBuilder("var x in 1..2;\nfor ");
    for (int i = 0; i < 10_000; i++) {
      text.append(i == 0 ? "" : ", ").append("a").append(i).append(" in 0..0");
    }
    text.append(" { }\n");
    Diagnostic d = onlyError(text.toString());
    assertEquals("nesting deeper than 100", d.message());
    assertEquals(2, d.line());
  }

  @Test
  void numbersTooBigForALongArePositioned() {
    assertAt(
        onlyError("var x in 1..2;\nlet a = 1000000000000000000000000000000;"),
        2,
        9,
        "number 10000000000000000000... is too big; the largest is 9223372036854775807");
    assertAt(
        onlyError("let a = 9223372036854775808;"),
        1,
        9,
        "number 9223372036854775808 is too big; the largest is 9223372036854775807");
    assertAt(
        onlyError("let a = " + "9".repeat(100_000) + ";"),
        1,
        9,
        "number 99999999999999999999... is too big; the largest is 9223372036854775807");
    Model m =
        FgcLanguage.parse(
            "t.fg",
            "let a = 9223372036854775807;\nlet b = a - a + 3;\nvar x[b] in 1..2;",
            Map.of());
    assertEquals(3, m.variableCount());
  }

  @Test
  void runawayLoopsFailFastAtTheBinder() {
    String budget =
        "the model is too big to unroll: more than 20000000 loop iterations and factor variables";
    assertAt(onlyError("var x in 1..2;\nfor i in 0..2000000000 {}"), 2, 5, budget);
    assertAt(
        onlyError("var x in 1..2;\nfor i in -9223372036854775807 - 1..9223372036854775807 {}"),
        2,
        5,
        budget);
    assertAt(
        onlyError("var x[3] in 1..2;\nalldiff(x[0] for i in 0..2000000000 where i < 0);"),
        2,
        18,
        budget);
    assertAt(
        onlyError("var x in 1..2;\nfor i in 0..10 {\n  for j in 0..1999999999 { }\n}"),
        3,
        7,
        budget);
  }

  @Test
  void nestedLoopsShareOneBudget() {
    // Each range is small, the product is not: the count runs out part-way and stops the model.
    Diagnostic d =
        onlyError("var x in 1..2;\nfor i in 0..100000, j in 0..100000 where false { neq(x, x); }");
    assertEquals(
        "the model is too big to unroll: more than 20000000 loop iterations and factor variables",
        d.message());
    assertEquals(2, d.line());
  }

  @Test
  void hugeFlatInputsAreFine() {
    // 100,000 refs in one alldiff: no recursion, and the arity limit stops it while collecting.
    StringBuilder text = new StringBuilder("var x in 1..2;\nalldiff(x");
    text.append(", x".repeat(100_000)).append(");\n");
    assertEquals(
        "alldiff over more than 1024 variables; the limit is 1024",
        onlyError(text.toString()).message());
    // 100,000 statements.
    Model m =
        assertTimeout(
            HANG_GUARD,
            () ->
                FgcLanguage.parse(
                    "t.fg",
                    "var x[2] in 1..2;\n" + "neq(x[0], x[1]);\n".repeat(100_000),
                    Map.of()));
    assertEquals(100_000, m.factors().size());
  }

  @Test
  void randomTextNeverThrowsAnythingElse() {
    Random random = new Random(7);
    String alphabet = "abcxyz019_ ;,()[]{}.<>=!&|+-*/%#\n\r\t\"'\\@$\u00e9\u0000\ud83d\ude00";
    for (int i = 0; i < 300; i++) {
      StringBuilder text = new StringBuilder();
      int length = random.nextInt(200);
      for (int k = 0; k < length; k++) {
        text.append(
            random.nextInt(20) == 0
                ? (char) random.nextInt(0x10000)
                : alphabet.charAt(random.nextInt(alphabet.length())));
      }
      check(text.toString(), Map.of());
    }
  }

  /**
   * A seeded smoke test of the fuzzer's mutations on sudoku.fg ({@link LanguageFuzzTest} runs
   * 10,000).
   */
  @Test
  void mutatedSudokuFilesGiveAModelOrALanguageException() {
    String sudoku = FgcLanguage.bundledText("sudoku");
    List<String> lexemes = lexemes(sudoku);
    List<String> vocabulary = new ArrayList<>(lexemes);
    vocabulary.removeIf(String::isBlank);
    vocabulary.addAll(
        List.of(
            "{",
            "}",
            "(",
            ")",
            "[",
            "]",
            ";",
            ",",
            "..",
            "=",
            "-",
            "/",
            "%",
            "&&",
            "||",
            "!",
            "<",
            "==",
            "if",
            "else",
            "where",
            "true",
            "false",
            "min",
            "max",
            "neq",
            "alldiff",
            "param",
            "var",
            "let",
            "observe",
            "model",
            "0",
            "-1",
            "2000000000",
            "9223372036854775807",
            "99999999999999999999",
            "@",
            "\t",
            "\n",
            "#",
            "x"));
    Random random = new Random(2024);
    int models = 0;
    for (int i = 0; i < 2_000; i++) {
      String text = LanguageFuzzTest.mutate(lexemes, vocabulary, random);
      Map<String, Long> overrides =
          switch (random.nextInt(6)) {
            case 0 -> Map.of("n", 2L);
            case 1 -> Map.of("n", (long) (random.nextInt(9) - 2));
            case 2 -> Map.of("n", Long.MAX_VALUE);
            case 3 -> Map.of("m", 1L);
            default -> Map.of();
          };
      if (check(text, overrides)) {
        models++;
      }
    }
    assertTrue(models > 0, "some mutations (of whitespace, say) still give a model");
  }

  /** True for a model; a LanguageException must be well formed; anything else fails the test. */
  private static boolean check(String text, Map<String, Long> overrides) {
    try {
      Model m = FgcLanguage.parse("fuzz.fg", text, overrides);
      m.canonicalText();
      return true;
    } catch (LanguageException e) {
      assertTrue(!e.diagnostics().isEmpty() && e.diagnostics().size() <= Parser.MAX_ERRORS);
      long lines = text.split("\r\n|\r|\n", -1).length;
      for (Diagnostic d : e.diagnostics()) {
        assertTrue(
            d.line() >= 0 && d.line() <= lines, () -> "line of " + d.format() + "\nin:\n" + text);
        assertTrue(d.line() == 0 || d.column() >= 1, () -> "column of " + d.format());
        assertTrue(d.format().startsWith("fuzz.fg"));
      }
      return false;
    } catch (Throwable t) {
      fail("input gave " + t + " instead of a LanguageException:\n" + text, t);
      return false;
    }
  }

  /** The text cut into lexemes, whitespace and comments included, so joining them gives it back. */
  static List<String> lexemes(String text) {
    Matcher m =
        Pattern.compile("\\s+|#[^\\n]*|//[^\\n]*|\\.\\.|&&|\\|\\||[=!<>]=|\\w+|.").matcher(text);
    List<String> out = new ArrayList<>();
    while (m.find()) {
      out.add(m.group());
    }
    assertEquals(text, String.join("", out));
    return out;
  }
}
