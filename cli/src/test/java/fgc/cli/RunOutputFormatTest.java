package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fgc run} prints one format with and without {@code --input}: the output of each path, read
 * back by one parser ({@link RunOutput}), gives the same answers.
 */
class RunOutputFormatTest {
  @TempDir Path dir;

  private CliRun run(String... args) {
    String[] all = java.util.Arrays.copyOf(args, args.length + 2);
    all[args.length] = "--cache-dir";
    all[args.length + 1] = dir.resolve("cache").toString();
    return CliRun.of(all);
  }

  private String cases(String... lines) throws Exception {
    Path file = dir.resolve("cases.txt");
    Files.writeString(file, String.join("\n", lines) + "\n");
    return file.toString();
  }

  @Test
  void aSolutionReadsBackTheSameFromOneRunAndFromACase() throws Exception {
    CliRun one =
        run("run", "australia", "--driver", "exact", "--observe", "wa=1", "--observe", "nt=2");
    CliRun batch =
        run(
            "run",
            "australia",
            "--driver",
            "exact",
            "--input",
            cases("# two", "wa=1 nt=2", "wa=1 nt=2 q=3"));
    assertEquals(0, one.exitCode, one.toString());
    // The second case has no answer: its line comes back as a comment, which the parser skips.
    assertEquals(1, batch.exitCode, batch.toString());
    assertTrue(batch.out.endsWith("\n# no answer: wa=1 nt=2 q=3\n"), batch.out);
    List<RunOutput.Case> single = RunOutput.parse(one.out);
    List<RunOutput.Case> each = RunOutput.parse(batch.out);
    assertEquals(1, single.size(), one.out);
    assertEquals(1, each.size(), batch.out);
    Map<String, String> answer = single.get(0).assignment();
    assertEquals(List.of("wa", "nt", "sa", "q", "nsw", "v", "t"), List.copyOf(answer.keySet()));
    assertEquals("1", answer.get("wa"));
    assertEquals("2", answer.get("nt"));
    assertEquals(answer, each.get(0).assignment());
  }

  @Test
  void aWeightedAnswerHasItsMethodLineThenTheSameAssignmentLine() throws Exception {
    CliRun one = run("run", "sprinkler", "--observe", "wet=1");
    assertEquals(0, one.exitCode, one.toString());
    List<RunOutput.Case> single = RunOutput.parse(one.out);
    assertEquals(1, single.size(), one.out);
    assertTrue(single.get(0).method().startsWith("most probable assignment by elimination"));
    assertEquals(
        Map.of("cloudy", "1", "sprinkler", "0", "rain", "1", "wet", "1"),
        single.get(0).assignment());
    CliRun batch = run("run", "sprinkler", "--driver", "exact", "--input", cases("wet=1"));
    assertEquals(0, batch.exitCode, batch.toString());
    assertEquals(single.get(0).assignment(), RunOutput.parse(batch.out).get(0).assignment());
  }

  @Test
  void marginalsReadBackTheSameFromOneRunAndFromACase() throws Exception {
    CliRun one = run("run", "sprinkler", "--marginals", "--observe", "wet=1");
    CliRun batch =
        run("run", "sprinkler", "--marginals", "--input", cases("wet=1", "", "rain=0 wet=1"));
    assertEquals(0, one.exitCode, one.toString());
    assertEquals(0, batch.exitCode, batch.toString());
    RunOutput.Case single = RunOutput.parse(one.out).get(0);
    List<RunOutput.Case> each = RunOutput.parse(batch.out);
    assertEquals(2, each.size(), batch.out);
    assertNull(single.header());
    assertEquals("# case 1 (line 1): wet=1", each.get(0).header());
    assertEquals("# case 2 (line 3): rain=0 wet=1", each.get(1).header());
    assertEquals("exact (elimination)", single.method());
    assertEquals(single, withoutHeader(each.get(0)));
    assertEquals(0.7079, single.marginals().get("rain").get("1"), 1e-12);
    // An observed variable has no line; each free one's probabilities, read back, sum to 1.
    assertEquals(List.of("cloudy", "sprinkler"), List.copyOf(each.get(1).marginals().keySet()));
    for (Map<String, Double> p : each.get(1).marginals().values()) {
      assertEquals(1.0, p.values().stream().mapToDouble(Double::doubleValue).sum(), 1e-4);
    }
  }

  private static RunOutput.Case withoutHeader(RunOutput.Case c) {
    return new RunOutput.Case(null, c.method(), c.assignment(), c.marginals());
  }
}
