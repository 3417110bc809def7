package com.example.colouring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.driver.SolveResult;
import fgc.lang.FgcLanguage;
import fgc.model.Evidence;
import fgc.model.Model;
import fgc.runtime.Solver;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The class the plugin made from src/main/fgc/australia.fg with no configuration at all: named
 * after the file, in the project's group id, with the data file beside the model.
 */
class AustraliaTest {
  /**
   * The borders of australia.fgd, written out again here so that the check does not trust the
   * model.
   */
  static final int[][] BORDERS = {
    {0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 3}, {2, 4}, {2, 5}, {3, 4}, {4, 5}
  };

  /** The model as the plugin compiled it, read back from the class path with its data. */
  static final Model MODEL = FgcLanguage.resource("australia.fg", Map.of(), "australia.fgd");

  static void assertProperColouring(int[] colour) {
    for (int[] b : BORDERS) {
      assertNotEquals(
          colour[b[0]], colour[b[1]], "regions " + b[0] + " and " + b[1] + " share a colour");
    }
    for (int c : colour) {
      assertTrue(c >= 1 && c <= 3, "colour " + c);
    }
  }

  @Test
  void theGeneratedClassColoursTheMap() {
    SolveResult r = Solver.precompiled(MODEL, new Australia()).decimate(Evidence.none(MODEL));
    assertTrue(r.solved(), r.status().toString());
    assertProperColouring(r.values());
  }

  @Test
  void evidenceIsKeptAndTheRestFollows() {
    // Western Australia red (1), South Australia green (2): so the Northern Territory is blue (3).
    Evidence given = Evidence.builder(MODEL).set("colour[0]", 1).set("colour[2]", 2).build();
    SolveResult r = Solver.precompiled(MODEL, new Australia()).decimate(given);
    assertTrue(r.solved(), r.status().toString());
    assertEquals(1, r.values()[0]);
    assertEquals(2, r.values()[2]);
    assertEquals(3, r.values()[1]);
    assertProperColouring(r.values());
  }

  @Test
  void theCompilerIsNotOnTheClassPath() {
    assertThrows(ClassNotFoundException.class, () -> Class.forName("fgc.compiler.ModelCompiler"));
    assertThrows(
        ClassNotFoundException.class, () -> Class.forName("org.codehaus.janino.SimpleCompiler"));
  }
}
