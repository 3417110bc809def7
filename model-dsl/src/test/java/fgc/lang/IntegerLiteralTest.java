package fgc.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import fgc.model.Evidence;
import fgc.model.Model;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * One rule for integer literals in models, data files and --observe: the 64-bit range, exactly, and
 * a positioned error saying which end was passed.
 */
class IntegerLiteralTest {
  private static final String OBSERVED =
      "var c[3] in 1..3;\nobserve c;\nalldiff(c[0], c[1], c[2]);\n";

  @Test
  void theRuleIsTheSixtyFourBitRange() {
    assertEquals(Long.MAX_VALUE, IntegerLiteral.value("9223372036854775807", false).getAsLong());
    assertEquals(Long.MIN_VALUE, IntegerLiteral.value("9223372036854775808", true).getAsLong());
    assertEquals(-7, IntegerLiteral.value("0007", true).getAsLong());
    assertEquals(true, IntegerLiteral.value("9223372036854775808", false).isEmpty());
    assertEquals(true, IntegerLiteral.value("9223372036854775809", true).isEmpty());
    assertEquals(true, IntegerLiteral.value("9".repeat(100_000), false).isEmpty());
  }

  @Test
  void dataFileIntegersAreExactToTheEndsOfTheRange() {
    // Past 2^53 a double would round these; they must come through exactly.
    String model =
        "data t;\nparam p = 0;\n"
            + "let a = t[0] - 9007199254740992;\n" // 2^53 + 1 - 2^53 = 1
            + "let b = t[1] - 9223372036854775806;\n" // 1
            + "let c = t[2] + 9223372036854775807 + 1;\n" // 0
            + "let d = p - 9007199254740990;\n" // 3
            + "var x[a + b + c + d] in 1..2;\n";
    DataSet data =
        DataSet.parse(
            "d.fgd",
            "t = [9007199254740993 9223372036854775807 -9223372036854775808];\n"
                + "p = 9007199254740993;\n");
    Model m = FgcLanguage.parse("t.fg", model, Map.of(), data);
    assertEquals(5, m.variableCount());
  }

  @Test
  void dataFileIntegersOutOfRangeArePositioned() {
    assertError(
        "t = [1 9223372036854775808];",
        1,
        8,
        "number 9223372036854775808 is too big; the largest is 9223372036854775807");
    assertError(
        "t = [1\n  -9223372036854775809];",
        2,
        3,
        "number -9223372036854775809 is too small; the smallest is -9223372036854775808");
    assertError(
        "n = -" + "9".repeat(1000) + ";",
        1,
        5,
        "number -99999999999999999999... is too small; the smallest is -9223372036854775808");
  }

  private static void assertError(String data, int line, int column, String message) {
    LanguageException e = assertThrows(LanguageException.class, () -> DataSet.parse("d.fgd", data));
    Diagnostic d = e.diagnostics().get(0);
    assertEquals(message, d.message());
    assertEquals("d.fgd", d.sourceName());
    assertEquals(line, d.line());
    assertEquals(column, d.column());
    DiagnosticsTest.assertCaretUnder(data, d);
  }

  @Test
  void theModelLanguageAcceptsTheSmallestLongAsJavaDoes() {
    Model m =
        FgcLanguage.parse(
            "t.fg",
            "let a = -9223372036854775808;\n"
                + "let b = a + 9223372036854775807 + 3;\nvar x[b] in 1..2;",
            Map.of());
    assertEquals(2, m.variableCount());
    // The magnitude 2^63 is valid only as the operand of a minus.
    assertModelError(
        "let a = 9223372036854775808;",
        1,
        9,
        "number 9223372036854775808 is too big; the largest is 9223372036854775807");
    assertModelError(
        "let a = 1 -9223372036854775808;",
        1,
        12,
        "number 9223372036854775808 is too big; the largest is 9223372036854775807");
    assertModelError(
        "let a = -9223372036854775809;",
        1,
        9,
        "number -9223372036854775809 is too small; the smallest is -9223372036854775808");
    assertModelError(
        "let a = - -9223372036854775808;", 1, 9, "integer overflow in -(-9223372036854775808)");
    assertModelError(
        "var x in 1..2;\nprior(x) = [1, 99999999999999999999];",
        2,
        16,
        "number 99999999999999999999 is too big; the largest is 9223372036854775807");
  }

  private static void assertModelError(String text, int line, int column, String message) {
    LanguageException e =
        assertThrows(LanguageException.class, () -> FgcLanguage.parse("t.fg", text, Map.of()));
    Diagnostic d = e.diagnostics().get(0);
    assertEquals(message, d.message(), e::getMessage);
    assertEquals(line, d.line());
    assertEquals(column, d.column());
  }

  @Test
  void observationsReadIntegersByTheSameRule() {
    Model m = FgcLanguage.parse("t.fg", OBSERVED, Map.of());
    assertEquals(2, FgcLanguage.observe(m, Evidence.none(m), " c [ 2 ] = 2 ").values()[2]);
    assertEquals(3, FgcLanguage.observe(m, Evidence.none(m), "c[00001]=0003").values()[1]);
    assertObservationError(m, "x[0]=-9223372036854775808", 1, "model t has no variable array 'x'");
    assertObservationError(
        m,
        "c[0]=-9223372036854775808",
        6,
        "c[0] = -9223372036854775808 is outside its domain 1..3");
    assertObservationError(
        m, "c[0]=12345678901", 6, "c[0] = 12345678901 is outside its domain 1..3");
    assertObservationError(
        m,
        "c[0]=99999999999999999999",
        6,
        "number 99999999999999999999 is too big; the largest is 9223372036854775807");
    assertObservationError(
        m,
        "c[0]=-9223372036854775809",
        6,
        "number -9223372036854775809 is too small; the smallest is -9223372036854775808");
    assertObservationError(
        m,
        "c[-9223372036854775808]=1",
        3,
        "index -9223372036854775808 is out of range 0..2 in dimension 1 of 'c'");
    assertObservationError(
        m, "c[4294967296]=1", 3, "index 4294967296 is out of range 0..2 in dimension 1 of 'c'");
    assertObservationError(m, "c[0]=1.5", 6, "'1.5' is not an integer");
    assertObservationError(
        m,
        "c[0]=",
        6,
        "expected a value but found the end;"
            + " an observation is written NAME[index]...=VALUE, e.g. x[0][2]=5");
    assertObservationError(
        m,
        "c[0]=1 2",
        8,
        "expected nothing after the value but found '2';"
            + " an observation is written NAME[index]...=VALUE, e.g. x[0][2]=5");
    assertObservationError(
        m,
        "c[0]=1@",
        7,
        "unexpected character '@'; an observation is written NAME[index]...=VALUE, e.g. x[0][2]=5");
  }

  private static void assertObservationError(Model m, String text, int column, String message) {
    LanguageException e =
        assertThrows(LanguageException.class, () -> FgcLanguage.observe(m, Evidence.none(m), text));
    assertEquals(1, e.diagnostics().size());
    Diagnostic d = e.diagnostics().get(0);
    assertEquals(message, d.message());
    assertEquals("--observe", d.sourceName());
    assertEquals(1, d.line());
    assertEquals(column, d.column());
    DiagnosticsTest.assertCaretUnder(text, d);
  }
}
