package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cache list} tells apart the entries of one model compiled with different params. */
class CacheListTest {
  @TempDir
  Path dir;

  @Test
  void entriesOfOneModelShowTheirVariablesAndFactors() {
    String cache = dir.resolve("c").toString();
    assertEquals(0, CliRun.of("compile", "sudoku", "--param", "n=2", "--cache-dir", cache).exitCode);
    assertEquals(0, CliRun.of("compile", "sudoku", "--param", "n=3", "--cache-dir", cache).exitCode);
    CliRun list = CliRun.of("cache", "list", "--cache-dir", cache);
    assertEquals(0, list.exitCode, list.toString());
    List<String> lines = Arrays.stream(list.out.split("\n")).filter(l -> !l.isBlank()).collect(Collectors.toList());
    assertEquals(2, lines.size(), list.toString());
    String all = String.join("\n", lines);
    assertTrue(all.contains("sudoku") && all.contains("maxproduct damping=0.9"), all);
    assertTrue(lines.stream().anyMatch(l -> l.endsWith("cell[4][4] in 1..4; 12 alldiff")), all);
    assertTrue(lines.stream().anyMatch(l -> l.endsWith("cell[9][9] in 1..9; 27 alldiff")), all);
  }
}
