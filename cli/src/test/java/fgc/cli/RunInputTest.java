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

/**
 * {@code fgc run MODEL --driver D --input FILE}: one case of evidence per line, answered in input
 * order.
 */
class RunInputTest {
  @TempDir Path dir;

  private String cache() {
    return dir.resolve("cache").toString();
  }

  /** The values of an answer line {@code name=value ...}, checked here on the model. */
  private static int[] values(Model m, String line) {
    int[] v = new int[m.variableCount()];
    for (String token : line.split(" ")) {
      v[m.variableIndex(token.substring(0, token.indexOf('=')))] =
          Integer.parseInt(token.substring(token.indexOf('=') + 1));
    }
    return v;
  }

  @Test
  void exactAnswersEveryCaseInOrderAndSaysWhichHasNoSolution() throws Exception {
    Model m = FgcLanguage.bundled("australia", Map.of());
    Path input =
        Files.writeString(
            dir.resolve("cases.txt"),
            "# colourings of Australia\nwa=1 nt=2\n\nwa=1 nt=2 q=3\nsa=3 t=3\n");
    CliRun run =
        CliRun.of(
            "run",
            "australia",
            "--driver",
            "exact",
            "--input",
            input.toString(),
            "--cache-dir",
            cache());
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
    assertEquals(
        "# no answer: wa=1 nt=2 q=3", out.get(3), "no colour is left for sa: a comment says so");
    assertEquals(3, values(m, out.get(4))[m.variableIndex("sa")]);
    assertTrue(
        run.err.contains("cases.txt:4: no solution: the exact search proved"), run::toString);
    assertTrue(
        run.err.contains("answered 2 of 3") && run.err.contains("no solution: 1 of 3"),
        run::toString);
  }

  @Test
  void csvWithAHeaderRowGivesCsvAndABadLineNamesItsFileLineColumnAndVariable() throws Exception {
    Model m = FgcLanguage.bundled("latin", Map.of("n", 3L));
    Path input = Files.writeString(dir.resolve("cases.csv"), "x[0][0], x[1][1]\n1,2\n1, 7\n,3\n");
    CliRun run =
        CliRun.of(
            "run",
            "latin",
            "--param",
            "n=3",
            "--driver",
            "exact",
            "--input",
            input.toString(),
            "--cache-dir",
            cache());
    assertEquals(2, run.exitCode, run::toString);
    List<String> out = run.out.lines().toList();
    assertEquals(4, out.size(), run::toString);
    assertEquals(
        "x[0][0],x[0][1],x[0][2],x[1][0],x[1][1],x[1][2],x[2][0],x[2][1],x[2][2]", out.get(0));
    assertEquals("# no answer: 1, 7", out.get(2));
    for (int row : new int[] {1, 3}) {
      String[] cells = out.get(row).split(",");
      int[] v = new int[cells.length];
      for (int k = 0; k < v.length; k++) {
        v[k] = Integer.parseInt(cells[k]);
      }
      assertNull(AnswerCheck.failure(m, Evidence.none(m).values(), v), out.get(row));
      assertEquals(row == 1 ? 1 : 3, row == 1 ? v[0] : v[4]);
    }
    assertTrue(
        run.err.contains("fgc: " + input + ":3:4: x[1][1] = 7 is outside its domain 1..3"),
        run::toString);
    assertTrue(
        run.err.contains("answered 2 of 2") && run.err.contains("1 input error"), run::toString);
  }

  @Test
  void badAssignmentsAreReportedAtTheirColumnAndTheOtherLinesStillAnswered() throws Exception {
    Path input =
        Files.writeString(
            dir.resolve("cases.txt"),
            "colour[0]=1 colour[9]=2\ncolour[0]=1\nz=1\ncolour[1]=2 colour[1]=3\n");
    CliRun run =
        CliRun.of(
            "run",
            "colouring",
            "--data",
            "petersen",
            "--input",
            input.toString(),
            "--cache-dir",
            cache());
    assertEquals(2, run.exitCode, run::toString);
    List<String> out = run.out.lines().toList();
    assertEquals(4, out.size(), run::toString);
    assertTrue(out.get(1).startsWith("colour[0]=1 colour[1]="), run::toString);
    assertTrue(
        out.get(0).startsWith("colour[0]=1 colour[1]=") && out.get(0).contains("colour[9]=2"),
        run::toString);
    assertTrue(
        run.err.contains("cases.txt:3:1: model colouring has no variable array 'z'"),
        run::toString);
    assertTrue(
        run.err.contains("cases.txt:4:13: colour[1] is given twice on this line"), run::toString);
  }

  @Test
  void theExactDriverAnswersEveryCaseOfAModelOfRelationsOrProvesThereIsNone() throws Exception {
    Path input = Files.writeString(dir.resolve("cases.txt"), "# none\nq[0]=0\nq[0]=1\n");
    CliRun run =
        CliRun.of(
            "run",
            "queens",
            "--param",
            "n=5",
            "--driver",
            "exact",
            "--input",
            input.toString(),
            "--cache-dir",
            cache());
    assertEquals(0, run.exitCode, run::toString);
    List<String> lines = run.out.lines().collect(java.util.stream.Collectors.toList());
    assertEquals(3, lines.size(), run::toString);
    assertEquals("# none", lines.get(0), run::toString);
    assertTrue(lines.get(1).contains("q[0]=0") && lines.get(2).contains("q[0]=1"), run::toString);
    CliRun none =
        CliRun.of("run", "queens", "--param", "n=3", "--driver", "exact", "--cache-dir", cache());
    assertEquals(1, none.exitCode, none::toString);
    assertTrue(none.err.startsWith("fgc: no solution: "), none::toString);
  }

  @Test
  void oneRunSaysInWordsThatNoAnswerWasFound() {
    CliRun run = CliRun.of("run", "queens", "--param", "n=3", "--cache-dir", cache());
    assertEquals(1, run.exitCode, run::toString);
    assertFalse(run.err.contains("UNSOLVED") || run.err.contains("NO_SOLUTION"), run::toString);
    assertTrue(
        run.err.startsWith("fgc: not solved: ") || run.err.startsWith("fgc: no solution: "),
        run::toString);
  }

  /**
   * Cases of a 4x4 Latin square: three givens of one square each (solvable), every 37th line two
   * equal values in one row (no solution), every 53rd a value outside the domain (an input error).
   */
  private Path latinCases(int count) throws Exception {
    java.util.Random random = new java.util.Random(7);
    StringBuilder text = new StringBuilder("# latin cases\n");
    for (int k = 1; k <= count; k++) {
      if (k % 53 == 0) {
        text.append("x[0][0]=9\n");
      } else if (k % 37 == 0) {
        text.append("x[1][0]=2 x[1][3]=2\n");
      } else {
        int shift = random.nextInt(4);
        StringBuilder line = new StringBuilder();
        for (int g = 0; g < 3; g++) {
          int i = random.nextInt(4);
          int j = random.nextInt(4);
          if (line.indexOf("x[" + i + "][" + j + "]=") < 0) {
            line.append(line.length() > 0 ? " " : "")
                .append("x[")
                .append(i)
                .append("][")
                .append(j)
                .append("]=")
                .append((i + j + shift) % 4 + 1);
          }
        }
        text.append(line).append('\n');
      }
    }
    return Files.writeString(dir.resolve("latin-cases.txt"), text.toString());
  }

  @Test
  void threadsAnswerEveryCaseInInputOrderAsOneThreadDoes() throws Exception {
    Model m = FgcLanguage.bundled("latin", Map.of("n", 4L));
    Path input = latinCases(400);
    List<String> cases = Files.readAllLines(input);
    for (String driver : List.of("exact", "decimate")) {
      CliRun one =
          CliRun.of(
              "run",
              "latin",
              "--param",
              "n=4",
              "--driver",
              driver,
              "--input",
              input.toString(),
              "--cache-dir",
              cache());
      CliRun three =
          CliRun.of(
              "run",
              "latin",
              "--param",
              "n=4",
              "--driver",
              driver,
              "--input",
              input.toString(),
              "--threads",
              "3",
              "--cache-dir",
              cache());
      assertEquals(2, one.exitCode, one::toString);
      assertEquals(one.exitCode, three.exitCode, three::toString);
      List<String> out = three.out.lines().toList();
      assertEquals(
          one.out.lines().toList(),
          out,
          driver + ": three threads answer as one does, line for line");
      assertEquals(cases.size(), out.size(), three::toString);
      int answered = 0;
      for (int k = 1; k < cases.size(); k++) {
        if (k % 53 == 0 || k % 37 == 0) {
          assertEquals("# no answer: " + cases.get(k), out.get(k), "line " + (k + 1));
          continue;
        }
        int[] given = Evidence.none(m).values();
        for (String token : cases.get(k).split(" ")) {
          given[m.variableIndex(token.substring(0, token.indexOf('=')))] =
              Integer.parseInt(token.substring(token.indexOf('=') + 1));
        }
        assertNull(
            AnswerCheck.failure(m, given, values(m, out.get(k))),
            "line " + (k + 1) + ": " + out.get(k));
        answered++;
      }
      String summary = "answered " + answered + " of " + (cases.size() - 1 - 400 / 53);
      assertTrue(one.err.contains(summary) && three.err.contains(summary), three::toString);
      List<String> warnings = three.err.lines().filter(l -> l.startsWith("fgc: ")).toList();
      assertEquals(
          one.err.lines().filter(l -> l.startsWith("fgc: ")).toList(),
          warnings,
          "the same reasons, in the same order");
      assertEquals(400 / 37 + 400 / 53, warnings.size(), three::toString);
    }
  }

  @Test
  void threadsWithoutInputIsRefused() {
    CliRun run = CliRun.of("run", "latin", "--threads", "2", "--cache-dir", cache());
    assertEquals(2, run.exitCode, run::toString);
    assertTrue(run.err.contains("--threads solves the cases of --input"), run::toString);
  }

  /**
   * A FIFO at {@code name} fed {@code text} by a writer thread, or a skipped test where mkfifo is
   * missing.
   */
  private Path fifo(String name, String text) throws Exception {
    Path fifo = dir.resolve(name);
    Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
    org.junit.jupiter.api.Assumptions.assumeTrue(mk.waitFor() == 0, "needs mkfifo");
    Thread writer =
        new Thread(
            () -> {
              try {
                Files.writeString(fifo, text);
              } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            });
    writer.setDaemon(true);
    writer.start();
    return fifo;
  }

  @Test
  void aPipeNamedAsAFileIsReadOnceNeverAgainToCountIt() throws Exception {
    Path input = latinCases(20000);
    String text = Files.readString(input);
    List<String> cases = Files.readAllLines(input);
    CliRun run =
        CliRun.of(
            "run",
            "latin",
            "--param",
            "n=4",
            "--driver",
            "exact",
            "--input",
            fifo("cases.fifo", text).toString(),
            "--cache-dir",
            cache());
    assertEquals(
        cases.size(), run.out.lines().count(), "every line of the pipe answered: " + run.err);
    String puzzles = String.join("\n", java.util.Collections.nCopies(20000, ".1.3...4.4..2..."));
    CliRun solve =
        CliRun.of(
            "solve",
            "--input",
            fifo("puzzles.fifo", puzzles + "\n").toString(),
            "--cache-dir",
            cache());
    assertEquals(0, solve.exitCode, solve::toString);
    assertEquals(20000, solve.out.lines().count(), solve::toString);
  }
}
