package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.lang.FgcLanguage;
import fgc.model.Evidence;
import fgc.model.Model;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fgc run MODEL --driver D --input FILE}: one case of evidence per line, answered in input order. */
class RunInputTest {
  @TempDir
  Path dir;

  private String cache() {
    return dir.resolve("cache").toString();
  }

  /** The values of an answer line {@code name=value ...}, checked here on the model. */
  private static int[] values(Model m, String line) {
    int[] v = new int[m.variableCount()];
    for (String token : line.split(" ")) {
      v[m.variableIndex(token.substring(0, token.indexOf('=')))] = Integer.parseInt(token.substring(token.indexOf('=') + 1));
    }
    return v;
  }

  @Test
  void exactAnswersEveryCaseInOrderAndSaysWhichHasNoSolution() throws Exception {
    Model m = FgcLanguage.bundled("australia", Map.of());
    Path input = Files.writeString(dir.resolve("cases.txt"),
        "# colourings of Australia\nwa=1 nt=2\n\nwa=1 nt=2 q=3\nsa=3 t=3\n");
    CliRun run = CliRun.of("run", "australia", "--driver", "exact", "--input", input.toString(), "--cache-dir", cache());
    assertEquals(1, run.exitCode, run::toString);
    List<String> out = run.out.lines().toList();
    assertEquals(5, out.size(), run::toString);
    assertEquals("# colourings of Australia", out.get(0));
    assertEquals("", out.get(2));
    int[] first = values(m, out.get(1));
    int[] given = Evidence.none(m).values();
    given[0] = 1;
    given[1] = 2;
    assertNull(AnswerCheck.failure(m, given, first), out.get(1));
    assertEquals("wa=1 nt=2 q=3", out.get(3), "no colour is left for sa: the case is echoed");
    assertEquals(3, values(m, out.get(4))[m.variableIndex("sa")]);
    assertTrue(run.err.contains("cases.txt:4: no solution: the exact search proved"), run::toString);
    assertTrue(run.err.contains("answered 2 of 3") && run.err.contains("no solution: 1 of 3"), run::toString);
  }

  @Test
  void csvWithAHeaderRowGivesCsvAndABadLineNamesItsFileLineColumnAndVariable() throws Exception {
    Model m = FgcLanguage.bundled("latin", Map.of("n", 3L));
    Path input = Files.writeString(dir.resolve("cases.csv"), "x[0][0], x[1][1]\n1,2\n1, 7\n,3\n");
    CliRun run = CliRun.of("run", "latin", "--param", "n=3", "--driver", "exact", "--input", input.toString(), "--cache-dir", cache());
    assertEquals(2, run.exitCode, run::toString);
    List<String> out = run.out.lines().toList();
    assertEquals(4, out.size(), run::toString);
    assertEquals("x[0][0],x[0][1],x[0][2],x[1][0],x[1][1],x[1][2],x[2][0],x[2][1],x[2][2]", out.get(0));
    assertEquals("1, 7", out.get(2));
    for (int row : new int[] {1, 3}) {
      String[] cells = out.get(row).split(",");
      int[] v = new int[cells.length];
      for (int k = 0; k < v.length; k++) {
        v[k] = Integer.parseInt(cells[k]);
      }
      assertNull(AnswerCheck.failure(m, Evidence.none(m).values(), v), out.get(row));
      assertEquals(row == 1 ? 1 : 3, row == 1 ? v[0] : v[4]);
    }
    assertTrue(run.err.contains("fgc: " + input + ":3:4: x[1][1] = 7 is outside its domain 1..3"), run::toString);
    assertTrue(run.err.contains("answered 2 of 2") && run.err.contains("1 input error"), run::toString);
  }

  @Test
  void badAssignmentsAreReportedAtTheirColumnAndTheOtherLinesStillAnswered() throws Exception {
    Path input = Files.writeString(dir.resolve("cases.txt"), "colour[0]=1 colour[9]=2\ncolour[0]=1\nz=1\ncolour[1]=2 colour[1]=3\n");
    CliRun run = CliRun.of("run", "colouring", "--data", "petersen", "--input", input.toString(), "--cache-dir", cache());
    assertEquals(2, run.exitCode, run::toString);
    List<String> out = run.out.lines().toList();
    assertEquals(4, out.size(), run::toString);
    assertTrue(out.get(1).startsWith("colour[0]=1 colour[1]="), run::toString);
    assertTrue(out.get(0).startsWith("colour[0]=1 colour[1]=") && out.get(0).contains("colour[9]=2"), run::toString);
    assertTrue(run.err.contains("cases.txt:3:1: model colouring has no variable array 'z'"), run::toString);
    assertTrue(run.err.contains("cases.txt:4:13: colour[1] is given twice on this line"), run::toString);
  }

  @Test
  void theExactDriverAnswersEveryCaseOfAModelOfRelationsOrProvesThereIsNone() throws Exception {
    Path input = Files.writeString(dir.resolve("cases.txt"), "# none\nq[0]=0\nq[0]=1\n");
    CliRun run = CliRun.of("run", "queens", "--param", "n=5", "--driver", "exact", "--input", input.toString(), "--cache-dir", cache());
    assertEquals(0, run.exitCode, run::toString);
    List<String> lines = run.out.lines().collect(java.util.stream.Collectors.toList());
    assertEquals(3, lines.size(), run::toString);
    assertEquals("# none", lines.get(0), run::toString);
    assertTrue(lines.get(1).contains("q[0]=0") && lines.get(2).contains("q[0]=1"), run::toString);
    CliRun none = CliRun.of("run", "queens", "--param", "n=3", "--driver", "exact", "--cache-dir", cache());
    assertEquals(1, none.exitCode, none::toString);
    assertTrue(none.err.startsWith("fgc: no solution: "), none::toString);
  }

  @Test
  void oneRunSaysInWordsThatNoAnswerWasFound() {
    CliRun run = CliRun.of("run", "queens", "--param", "n=3", "--cache-dir", cache());
    assertEquals(1, run.exitCode, run::toString);
    assertFalse(run.err.contains("UNSOLVED") || run.err.contains("NO_SOLUTION"), run::toString);
    assertTrue(run.err.startsWith("fgc: not solved: ") || run.err.startsWith("fgc: no solution: "), run::toString);
  }
}
