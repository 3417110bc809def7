package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fgc run} on BIF and UAI files: variables and states by the names the file gives them. */
class NamesFromFilesTest {
  @TempDir Path dir;

  /** Difficulty (easy, hard) -> Grade (A, B, C). */
  private static final String STUDENT =
      String.join(
          "\n",
          "network student {}",
          "variable Difficulty { type discrete [ 2 ] { easy, hard }; }",
          "variable Grade { type discrete [ 3 ] { A, B, C }; }",
          "probability ( Difficulty ) { table 0.6, 0.4; }",
          "probability ( Grade | Difficulty ) {",
          "  (easy) 0.7, 0.2, 0.1;",
          "  (hard) 0.2, 0.3, 0.5;",
          "}",
          "");

  private record Result(int code, String out, String err) {}

  private Result run(String... args) throws Exception {
    try (CommandLineHarness cli = new CommandLineHarness()) {
      String[] all = java.util.Arrays.copyOf(args, args.length + 2);
      all[args.length] = "--cache-dir";
      all[args.length + 1] = dir.resolve("cache").toString();
      int code = cli.run(all);
      return new Result(code, cli.out(), cli.err());
    }
  }

  private String student() throws Exception {
    return Files.writeString(dir.resolve("student.bif"), STUDENT).toString();
  }

  @Test
  void marginalsPrintStatesByName() throws Exception {
    Result r = run("run", student(), "--marginals");
    assertEquals(0, r.code(), r.err());
    assertEquals(
        List.of(
            "method: exact (elimination)",
            "Difficulty easy:0.6000 hard:0.4000",
            "Grade A:0.5000 B:0.2400 C:0.2600"),
        r.out().lines().toList());
  }

  @Test
  void observesAStateByNameOrByIndex() throws Exception {
    // P(easy | C) = 0.6 * 0.1 / (0.6 * 0.1 + 0.4 * 0.5) = 0.06 / 0.26
    String expected =
        String.format(
            java.util.Locale.ROOT, "Difficulty easy:%.4f hard:%.4f", 0.06 / 0.26, 0.20 / 0.26);
    Result byName = run("run", student(), "--marginals", "--observe", "Grade=C");
    assertEquals(0, byName.code(), byName.err());
    assertEquals(expected, byName.out().lines().toList().get(1));
    Result byIndex = run("run", student(), "--marginals", "--observe", "Grade=2");
    assertEquals(byName.out(), byIndex.out());
  }

  @Test
  void aSolutionPrintsStatesByName() throws Exception {
    Result r = run("run", student(), "--observe", "Difficulty=hard");
    assertEquals(0, r.code(), r.err());
    List<String> answer = List.of(r.out().lines().reduce((a, b) -> b).orElse("").split(" "));
    assertTrue(answer.contains("Difficulty=hard"), r.out());
    assertTrue(answer.stream().anyMatch(p -> p.matches("Grade=[ABC]")), r.out());
  }

  @Test
  void misspeltStatesAndVariablesGetADidYouMean() throws Exception {
    Result state = run("run", student(), "--marginals", "--observe", "Grade=c");
    assertEquals(2, state.code(), state.out());
    assertTrue(
        state.err().contains("'c' is not a state of Grade; its states are A, B, C"), state.err());
    Result near = run("run", student(), "--marginals", "--observe", "Difficulty=hrad");
    assertTrue(
        near.err().contains("'hrad' is not a state of Difficulty; did you mean 'hard'?"),
        near.err());
    Result variable = run("run", student(), "--marginals", "--observe", "Grdae=A");
    assertEquals(2, variable.code(), variable.out());
    assertTrue(
        variable.err().contains("has no variable array 'Grdae'; did you mean 'Grade'?"),
        variable.err());
    assertTrue(!variable.err().contains("Exception"), variable.err());
  }

  @Test
  void inputCasesTakeAndGiveStatesByName() throws Exception {
    Path cases = Files.writeString(dir.resolve("cases.txt"), "Grade=A\nGrade=C\n");
    Result r = run("run", student(), "--input", cases.toString());
    assertEquals(0, r.code(), r.err());
    List<String> lines = r.out().lines().filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
    assertTrue(lines.get(0).contains("Grade=A") && lines.get(1).contains("Grade=C"), r.out());
    assertTrue(lines.get(1).matches(".*Difficulty=(easy|hard).*"), r.out());
  }

  @Test
  void uaiVariablesAreScalarsNamedByTheirNumbers() throws Exception {
    // cardinalities 2 2 3: before, x0[0] x0[1] x2, and x1 was no variable
    String uai = "MARKOV\n3\n2 2 3\n2\n2 0 1\n2 1 2\n4\n1 2 3 4\n6\n1 1 1 2 2 2\n";
    Path file = Files.writeString(dir.resolve("m.uai"), uai);
    Result r = run("run", file.toString(), "--marginals", "--observe", "x1=1");
    assertEquals(0, r.code(), r.err());
    List<String> lines = r.out().lines().toList();
    // P(x0 | x1 = 1) is proportional to (2, 4)
    assertEquals("x0 0:0.3333 1:0.6667", lines.get(1));
    assertEquals("x2 0:0.3333 1:0.3333 2:0.3333", lines.get(2));
  }
}
