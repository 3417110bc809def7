package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fgc run MODEL --marginals --input FILE}: one block of marginals per case, each a single
 * run's lines.
 */
class RunMarginalsInputTest {
  @TempDir Path dir;

  private String cache() {
    return dir.resolve("cache").toString();
  }

  private static List<String> with(List<String> args, String... more) {
    List<String> all = new ArrayList<>(args);
    all.addAll(List.of(more));
    return all;
  }

  private CliRun run(List<String> args) {
    return CliRun.of(with(args, "--cache-dir", cache()).toArray(new String[0]));
  }

  /**
   * What the batch should print for {@code lines} (assignments, comments, blanks), made of single
   * runs of {@code command} with each case's values as --observe: a header, then that run's
   * standard output. Also checks each impossible case's reason is the single run's, at its line.
   */
  private String expected(List<String> command, List<String> lines, CliRun batch, String file) {
    StringBuilder out = new StringBuilder();
    int number = 0;
    for (int k = 0; k < lines.size(); k++) {
      String line = lines.get(k);
      String content = line.contains("#") ? line.substring(0, line.indexOf('#')) : line;
      if (content.isBlank()) {
        out.append(line).append('\n');
        continue;
      }
      out.append("# case ")
          .append(++number)
          .append(" (line ")
          .append(k + 1)
          .append("): ")
          .append(line.strip())
          .append('\n');
      List<String> single = new ArrayList<>(command);
      for (String token : content.strip().split(" +")) {
        single.addAll(List.of("--observe", token));
      }
      CliRun one = run(single);
      out.append(one.out);
      if (one.exitCode != 0) {
        assertEquals(1, one.exitCode, one::toString);
        assertTrue(one.err.startsWith("fgc: no marginals: "), one::toString);
        String reason = one.err.strip().substring("fgc: ".length());
        assertTrue(
            batch.err.contains("fgc: " + file + ":" + (k + 1) + ": " + reason + "\n"),
            reason + "\n" + batch);
      }
    }
    return out.toString();
  }

  @Test
  void eachBlockIsTheSingleRunOfItsCaseExactAndByBp() throws Exception {
    // sprinkler=0 rain=0 leaves wet no chance of 1: that case has no marginals and the batch goes
    // on.
    List<String> lines =
        List.of(
            "# sprinkler cases",
            "wet=1",
            "",
            "wet=1 cloudy=0  # a comment",
            "sprinkler=0 rain=0 wet=1",
            "rain=1",
            "cloudy=1 sprinkler=1 rain=0 wet=0",
            "sprinkler=0 rain=0");
    Path input = Files.write(dir.resolve("cases.txt"), lines);
    for (List<String> command :
        List.of(
            List.of("run", "sprinkler", "--marginals"),
            List.of(
                "run", "sprinkler", "--marginals", "--algorithm", "sumproduct", "--sweeps", "7"))) {
      CliRun batch = run(with(command, "--input", input.toString()));
      assertEquals(
          expected(command, lines, batch, input.toString()), batch.out, command + "\n" + batch);
      assertEquals(1, batch.exitCode, batch::toString);
      assertTrue(
          batch.err.contains("answered 5 of 6") && batch.err.contains("no marginals: 1 of 6"),
          batch::toString);
    }
  }

  @Test
  void casesGoOnTopOfTheDataFileAndObserve() throws Exception {
    Path data = Files.writeString(dir.resolve("u.fgd"), "seen = [1 1 0 _ _ 1];\n");
    List<String> command =
        List.of("run", "chain", "--data", data.toString(), "--observe", "seen[4]=1", "--marginals");
    List<String> lines = List.of("seen[3]=0", "seen[3]=1");
    Path input = Files.write(dir.resolve("cases.txt"), lines);
    CliRun batch = run(with(command, "--input", input.toString()));
    assertEquals(0, batch.exitCode, batch::toString);
    assertEquals(expected(command, lines, batch, input.toString()), batch.out, batch::toString);
    // Each case's own value counts: observed, seen[3] has no line, and the two blocks differ.
    assertFalse(batch.out.contains("\nseen["), batch::toString);
    String[] blocks = batch.out.split("# case \\d+ \\(line \\d+\\): seen\\[3\\]=\\d\n");
    assertEquals(3, blocks.length, batch::toString);
    assertFalse(blocks[1].equals(blocks[2]), batch::toString);
  }

  @Test
  void twoThreadsKeepTheInputOrder() throws Exception {
    List<String> lines = new ArrayList<>();
    String[] names = {"cloudy", "sprinkler", "rain", "wet"};
    java.util.Random random = new java.util.Random(11);
    for (int k = 0; k < 300; k++) {
      StringBuilder line = new StringBuilder();
      for (String name : names) {
        if (random.nextInt(3) == 0) {
          line.append(line.length() > 0 ? " " : "")
              .append(name)
              .append('=')
              .append(random.nextInt(2));
        }
      }
      lines.add(line.length() > 0 ? line.toString() : "# none given");
    }
    Path input = Files.write(dir.resolve("cases.txt"), lines);
    List<String> command = List.of("run", "sprinkler", "--marginals", "--input", input.toString());
    CliRun one = run(command);
    CliRun two = run(with(command, "--threads", "2"));
    assertEquals(one.out, two.out, "two threads answer as one does, block for block");
    assertEquals(one.exitCode, two.exitCode, two::toString);
    List<String> headers = two.out.lines().filter(l -> l.startsWith("# case ")).toList();
    int cases = (int) lines.stream().filter(l -> !l.startsWith("#")).count();
    assertEquals(cases, headers.size(), two::toString);
    int number = 0;
    for (int k = 0; k < lines.size(); k++) {
      if (!lines.get(k).startsWith("#")) {
        assertEquals(MarginalsBatch.header(++number, k + 1, lines.get(k)), headers.get(number - 1));
      }
    }
    // Blocks far apart in the input are the single runs of their cases.
    List<String> out = two.out.lines().toList();
    for (int k : new int[] {0, 1, 150, 298, 299}) {
      if (lines.get(k).startsWith("#")) {
        continue;
      }
      int at = out.indexOf(MarginalsBatch.header(number(lines, k), k + 1, lines.get(k)));
      List<String> single = new ArrayList<>(List.of("run", "sprinkler", "--marginals"));
      for (String token : lines.get(k).split(" ")) {
        single.addAll(List.of("--observe", token));
      }
      List<String> expected = run(single).out.lines().toList();
      assertEquals(expected, out.subList(at + 1, at + 1 + expected.size()), "line " + (k + 1));
      assertTrue(
          at + 1 + expected.size() == out.size()
              || out.get(at + 1 + expected.size()).startsWith("#"),
          "line " + (k + 1));
    }
  }

  /** The case number of line {@code k} (0-based): how many lines up to it are not comments. */
  private static int number(List<String> lines, int k) {
    return (int) lines.subList(0, k + 1).stream().filter(l -> !l.startsWith("#")).count();
  }

  @Test
  void aBadLineIsReportedAtItsLineAndColumnAndTheRestAnswered() throws Exception {
    List<String> lines = List.of("wet=1", "wet=2", "cloudy=1 rain", "nowhere=0", "rain=1");
    Path input = Files.write(dir.resolve("cases.txt"), lines);
    CliRun batch = run(List.of("run", "sprinkler", "--marginals", "--input", input.toString()));
    assertEquals(2, batch.exitCode, batch::toString);
    assertTrue(
        batch.err.contains("fgc: " + input + ":2:5: wet = 2 is outside its domain 0..1"),
        batch::toString);
    assertTrue(batch.err.contains("fgc: " + input + ":3:14: expected '[' or '='"), batch::toString);
    assertTrue(
        batch.err.contains(
            "fgc: " + input + ":4:1: model sprinkler has no variable array 'nowhere'"),
        batch::toString);
    assertTrue(
        batch.err.contains("answered 2 of 2") && batch.err.contains("3 input errors"),
        batch::toString);
    List<String> out = batch.out.lines().toList();
    // A bad line has its header alone; the good ones their marginals.
    assertEquals("# case 2 (line 2): wet=2", out.get(5));
    assertEquals("# case 3 (line 3): cloudy=1 rain", out.get(6));
    assertEquals("# case 4 (line 4): nowhere=0", out.get(7));
    assertEquals("# case 5 (line 5): rain=1", out.get(8));
    assertEquals("method: exact (elimination)", out.get(9));
    assertEquals(13, out.size(), batch::toString);
  }

  @Test
  void csvCasesAreAnsweredAsTheirAssignmentsAre() throws Exception {
    Path csv =
        Files.write(
            dir.resolve("cases.csv"), List.of("# sprinkler", "rain, wet", "1,1", "_,0", ",", "0,"));
    Path text =
        Files.write(
            dir.resolve("cases.txt"),
            List.of("# sprinkler", "rain=1 wet=1", "wet=0", "", "rain=0"));
    CliRun fromCsv = run(List.of("run", "sprinkler", "--marginals", "--input", csv.toString()));
    CliRun fromText = run(List.of("run", "sprinkler", "--marginals", "--input", text.toString()));
    assertEquals(0, fromCsv.exitCode, fromCsv::toString);
    List<String> out = fromCsv.out.lines().toList();
    assertEquals("# sprinkler", out.get(0));
    assertEquals("rain, wet", out.get(1), "the header is echoed as it came");
    assertEquals("# case 1 (line 3): 1,1", out.get(2));
    assertEquals(
        "# case 3 (line 5): ,", out.get(8 + 3), "a row of no values is a case with none given");
    // Block for block the same marginals as the same cases written as assignments.
    List<String> csvBody =
        fromCsv.out.lines().filter(l -> !l.startsWith("#") && !l.equals("rain, wet")).toList();
    CliRun none = run(List.of("run", "sprinkler", "--marginals"));
    List<String> textBody = new ArrayList<>();
    List<String> textOut =
        fromText.out.lines().filter(l -> !l.startsWith("#") && !l.isEmpty()).toList();
    textBody.addAll(textOut.subList(0, 3 + 4)); // rain=1 wet=1: two free variables; wet=0: three
    textBody.addAll(none.out.lines().toList());
    textBody.addAll(textOut.subList(7, textOut.size()));
    assertEquals(textBody, csvBody, fromCsv::toString);
  }

  @Test
  void exitCodesFollowTheSingleRunsSummedOverCases() throws Exception {
    List<String> base = List.of("run", "sprinkler", "--marginals", "--input");
    CliRun good =
        run(
            with(
                base, Files.write(dir.resolve("good.txt"), List.of("wet=1", "rain=0")).toString()));
    assertEquals(0, good.exitCode, good::toString);
    assertTrue(
        good.err.contains("answered 2 of 2 in ") && !good.err.contains("fgc: "), good::toString);
    CliRun impossible =
        run(
            with(
                base,
                Files.write(dir.resolve("none.txt"), List.of("sprinkler=0 rain=0 wet=1"))
                    .toString()));
    assertEquals(1, impossible.exitCode, impossible::toString);
    assertTrue(
        impossible.err.contains("none.txt:1: no marginals: the evidence contradicts the model"),
        impossible::toString);
    assertEquals(
        "# case 1 (line 1): sprinkler=0 rain=0 wet=1\n",
        impossible.out,
        "a case with no marginals has its header alone");
    CliRun empty =
        run(with(base, Files.write(dir.resolve("empty.txt"), List.of("# nothing", "")).toString()));
    assertEquals(2, empty.exitCode, empty::toString);
    assertTrue(empty.err.contains("empty.txt holds no cases"), empty::toString);
  }

  @Test
  void theDriverStaysRefusedWithMarginalsAndATaskWithInputStillTakesOnlyUai() throws Exception {
    Path input = Files.write(dir.resolve("cases.txt"), List.of("wet=1"));
    CliRun driver =
        run(
            List.of(
                "run",
                "sprinkler",
                "--marginals",
                "--driver",
                "exact",
                "--input",
                input.toString()));
    assertEquals(2, driver.exitCode, driver::toString);
    assertTrue(driver.err.contains("--driver is for solutions"), driver::toString);
    assertEquals("", driver.out);
    CliRun task = run(List.of("run", "sprinkler", "--task", "MAR", "--input", input.toString()));
    assertEquals(2, task.exitCode, task::toString);
    assertTrue(task.err.contains("take a UAI model (a .uai file), not sprinkler"), task::toString);
  }
}
