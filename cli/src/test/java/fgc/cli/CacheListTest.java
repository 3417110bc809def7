package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cache list} tells apart the entries of one model compiled with different params; one model
 * saved under two names is one entry.
 */
class CacheListTest {
  @TempDir Path dir;

  @Test
  void entriesOfOneModelShowTheirVariablesAndFactors() {
    String cache = dir.resolve("c").toString();
    assertEquals(
        0, CliRun.of("compile", "sudoku", "--param", "n=2", "--cache-dir", cache).exitCode);
    assertEquals(
        0, CliRun.of("compile", "sudoku", "--param", "n=3", "--cache-dir", cache).exitCode);
    CliRun list = CliRun.of("cache", "list", "--cache-dir", cache);
    assertEquals(0, list.exitCode, list.toString());
    List<String> lines =
        Arrays.stream(list.out.split("\n")).filter(l -> !l.isBlank()).collect(Collectors.toList());
    assertEquals(2, lines.size(), list.toString());
    String all = String.join("\n", lines);
    assertTrue(all.contains("sudoku") && all.contains("maxproduct damping=0.9"), all);
    assertTrue(lines.stream().anyMatch(l -> l.endsWith("cell[4][4] in 1..4; 12 alldiff")), all);
    assertTrue(lines.stream().anyMatch(l -> l.endsWith("cell[9][9] in 1..9; 27 alldiff")), all);
  }

  @Test
  void theSameModelUnderAnotherNameIsAHitAndADifferentOneAMiss() throws Exception {
    String cache = dir.resolve("c").toString();
    String body = "var x[3] in 1..3;\nobserve x;\nalldiff(x[0], x[1], x[2]);\n";
    Path first = Files.writeString(dir.resolve("first.fg"), "model first;\n" + body);
    Path second = Files.writeString(dir.resolve("second.fg"), "model second;\n" + body);
    Path other =
        Files.writeString(dir.resolve("other.fg"), "model other;\n" + body.replace("1..3", "1..4"));
    CliRun miss = CliRun.of("compile", first.toString(), "--cache-dir", cache);
    assertTrue(
        miss.exitCode == 0 && miss.out.contains("cache     miss (compiled)"), miss.toString());
    CliRun hit = CliRun.of("compile", second.toString(), "--cache-dir", cache);
    assertTrue(hit.exitCode == 0 && hit.out.contains("cache     hit"), hit.toString());
    assertTrue(
        hit.out.contains("model     second ("), "the model is named as the user named it: " + hit);
    assertEquals(key(miss), key(hit));
    CliRun different = CliRun.of("compile", other.toString(), "--cache-dir", cache);
    assertTrue(
        different.exitCode == 0 && different.out.contains("cache     miss (compiled)"),
        different.toString());
    CliRun list = CliRun.of("cache", "list", "--cache-dir", cache);
    // One entry per model, listed under the name that compiled it first.
    assertEquals(2, list.out.lines().filter(l -> !l.isBlank()).count(), list.toString());
    assertTrue(list.out.contains(" first ") && !list.out.contains(" second "), list.toString());
    CliRun verify = CliRun.of("cache", "verify", "--cache-dir", cache);
    assertEquals(0, verify.exitCode, verify.toString());
  }

  private static String key(CliRun run) {
    return run.out.lines().filter(l -> l.startsWith("key ")).findFirst().orElseThrow();
  }
}
