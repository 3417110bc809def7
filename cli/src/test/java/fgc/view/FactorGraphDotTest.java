package fgc.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.lang.FgcLanguage;
import fgc.model.Domain;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.VariableArray;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FactorGraphDotTest {
  private static final Pattern NODE = Pattern.compile("^  ([vf]\\d+) \\[(.*)\\];$");
  private static final Pattern LABEL = Pattern.compile("label=\"((?:[^\"\\\\]|\\\\.)*)\"");
  private static final Pattern POS = Pattern.compile("pos=\"(-?[0-9.]+),(-?[0-9.]+)!\"");

  @TempDir Path dir;

  /**
   * One node of the DOT text: its label (DOT escapes as written) and its pinned position, if any.
   */
  private static final class Node {
    final String label;
    final double[] pos;
    final String attributes;

    Node(String attributes) {
      this.attributes = attributes;
      Matcher label = LABEL.matcher(attributes);
      this.label = label.find() ? label.group(1) : null;
      Matcher pos = POS.matcher(attributes);
      this.pos =
          pos.find()
              ? new double[] {Double.parseDouble(pos.group(1)), Double.parseDouble(pos.group(2))}
              : null;
    }
  }

  private static Map<String, Node> nodes(String dot) {
    Map<String, Node> nodes = new HashMap<>();
    for (String line : dot.lines().collect(Collectors.toList())) {
      Matcher m = NODE.matcher(line);
      if (m.matches()) {
        nodes.put(m.group(1), new Node(m.group(2)));
      }
    }
    return nodes;
  }

  private static long count(String text, String needle) {
    return text.lines().filter(l -> l.contains(needle)).count();
  }

  private static Node byLabel(Map<String, Node> nodes, String label) {
    List<Node> found =
        nodes.values().stream().filter(n -> label.equals(n.label)).collect(Collectors.toList());
    assertEquals(1, found.size(), "one node labelled " + label);
    return found.get(0);
  }

  @Test
  void oneNodePerVariableAndFactorAndOneEdgePerSlot() {
    Model sudoku = FgcLanguage.bundled("sudoku", Map.of("n", 2L));
    String dot = FactorGraphDot.of(sudoku);
    Map<String, Node> nodes = nodes(dot);
    assertEquals(
        16, nodes.values().stream().filter(n -> n.attributes.contains("shape=ellipse")).count());
    assertEquals(
        12, nodes.values().stream().filter(n -> n.attributes.contains("shape=box")).count());
    assertEquals(12 * 4, count(dot, " -- "));
    assertEquals("cell[3][2]", nodes.get("v14").label, "variables are labelled by name");
    assertEquals(
        16,
        nodes.values().stream().filter(n -> n.attributes.contains(FactorGraphDot.OBSERVED)).count(),
        "observed variables are shaded");
  }

  @Test
  void aSudokuIsDrawnAsItsGridWithFactorsNamedByRowColumnAndBox() {
    Map<String, Node> nodes = nodes(FactorGraphDot.of(FgcLanguage.bundled("sudoku", Map.of())));
    // Every cell pinned where it is in the grid: columns left to right, row 0 at the top.
    double column = -1;
    double row = -1;
    for (int r = 0; r < 9; r++) {
      for (int c = 0; c < 9; c++) {
        Node cell = byLabel(nodes, "cell[" + r + "][" + c + "]");
        assertNotNull(cell.pos, "cell[" + r + "][" + c + "] is pinned");
        if (r == 0 && c == 1) {
          column = cell.pos[0] - byLabel(nodes, "cell[0][0]").pos[0];
        }
        if (r == 1 && c == 0) {
          row = byLabel(nodes, "cell[0][0]").pos[1] - cell.pos[1];
        }
      }
    }
    assertTrue(column > 0 && row > 0, "columns go right, rows go down");
    double[] origin = byLabel(nodes, "cell[0][0]").pos;
    for (int r = 0; r < 9; r++) {
      for (int c = 0; c < 9; c++) {
        double[] at = byLabel(nodes, "cell[" + r + "][" + c + "]").pos;
        assertEquals(origin[0] + c * column, at[0], 0.011);
        assertEquals(origin[1] - r * row, at[1], 0.011);
      }
    }
    // Each factor labelled by its kind and the row, column or box it covers, pinned beside it.
    for (int k = 0; k < 9; k++) {
      double[] rowFactor = byLabel(nodes, "alldiff\\nrow " + k).pos;
      assertEquals(origin[1] - k * row, rowFactor[1], 0.011, "row " + k + " is level with its row");
      assertTrue(rowFactor[0] < origin[0], "row " + k + " is left of the grid");
      double[] columnFactor = byLabel(nodes, "alldiff\\ncolumn " + k).pos;
      assertEquals(
          origin[0] + k * column, columnFactor[0], 0.011, "column " + k + " is above its column");
      assertTrue(columnFactor[1] > origin[1], "column " + k + " is above the grid");
      double[] box = byLabel(nodes, "alldiff\\nbox " + k).pos;
      double boxLeft = origin[0] + (k % 3) * 3 * column;
      double boxTop = origin[1] - (k / 3) * 3 * row;
      assertTrue(
          box[0] > boxLeft
              && box[0] < boxLeft + 2 * column
              && box[1] < boxTop
              && box[1] > boxTop - 2 * row,
          "box " + k + " is inside its box, at " + box[0] + "," + box[1]);
    }
    // No two nodes on the same spot.
    assertEquals(
        81 + 27,
        nodes.values().stream()
            .map(n -> Math.round(n.pos[0] * 100) + "," + Math.round(n.pos[1] * 100))
            .distinct()
            .count());
  }

  @Test
  void theLegendNamesObservedAndLatentVariablesAndEveryKindOfFactor() {
    String chain = FactorGraphDot.of(FgcLanguage.bundled("chain", Map.of()));
    String legend = chain.lines().filter(l -> l.startsWith("  label=<")).findFirst().orElseThrow();
    for (String text :
        List.of(
            "factor graph of chain: 12 variables, 12 factors",
            "observed",
            "latent",
            ">table<",
            ">prior<",
            FactorGraphDot.OBSERVED,
            FactorGraphDot.LATENT)) {
      assertTrue(legend.contains(text), text + " in " + legend);
    }
    assertFalse(legend.contains("alldiff"), "only the kinds the model has");
    assertFalse(legend.contains("row r"), "no grid, so no note on rows and boxes");
    String sudoku = FactorGraphDot.of(FgcLanguage.bundled("sudoku", Map.of()));
    assertTrue(sudoku.contains(">alldiff<") && sudoku.contains("row r, column c, box b"), sudoku);
  }

  @Test
  void aGraphWithoutAGridIsLaidOutFreelyWithItsFactorsNamedByKind() {
    Model petersen =
        FgcLanguage.resource("fgc/models/colouring.fg", Map.of(), "fgc/examples/petersen.fgd");
    String dot = FactorGraphDot.of(petersen);
    Map<String, Node> nodes = nodes(dot);
    assertEquals(25, nodes.size());
    assertTrue(nodes.values().stream().allMatch(n -> n.pos == null), "nothing pinned");
    assertTrue(dot.contains("overlap=false; splines=true"), "neato keeps the nodes apart");
    assertEquals(15, nodes.values().stream().filter(n -> "neq".equals(n.label)).count());
    assertEquals("colour[7]", nodes.get("v7").label);
  }

  @Test
  void factorOriginsAreReadFromWholeRowsColumnsAndBoxesOnly() {
    ModelBuilder b = Model.builder("mixed");
    VariableArray x = b.variables("x", Domain.range(1, 4), 4, 4);
    VariableArray y = b.variables("y", Domain.range(1, 4), 4);
    b.alldiff(x.at(2, 0), x.at(2, 1), x.at(2, 2), x.at(2, 3));
    b.alldiff(x.at(0, 3), x.at(1, 3), x.at(2, 3), x.at(3, 3));
    b.alldiff(x.at(2, 2), x.at(2, 3), x.at(3, 2), x.at(3, 3));
    b.alldiff(x.at(0, 0), x.at(0, 1), x.at(0, 2));
    b.alldiff(x.at(0, 1), x.at(0, 2), x.at(1, 1), x.at(1, 2));
    b.alldiff(y.at(0), y.at(1), y.at(2), y.at(3));
    b.sum(7, x.at(0, 0), y.at(0));
    Model m = b.build();
    assertEquals(Optional.of("row 2"), FactorOrigin.of(m, m.factors().get(0)));
    assertEquals(Optional.of("column 3"), FactorOrigin.of(m, m.factors().get(1)));
    assertEquals(Optional.of("box 3"), FactorOrigin.of(m, m.factors().get(2)));
    assertEquals(Optional.empty(), FactorOrigin.of(m, m.factors().get(3)), "part of a row");
    assertEquals(
        Optional.empty(), FactorOrigin.of(m, m.factors().get(4)), "a square across two boxes");
    assertEquals(Optional.empty(), FactorOrigin.of(m, m.factors().get(5)), "a 1-D array");
    assertEquals(Optional.empty(), FactorOrigin.of(m, m.factors().get(6)), "two arrays");
    Map<String, Node> nodes = nodes(FactorGraphDot.of(m));
    assertNotNull(nodes.get("v0").pos, "the 2-D array is pinned");
    assertEquals(null, nodes.get("v16").pos, "the 1-D array is free");
    assertEquals(null, nodes.get("f6").pos, "a factor reaching outside the grid is free");
    assertEquals("sum = 7", nodes.get("f6").label);
    // A Latin square has rows and columns, but its side (5) is not a square: no boxes.
    Model latin = FgcLanguage.bundled("latin", Map.of());
    assertEquals(
        List.of(
            "row 0",
            "row 1",
            "row 2",
            "row 3",
            "row 4",
            "column 0",
            "column 1",
            "column 2",
            "column 3",
            "column 4"),
        latin.factors().stream()
            .map(f -> FactorOrigin.of(latin, f).orElse("?"))
            .collect(Collectors.toList()));
  }

  @Test
  void namesCannotBreakTheFile() {
    assertEquals("\"a\\\"b\\\\c\"", FactorGraphDot.quote("a\"b\\c\n"));
    assertEquals("\"a\\\\n\\nb\"", FactorGraphDot.quoteLines("a\\n", "b"));
    assertEquals("&lt;b&gt; &amp; &quot;", FactorGraphDot.html("<b> & \"\u0007"));
    ModelBuilder b = Model.builder("pair");
    VariableArray x = b.variables("x", Domain.range(1, 2), 2);
    b.neq(x.at(0), x.at(1));
    String dot = FactorGraphDot.of(b.build());
    assertEquals(2, count(dot, " -- "), "one edge per slot");
    assertEquals(
        2,
        nodes(dot).values().stream()
            .filter(n -> n.attributes.contains(FactorGraphDot.LATENT))
            .count(),
        "unobserved variables are white");
  }

  @Test
  void graphvizRendersItWhenInstalled() throws Exception {
    Assumptions.assumeTrue(Graphviz.find().isPresent(), "Graphviz is not installed");
    Path svg = dir.resolve("g.svg");
    Graphviz.renderSvg(
        Graphviz.find().get(),
        FactorGraphDot.of(FgcLanguage.bundled("sudoku", Map.of("n", 2L))),
        svg);
    String text = Files.readString(svg);
    assertTrue(text.contains("<svg"), text);
    for (String drawn :
        List.of(
            "cell[0][0]", "row 3", "column 1", "box 2", "observed", "latent", "all different")) {
      assertTrue(text.contains(drawn), drawn);
    }
    // Graphviz keeps pinned nodes where they were put: cell[1][2] right of cell[1][1], cell[2][1]
    // below it.
    double[] c00 = centre(text, "cell[1][1]");
    double[] c01 = centre(text, "cell[1][2]");
    double[] c10 = centre(text, "cell[2][1]");
    assertEquals(c00[1], c01[1], 0.5);
    assertTrue(c01[0] > c00[0]);
    assertEquals(c00[0], c10[0], 0.5);
    assertTrue(c10[1] > c00[1], "SVG y grows downwards");
  }

  /** Where Graphviz drew the text {@code label}: its anchor, from the SVG. */
  private static double[] centre(String svg, String label) {
    Matcher m =
        Pattern.compile(
                "<text text-anchor=\"middle\" x=\"(-?[0-9.]+)\" y=\"(-?[0-9.]+)\"[^>]*>"
                    + Pattern.quote(label)
                    + "</text>")
            .matcher(svg);
    assertTrue(m.find(), label + " drawn");
    return new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))};
  }
}
