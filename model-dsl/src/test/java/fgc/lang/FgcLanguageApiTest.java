package fgc.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.model.Model;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The facade other modules call: files, bundled models, parameters, and the error types. */
class FgcLanguageApiTest {
  @TempDir Path dir;

  @Test
  void loadReadsAFileAndNamesTheModelAfterIt() throws IOException {
    Path file = dir.resolve("pairs.fg");
    Files.writeString(file, "param k = 2;\nvar x[k] in 1..2;\nneq(x[0], x[1]);\n");
    Model m = FgcLanguage.load(file, Map.of());
    assertEquals("pairs", m.name());
    assertEquals(2, m.variableCount());
    assertEquals(3, FgcLanguage.load(file, Map.of("k", 3L)).variableCount());
  }

  @Test
  void loadSkipsAByteOrderMark() throws IOException {
    Path file = dir.resolve("bom.fg");
    Files.writeString(file, "\uFEFFvar x in 1..2;\nneq(x, y);\n");
    LanguageException e =
        assertThrows(LanguageException.class, () -> FgcLanguage.load(file, Map.of()));
    assertEquals(2, e.diagnostics().get(0).line());
    Files.writeString(file, "\uFEFFvar x in 1..2;\n");
    assertEquals(1, FgcLanguage.load(file, Map.of()).variableCount());
  }

  @Test
  void loadReportsErrorsUnderThePathItWasGiven() throws IOException {
    Path file = dir.resolve("broken.fg");
    Files.writeString(file, "var x in 1..2;\nneq(x, z);\n");
    LanguageException e =
        assertThrows(LanguageException.class, () -> FgcLanguage.load(file, Map.of()));
    assertEquals(file + ":2:8: unknown name 'z'\n  neq(x, z);\n         ^", e.getMessage());
  }

  @Test
  void anUnreadableFileIsAOneLineError() throws IOException {
    Path missing = dir.resolve("missing.fg");
    LanguageException e =
        assertThrows(LanguageException.class, () -> FgcLanguage.load(missing, Map.of()));
    assertEquals(1, e.diagnostics().size());
    assertEquals(0, e.diagnostics().get(0).line());
    assertTrue(e.getMessage().startsWith(missing + ": cannot read the file: "), e.getMessage());
    assertFalse(e.getMessage().contains("\n"));

    LanguageException directory =
        assertThrows(LanguageException.class, () -> FgcLanguage.load(dir, Map.of()));
    assertFalse(directory.getMessage().contains("\n"));

    Path latin1 = dir.resolve("latin1.fg");
    Files.write(latin1, "var caf\u00e9 in 1..2;".getBytes(StandardCharsets.ISO_8859_1));
    LanguageException notUtf8 =
        assertThrows(LanguageException.class, () -> FgcLanguage.load(latin1, Map.of()));
    assertEquals(latin1 + ": cannot read the file: it is not UTF-8 text", notUtf8.getMessage());
  }

  @Test
  void bundledModelsAreListedInOnePlace() {
    assertEquals(
        List.of(
            "sudoku",
            "sudoku_locked",
            "latin",
            "killer",
            "colouring",
            "chain",
            "queens",
            "futoshiki",
            "kenken",
            "australia",
            "sprinkler",
            "magic"),
        FgcLanguage.bundledNames());
    String text = FgcLanguage.bundledText("sudoku");
    assertTrue(text.startsWith("# Sudoku of box size n"));
    assertTrue(text.contains("model sudoku;"));
    assertEquals(81, FgcLanguage.bundled("sudoku", Map.of()).variableCount());
  }

  @Test
  void aNameCloseToABundledOneGetsADidYouMean() {
    for (String[] c :
        new String[][] {
          {"sudok", "sudoku"}, {"Sudoku", "sudoku"}, {"kenkne", "kenken"}, {"queen", "queens"}
        }) {
      LanguageException e =
          assertThrows(LanguageException.class, () -> FgcLanguage.bundled(c[0], Map.of()));
      assertTrue(
          e.getMessage()
              .contains(
                  "unknown bundled model '"
                      + c[0]
                      + "' (did you mean '"
                      + c[1]
                      + "'?); the bundled models are: "),
          e.getMessage());
    }
  }

  @Test
  void anUnknownBundledNameListsTheKnownOnes() {
    for (String name : new String[] {"kakuro", "../sudoku", "", null}) {
      LanguageException e =
          assertThrows(LanguageException.class, () -> FgcLanguage.bundled(name, Map.of()));
      assertEquals(0, e.diagnostics().get(0).line());
      assertTrue(
          e.getMessage()
              .endsWith(
                  "unknown bundled model '"
                      + name
                      + "'; the bundled models are: sudoku, sudoku_locked, latin, "
                      + "killer, colouring, chain, queens, futoshiki,"
                      + " kenken, australia, sprinkler, magic"),
          e.getMessage());
      assertThrows(LanguageException.class, () -> FgcLanguage.bundledText(name));
    }
  }

  @Test
  void parametersListsDefaultsInOrderWithoutBuildingTheModel() {
    assertEquals(
        Map.of("n", 3L), FgcLanguage.parameters("sudoku.fg", FgcLanguage.bundledText("sudoku")));
    // Only params and top-level lets run, so a model too big to build still shows its params.
    Map<String, Long> p =
        FgcLanguage.parameters(
            "t.fg",
            "param a = 2;\nlet b = a * 10;\nparam c = b + 1;\n"
                + "var x[100000][100000] in 1..2;\nfor i in 0..2000000000 { }\n");
    assertEquals(List.of("a", "c"), List.copyOf(p.keySet()));
    assertEquals(21L, p.get("c"));
    assertThrows(UnsupportedOperationException.class, () -> p.put("z", 1L));
    LanguageException e =
        assertThrows(LanguageException.class, () -> FgcLanguage.parameters("t.fg", "param a = ;"));
    assertEquals(1, e.diagnostics().get(0).line());
  }

  @Test
  void nullOverridesMeanNone() {
    assertEquals(81, FgcLanguage.bundled("sudoku", null).variableCount());
  }

  @Test
  void diagnosticsFormatAndCompare() {
    Diagnostic d = new Diagnostic("a.fg", 1, 3, "boom", "x y z");
    assertEquals("a.fg:1:3: boom\n  x y z\n    ^", d.format());
    assertEquals(d.format(), d.toString());
    assertEquals(d, new Diagnostic("a.fg", 1, 3, "boom", "x y z"));
    Diagnostic none = Diagnostic.unpositioned("a.fg", "no position");
    assertEquals("a.fg: no position", none.format());
    LanguageException e = new LanguageException(List.of(d, none));
    assertEquals(d.format() + "\n" + none.format(), e.getMessage());
    assertEquals(List.of(d, none), e.diagnostics());
  }
}
