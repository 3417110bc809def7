package fgc.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.lang.FgcLanguage;
import fgc.model.Domain;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.VariableArray;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FactorGraphDotTest {
  @TempDir
  Path dir;

  private static long count(String text, String needle) {
    return text.lines().filter(l -> l.contains(needle)).count();
  }

  @Test
  void oneNodePerVariableAndFactorAndOneEdgePerSlot() {
    Model sudoku = FgcLanguage.bundled("sudoku", Map.of("n", 2L));
    String dot = FactorGraphDot.of(sudoku);
    assertEquals(16, count(dot, "shape=ellipse"));
    assertEquals(12, count(dot, "shape=box"));
    assertEquals(12 * 4, count(dot, " -- "));
    assertTrue(dot.contains("label=\"cell[3][2]\""), dot);
    assertEquals(16, count(dot, "#cfe0f7"), "observed variables are shaded");
  }

  @Test
  void namesCannotBreakTheFile() {
    assertEquals("\"a\\\"b\\\\c\"", FactorGraphDot.quote("a\"b\\c\n"));
    ModelBuilder b = Model.builder("pair");
    VariableArray x = b.variables("x", Domain.range(1, 2), 2);
    b.neq(x.at(0), x.at(1));
    String dot = FactorGraphDot.of(b.build());
    assertEquals(2, count(dot, " -- "), "one edge per slot");
    assertEquals(2, count(dot, "#ffffff"), "unobserved variables are white");
  }

  @Test
  void graphvizRendersItWhenInstalled() throws Exception {
    Assumptions.assumeTrue(Graphviz.find().isPresent(), "Graphviz is not installed");
    Path svg = dir.resolve("g.svg");
    Graphviz.renderSvg(Graphviz.find().get(), FactorGraphDot.of(FgcLanguage.bundled("sudoku", Map.of("n", 2L))), svg);
    String text = Files.readString(svg);
    assertTrue(text.contains("<svg"), text);
    assertTrue(text.contains("cell[0][0]"), text);
  }
}
