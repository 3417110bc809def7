package fgc.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import fgc.algorithms.Algorithms;
import fgc.cache.SolverCache;
import fgc.compiler.ModelCompiler;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The planner, the compiler and the runtime know no Sudoku: no class of model-planner,
 * model-compiler or runtime refers to the puzzles module (Sudoku grids) or holds the word "sudoku"
 * in any name or string constant of its class file. Checked on the compiled classes' constant pools
 * (JVMS 4.4), which is what such a dependency or literal becomes, so nothing escapes the check. The
 * front end that reads grid puzzle files, binds them to a model's observed array and draws grids is
 * the cli module's, outside both.
 */
class NoSudokuInTheCoreTest {
  @Test
  void compilerAndRuntimeCoreNameNothingSudokuSpecific() throws Exception {
    List<String> offences = new ArrayList<>();
    int classes =
        scan(ModelCompiler.class, offences)
            + scan(SolverCache.class, offences)
            + scan(Algorithms.class, offences);
    assertFalse(classes < 30, "found only " + classes + " classes to check");
    assertEquals(List.of(), offences);
  }

  @Test
  void theCheckCatchesAnOffender() throws Exception {
    // This test class itself says "sudoku" in a constant: the scanner must see it.
    byte[] bytes;
    try (InputStream in =
        NoSudokuInTheCoreTest.class.getResourceAsStream("NoSudokuInTheCoreTest.class")) {
      bytes = in.readAllBytes();
    }
    List<String> offences = new ArrayList<>();
    check("fgc/architecture/NoSudokuInTheCoreTest.class", bytes, offences);
    assertEquals(1, offences.size(), offences.toString());
    assertEquals("Sudoku grid", "Sudoku grid"); // the constant the scanner must find
  }

  private static int scan(Class<?> anchor, List<String> offences)
      throws IOException, URISyntaxException {
    return ClassFiles.scan(anchor, (name, bytes) -> check(name, bytes, offences));
  }

  private static void check(String name, byte[] bytes, List<String> offences) throws IOException {
    if (name.startsWith("fgc/generated/") || !name.startsWith("fgc/")) {
      return;
    }
    for (String constant : ClassFiles.utf8Constants(bytes)) {
      if (constant.toLowerCase(Locale.ROOT).contains("sudoku")
          || constant.contains("fgc/puzzles/")) {
        offences.add(name + " names \"" + constant + "\"");
        break;
      }
    }
  }
}
