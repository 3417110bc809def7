package fgc.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.model.Domain;
import fgc.model.Factor;
import fgc.model.FactorKind;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.VariableArray;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The bundled sudoku model against the same model written with the builder in Java. */
class SudokuModelTest {

  /** Rows, columns, then boxes, in the order the bundled text declares them. */
  static Model builtInJava(int n) {
    int size = n * n;
    ModelBuilder b = Model.builder("sudoku");
    VariableArray cell = b.variables("cell", Domain.range(1, size), size, size);
    b.observe("cell");
    for (int r = 0; r < size; r++) {
      int[] scope = new int[size];
      for (int c = 0; c < size; c++) {
        scope[c] = cell.at(r, c);
      }
      b.alldiff(scope);
    }
    for (int c = 0; c < size; c++) {
      int[] scope = new int[size];
      for (int r = 0; r < size; r++) {
        scope[r] = cell.at(r, c);
      }
      b.alldiff(scope);
    }
    for (int br = 0; br < n; br++) {
      for (int bc = 0; bc < n; bc++) {
        int[] scope = new int[size];
        int k = 0;
        for (int i = 0; i < n; i++) {
          for (int j = 0; j < n; j++) {
            scope[k++] = cell.at(br * n + i, bc * n + j);
          }
        }
        b.alldiff(scope);
      }
    }
    return b.build();
  }

  @ParameterizedTest
  @ValueSource(ints = {2, 3, 4})
  void bundledSudokuHasTheExpectedShape(int n) {
    int size = n * n;
    Model m = FgcLanguage.bundled("sudoku", Map.of("n", (long) n));
    assertEquals("sudoku", m.name());
    assertEquals(size * size, m.variableCount());
    assertEquals(1, m.arrays().size());
    VariableArray cell = m.array("cell");
    assertNotNull(cell);
    assertTrue(cell.observed());
    assertEquals(Domain.range(1, size), cell.domain());
    assertEquals(3 * size, m.factors().size());
    for (Factor f : m.factors()) {
      assertEquals(FactorKind.ALLDIFF, f.kind());
      assertEquals(size, f.arity());
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {2, 3, 4})
  void bundledSudokuIsByteIdenticalToTheBuilderModel(int n) {
    Model parsed = FgcLanguage.bundled("sudoku", Map.of("n", (long) n));
    assertEquals(builtInJava(n).canonicalText(), parsed.canonicalText());
  }

  @Test
  void defaultParamIsThree() {
    assertEquals(
        builtInJava(3).canonicalText(), FgcLanguage.bundled("sudoku", Map.of()).canonicalText());
  }

  @Test
  void canonicalTextIsStableAcrossParses() {
    String text = FgcLanguage.bundledText("sudoku");
    String first = FgcLanguage.parse("sudoku.fg", text, Map.of("n", 3L)).canonicalText();
    String second = FgcLanguage.parse("sudoku.fg", text, Map.of("n", 3L)).canonicalText();
    assertEquals(first, second);
  }

  @Test
  void theNameIsNoPartOfTheCanonicalText() {
    String text = FgcLanguage.bundledText("sudoku");
    Model renamed =
        FgcLanguage.parse("mine.fg", text.replace("model sudoku;", "model mine;"), Map.of("n", 2L));
    Model bundled = FgcLanguage.bundled("sudoku", Map.of("n", 2L));
    assertEquals("mine", renamed.name());
    assertEquals(
        bundled.canonicalText(),
        renamed.canonicalText(),
        "one model under two names is one model for the compiler");
    assertEquals(bundled, renamed);
    assertFalse(bundled.canonicalText().contains("sudoku"), bundled.canonicalText());
  }

  @Test
  void canonicalTextForBoxSizeTwoMatchesTheGoldenFile() throws IOException {
    String golden;
    try (InputStream in = getClass().getResourceAsStream("/fgc/lang/sudoku-n2.canonical.txt")) {
      assertNotNull(in, "golden file on the test class path");
      golden = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertEquals(golden, FgcLanguage.bundled("sudoku", Map.of("n", 2L)).canonicalText());
  }
}
