package fgc.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.lang.FgcLanguage;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EvidenceTest {
  static final Model MODEL =
      FgcLanguage.parse(
          "m.fg",
          "model m;\nvar cell[2][3] in 1..3;\nvar wet in 0..1;\n"
              + "var hidden in 0..1;\nobserve cell;\nobserve wet;\n",
          Map.of());

  @Test
  void namesAndIndicesReachTheSameVariables() {
    assertEquals(MODEL.array("cell").at(1, 2), MODEL.variableIndex("cell[1][2]"));
    assertEquals(MODEL.array("cell").at(1, 2), MODEL.variableIndex(" cell [1] [ 2 ] "));
    assertEquals(MODEL.array("wet").at(), MODEL.variableIndex("wet"));
    for (int v = 0; v < MODEL.variableCount(); v++) {
      assertEquals(v, MODEL.variableIndex(MODEL.variableName(v)));
    }
  }

  @Test
  void badNamesSayWhatIsWrong() {
    assertTrue(
        assertThrows(ModelException.class, () -> MODEL.variableIndex("rain"))
            .getMessage()
            .contains("no variable 'rain'"));
    assertTrue(
        assertThrows(ModelException.class, () -> MODEL.variableIndex("cell[1][x]"))
            .getMessage()
            .contains("such as cell[0][0]"));
    assertTrue(
        assertThrows(ModelException.class, () -> MODEL.variableIndex("cell[1]"))
            .getMessage()
            .contains("rank 2"));
    assertTrue(
        assertThrows(ModelException.class, () -> MODEL.variableIndex("cell[2][0]"))
            .getMessage()
            .contains("out of range"));
  }

  @Test
  void theBuilderSetsCheckedValues() {
    Evidence e =
        Evidence.builder(MODEL)
            .set("cell[0][1]", 3)
            .set("wet", 1)
            .set(MODEL.variableIndex("cell[1][0]"), 2)
            .build();
    assertEquals(3, e.count());
    assertEquals(3, e.value(MODEL.variableIndex("cell[0][1]")));
    assertTrue(e.isObserved(MODEL.variableIndex("wet")));
    assertFalse(e.isObserved(MODEL.variableIndex("cell[0][0]")));
    assertEquals(Evidence.NONE, e.value(MODEL.variableIndex("hidden")));
    Evidence more = e.toBuilder(MODEL).set("cell[0][0]", 1).build();
    assertEquals(4, more.count());
    assertEquals(3, e.count(), "evidence is immutable");
  }

  @Test
  void theBuilderRefusesWhatNoSolverCouldTake() {
    Evidence.Builder b = Evidence.builder(MODEL).set("wet", 1);
    assertTrue(
        assertThrows(ModelException.class, () -> b.set("wet", 2))
            .getMessage()
            .contains("outside its domain"));
    assertTrue(
        assertThrows(ModelException.class, () -> b.set("wet", 0))
            .getMessage()
            .contains("observed twice: 1 and 0"));
    assertTrue(
        assertThrows(ModelException.class, () -> b.set("hidden", 0))
            .getMessage()
            .contains("'hidden' is not observed"));
    assertTrue(
        assertThrows(ModelException.class, () -> b.set(99, 0))
            .getMessage()
            .contains("out of range"));
    b.set("wet", 1);
    assertEquals(1, b.build().count(), "the same value twice is fine");
  }

  @Test
  void aModelLoadsFromTheClassPath() {
    Model sudoku = FgcLanguage.resource("fgc/models/sudoku.fg", Map.of("n", 2L));
    assertEquals(FgcLanguage.bundled("sudoku", Map.of("n", 2L)), sudoku);
    assertEquals(sudoku, FgcLanguage.resource("/fgc/models/sudoku.fg", Map.of("n", 2L)));
    RuntimeException e =
        assertThrows(
            RuntimeException.class, () -> FgcLanguage.resource("nope/missing.fg", Map.of()));
    assertTrue(
        e.getMessage().contains("nope/missing.fg") && e.getMessage().contains("no such resource"),
        e.getMessage());
  }
}
