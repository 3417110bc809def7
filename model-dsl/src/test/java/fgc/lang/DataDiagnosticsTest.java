package fgc.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import fgc.model.Evidence;
import fgc.model.Model;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every error of the new factors, data files and observed values: message, file, line and column.
 */
class DataDiagnosticsTest {
  private static final String GRAPH =
      "param nodes = 3;\ndata edges;\nvar c[nodes] in 1..3;\nobserve c;\n"
          + "for e in 0..size(edges)-1 { neq(c[edges[e][0]], c[edges[e][1]]); }\n";

  /** Model source, data source, then where the one error is: file, line, column, message. */
  static Stream<Arguments> errors() {
    return Stream.of(
        // Model text
        row(
            "decimal as integer",
            "var x in 1.3;",
            "",
            "t.fg",
            1,
            10,
            "'1.3' is not an integer (did you mean '1..3'?)"),
        row(
            "weights not a list",
            "var x in 1..2;\nprior(x) = 3;",
            "",
            "t.fg",
            2,
            12,
            "expected weights ('[' or the name of a data table) but found '3'"),
        row(
            "negative inline weight",
            "var x in 1..2;\nprior(x) = [1, -2];",
            "",
            "t.fg",
            2,
            16,
            "expected a weight (a non-negative number) but found '-'"),
        row(
            "prior weight count",
            "var x in 1..3;\nprior(x) = [1, 2];",
            "",
            "t.fg",
            2,
            1,
            "prior on x needs 3 weights (one per value), got 2"),
        row(
            "table weight count",
            "var x[2] in 0..1;\ntable(x[0], x[1]) = [1, 2, 3];",
            "",
            "t.fg",
            2,
            1,
            "table over 2 variables needs 4 weights (one per joint value), got 3"),
        row(
            "table all zero",
            "var x[2] in 0..1;\ntable(x[0], x[1]) = [0, 0, 0, 0.0];",
            "",
            "t.fg",
            2,
            1,
            "table weights are all zero: no value would be possible"),
        row(
            "sum out of reach",
            "var x[3] in 1..9;\nsum(x[i] for i in 0..2) == 30;",
            "",
            "t.fg",
            2,
            1,
            "sum of 3 variables can only be 3..27, never 30"),
        row(
            "sum without ==",
            "var x[3] in 1..9;\nsum(x[0], x[1]) = 3;",
            "",
            "t.fg",
            2,
            17,
            "expected '==' but found '=' (a relation compares: == != < <= > >=)"),
        row(
            "eq names a variable twice",
            "var y in 1..2;\neq(y, y);",
            "",
            "t.fg",
            2,
            1,
            "eq names y twice"),
        row(
            "data without a file",
            "data edges;\nvar x in 1..2;",
            "",
            "t.fg",
            1,
            6,
            "no data 'edges': the data file is missing (give one with --data FILE)"),
        row(
            "data not in the file",
            "data edges;\nvar x in 1..2;",
            "cages = [1 2];",
            "t.fg",
            1,
            6,
            "no data 'edges': the data file d.fgd does not define it"),
        row(
            "data row out of range",
            "data t;\nvar x[2] in 1..2;\nlet a = t[2][0];",
            "t = [1, 2];",
            "t.fg",
            3,
            11,
            "row 2 is out of range 0..1 of 't'"),
        row(
            "data one index on a table",
            "data t;\nvar x[2] in 1..2;\nlet a = t[0];",
            "t = [1, 2];",
            "t.fg",
            3,
            9,
            "'t' has 2 rows; index it as t[row][column]"),
        row(
            "data decimal as integer",
            "data t;\nvar x[t[0][0]] in 1..2;",
            "t = [0.5];",
            "t.fg",
            2,
            7,
            "'t' holds 0.5 at d.fgd:1:6, which is not an integer"),
        row(
            "data table as a number",
            "data t;\nvar x in 1..2;\nlet a = t + 1;",
            "t = [1];",
            "t.fg",
            3,
            9,
            "'t' is a data table, not a number (index it, e.g. t[0][0], or use size(t))"),
        row(
            "negative weight from data",
            "data w;\nvar x in 1..2;\nprior(x) = w;",
            "w = [1 -1];",
            "t.fg",
            3,
            12,
            "weight 2 of 'w' is -1 (at d.fgd:1:8); weights must be non-negative numbers"),
        row(
            "data row of an empty table",
            "data t;\nvar x[2] in 1..2;\nlet a = t[0][0];",
            "t = [];",
            "t.fg",
            3,
            11,
            "row 0 is out of range ('t' is empty)"),
        // Data file
        row(
            "data syntax",
            GRAPH,
            "edges = [0 1, 1 2;",
            "d.fgd",
            1,
            18,
            "expected a number or '_' but found ';'"),
        row(
            "data unterminated",
            GRAPH,
            "edges = [0 1,\n 1 2",
            "d.fgd",
            1,
            9,
            "unterminated '[': no matching ']' before end of file"),
        row(
            "data defined twice",
            GRAPH,
            "edges = [0 1];\nedges = [1 2];",
            "d.fgd",
            2,
            1,
            "'edges' is defined twice (first at 1:1)"),
        row(
            "data empty row",
            GRAPH,
            "edges = [0 1, , 1 2];",
            "d.fgd",
            1,
            15,
            "empty row: expected a number or '_' before ','"),
        row(
            "data unknown name",
            GRAPH,
            "edges = [0 1];\ncolours = [1];",
            "d.fgd",
            2,
            1,
            "'colours' is not a param, data table or observed array of model t"),
        row(
            "data scalar not a param",
            GRAPH,
            "edges = [0 1];\nk = 4;",
            "d.fgd",
            2,
            1,
            "'k' is not a param of model t"),
        row(
            "data param as table",
            GRAPH,
            "edges = [0 1];\nnodes = [4];",
            "d.fgd",
            2,
            1,
            "'nodes' is a param of model t: give it a single number, without brackets"),
        row(
            "data param not integer",
            GRAPH,
            "edges = [0 1];\nnodes = 2.5;",
            "d.fgd",
            2,
            9,
            "'nodes' sets a param, so it must be an integer, not 2.5"),
        row(
            "data stray character",
            GRAPH,
            "edges = [0 1 @];",
            "d.fgd",
            1,
            14,
            "unexpected character '@'"),
        row(
            "data number too big",
            GRAPH,
            "edges = [0 1,\n  1 99999999999999999999];",
            "d.fgd",
            2,
            5,
            "number 99999999999999999999 is too big; the largest is 9223372036854775807"),
        row(
            "data negative number too small",
            GRAPH,
            "edges = [0 -9223372036854775809];",
            "d.fgd",
            1,
            12,
            "number -9223372036854775809 is too small; the smallest is -9223372036854775808"),
        row(
            "data decimal too big",
            GRAPH,
            "edges = [0 1e999];",
            "d.fgd",
            1,
            12,
            "number 1e999 is too big for a weight"),
        row("data missing '='", GRAPH, "edges [0 1];", "d.fgd", 1, 7, "expected '=' but found '['"),
        row(
            "data missing ';'",
            GRAPH,
            "edges = [0 1]\nnodes = 3;",
            "d.fgd",
            2,
            1,
            "expected ';' but found 'nodes'"),
        row(
            "data keyword as a name",
            GRAPH,
            "data = [0 1];",
            "d.fgd",
            1,
            1,
            "expected a name but found 'data'"),
        row(
            "observed value too big for the domain",
            GRAPH,
            "edges = [0 1];\nc = [1 _ 9223372036854775807];",
            "d.fgd",
            2,
            10,
            "c[2] = 9223372036854775807 is outside its domain 1..3"),
        row(
            "observed value not an integer",
            GRAPH,
            "edges = [0 1];\nc = [1 2.0 3];",
            "d.fgd",
            2,
            8,
            "c[1] = 2.0 is outside its domain 1..3"),
        row(
            "observed value count",
            GRAPH,
            "edges = [0 1];\nc = [1 2];",
            "d.fgd",
            2,
            1,
            "'c' has 3 variables but the data gives 2 values (use _ for a value not given)"),
        row(
            "observed value outside domain",
            GRAPH,
            "edges = [0 1];\nc = [1 _ 7];",
            "d.fgd",
            2,
            10,
            "c[2] = 7 is outside its domain 1..3"),
        row(
            "data for an unobserved array",
            "data t;\nvar x[2] in 1..2;\nvar y in 1..2;",
            "t = [1];\ny = [1];",
            "d.fgd",
            2,
            1,
            "'y' is a variable array that model t does not observe (add: observe y;)"));
  }

  private static Arguments row(
      String name, String model, String data, String file, int line, int column, String message) {
    return Arguments.of(name, model, data, file, line, column, message);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("errors")
  void reportsOnePositionedDiagnostic(
      String name, String model, String data, String file, int line, int column, String message) {
    LanguageException e =
        assertThrows(
            LanguageException.class,
            () -> {
              DataSet set = data.isEmpty() ? DataSet.empty() : DataSet.parse("d.fgd", data);
              Model m = FgcLanguage.parse("t.fg", model, Map.of(), set);
              FgcLanguage.evidence(m, set);
            });
    assertEquals(1, e.diagnostics().size(), e::getMessage);
    Diagnostic d = e.diagnostics().get(0);
    assertEquals(message, d.message(), e::getMessage);
    assertEquals(file, d.sourceName(), e::getMessage);
    assertEquals(line, d.line(), e::getMessage);
    assertEquals(column, d.column(), e::getMessage);
    DiagnosticsTest.assertCaretUnder(file.equals("t.fg") ? model : data, d);
  }

  static Stream<Arguments> observations() {
    return Stream.of(
        Arguments.of("c[1]=9", 6, "c[1] = 9 is outside its domain 1..3"),
        Arguments.of("c[5]=1", 3, "index 5 is out of range 0..2 in dimension 1 of 'c'"),
        Arguments.of("d[0]=1", 1, "model t has no variable array 'd'"),
        Arguments.of("cc[0]=1", 1, "model t has no variable array 'cc'; did you mean 'c'?"),
        Arguments.of("c=1", 1, "'c' has 1 dimension but 0 indices were given"),
        Arguments.of(
            "c[0]:1",
            5,
            "unexpected character ':';"
                + " an observation is written NAME[index]...=VALUE, e.g. x[0][2]=5"),
        Arguments.of(
            "c[0]",
            5,
            "expected '[' or '=' but found the end;"
                + " an observation is written NAME[index]...=VALUE, e.g. x[0][2]=5"),
        Arguments.of(
            "3=1",
            1,
            "expected a variable array's name but found '3';"
                + " an observation is written NAME[index]...=VALUE, e.g. x[0][2]=5"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("observations")
  void commandLineObservationsArePositioned(String text, int column, String message) {
    Model m = FgcLanguage.parse("t.fg", GRAPH, Map.of(), DataSet.parse("d.fgd", "edges = [0 1];"));
    LanguageException e =
        assertThrows(LanguageException.class, () -> FgcLanguage.observe(m, Evidence.none(m), text));
    Diagnostic d = e.diagnostics().get(0);
    assertEquals(message, d.message());
    assertEquals("--observe", d.sourceName());
    assertEquals(column, d.column());
    DiagnosticsTest.assertCaretUnder(text, d);
  }

  @Test
  void anIndexReadFromTheDataPointsAtTheDataLineAsWellAsTheModelLine() {
    DataSet data = DataSet.parse("d.fgd", "nodes = 3;\nedges = [0 1, 1 3];");
    LanguageException e =
        assertThrows(
            LanguageException.class, () -> FgcLanguage.parse("t.fg", GRAPH, Map.of(), data));
    assertEquals(2, e.diagnostics().size(), e::getMessage);
    Diagnostic model = e.diagnostics().get(0);
    assertEquals("t.fg:5:51", model.sourceName() + ":" + model.line() + ":" + model.column());
    assertEquals(
        "index 3 is out of range 0..2 in dimension 1 of 'c'"
            + " (the index is edges[1][1], at d.fgd:2:17)",
        model.message());
    DiagnosticsTest.assertCaretUnder(GRAPH, model);
    Diagnostic at = e.diagnostics().get(1);
    assertEquals("d.fgd:2:17", at.sourceName() + ":" + at.line() + ":" + at.column());
    assertEquals("edges[1][1] = 3 is the index out of range at t.fg:5:51", at.message());
    assertEquals(
        "d.fgd:2:17: edges[1][1] = 3 is the index out of range at t.fg:5:51\n"
            + "  edges = [0 1, 1 3];\n                  ^",
        at.format());
  }

  @Test
  void anIndexComputedFromOneDataValueNamesItToo() {
    String model = "data t;\nvar x[3] in 1..2;\nlet k = 1;\nneq(x[0], x[t[k] - 1]);\n";
    DataSet data = DataSet.parse("d.fgd", "# 1-based\nt = [1 4];");
    LanguageException e =
        assertThrows(
            LanguageException.class, () -> FgcLanguage.parse("t.fg", model, Map.of(), data));
    assertEquals(2, e.diagnostics().size(), e::getMessage);
    assertEquals(
        "index 3 is out of range 0..2 in dimension 1 of 'x'"
            + " (the index is computed from t[1], at d.fgd:2:8)",
        e.diagnostics().get(0).message());
    assertEquals(4, e.diagnostics().get(0).line());
    assertEquals(13, e.diagnostics().get(0).column());
    assertEquals(
        "t[1] = 4 gives the index out of range at t.fg:4:13", e.diagnostics().get(1).message());
    assertEquals(2, e.diagnostics().get(1).line());
    assertEquals(8, e.diagnostics().get(1).column());
    // A data row read out of range: the row index came from the data too.
    String rows = "data t;\ndata r;\nvar x in 1..2;\nlet a = t[r[0]][0];\n";
    LanguageException r =
        assertThrows(
            LanguageException.class,
            () ->
                FgcLanguage.parse(
                    "t.fg", rows, Map.of(), DataSet.parse("d.fgd", "t = [1, 2];\nr = [5];")));
    assertEquals(
        "row 5 is out of range 0..1 of 't' (the index is r[0], at d.fgd:2:6)",
        r.diagnostics().get(0).message());
    assertEquals("d.fgd", r.diagnostics().get(1).sourceName());
    // An index from a literal or a loop variable has nothing in the data to point at.
    LanguageException plain =
        assertThrows(
            LanguageException.class,
            () ->
                FgcLanguage.parse(
                    "t.fg",
                    "data t;\nvar x[2] in 1..2;\nneq(x[t[0]], x[2]);\n",
                    Map.of(),
                    DataSet.parse("d.fgd", "t = [0];")));
    assertEquals(1, plain.diagnostics().size(), plain::getMessage);
    assertEquals(
        "index 2 is out of range 0..1 in dimension 1 of 'x'", plain.diagnostics().get(0).message());
  }
}
