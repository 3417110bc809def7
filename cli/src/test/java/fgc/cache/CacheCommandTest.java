package fgc.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@code fgc cache verify --repair} and {@code fgc cache clear} say and return. */
class CacheCommandTest {
  @TempDir Path dir;

  private String out;
  private String err;

  private int run(String... args) {
    PrintStream savedOut = System.out;
    PrintStream savedErr = System.err;
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
      return Main.run(args);
    } finally {
      System.setOut(savedOut);
      System.setErr(savedErr);
      out = o.toString(StandardCharsets.UTF_8);
      err = e.toString(StandardCharsets.UTF_8);
    }
  }

  @Test
  void repairSaysWhatItLeftInPlaceAndWhyAndClearMakesTheModelCacheableAgain() throws Exception {
    Path root = dir.resolve("cache");
    SolverCache cache = new SolverCache(root, s -> {});
    String unsafe = cache.load(CacheFixtures.SUDOKU4, CacheFixtures.BP).key();
    String corrupt = cache.load(CacheFixtures.SUDOKU9, CacheFixtures.BP).key();
    Path material = cache.entryFolder(unsafe).resolve(SolverCache.MATERIAL);
    Files.delete(material);
    Files.createSymbolicLink(material, dir.resolve("elsewhere.txt"));
    Files.writeString(cache.entryFolder(corrupt).resolve(Manifest.FILE_NAME), "damaged\n");

    assertEquals(1, run("cache", "verify", "--repair", "--cache-dir", root.toString()));
    assertTrue(out.contains("BAD  " + unsafe) && out.contains("unsafe, left in place"), out);
    assertTrue(err.contains("2 bad (1 quarantined, 1 unsafe, left in place)"), err);
    assertTrue(Files.isSymbolicLink(material));

    assertEquals(0, run("cache", "clear", "--cache-dir", root.toString()));
    assertTrue(err.contains("removed 1 entries and 1 temporary or quarantined items"), err);
    assertFalse(Files.exists(cache.entryFolder(unsafe)));
    assertEquals(
        LoadedSolver.Origin.COMPILED, cache.load(CacheFixtures.SUDOKU4, CacheFixtures.BP).origin());
  }

  @Test
  void clearRefusesAFolderFgcDidNotMakeWithExitOne() throws Exception {
    Path d = dir.resolve("D");
    Files.createDirectories(d.resolve("tmp/work"));
    Files.createDirectories(d.resolve("entries"));
    Files.writeString(d.resolve("tmp/work/thesis.tex"), "x\n");
    Files.writeString(d.resolve("entries/notes.txt"), "y\n");
    assertEquals(1, run("cache", "clear", "--cache-dir", d.toString()));
    assertTrue(err.contains("not clearing") && err.contains("nothing was removed"), err);
    assertFalse(err.contains("removed 1 entries"), err);
    assertEquals("x\n", Files.readString(d.resolve("tmp/work/thesis.tex")));
    assertEquals("y\n", Files.readString(d.resolve("entries/notes.txt")));
  }

  @Test
  void clearCountsTheFilesItRemovedFromAnEntryItKept() throws Exception {
    Path root = dir.resolve("cache");
    SolverCache cache = new SolverCache(root, s -> {});
    String key = cache.load(CacheFixtures.SUDOKU4, CacheFixtures.BP).key();
    Path entry = cache.entryFolder(key);
    int files;
    try (var list = Files.list(entry)) {
      files = (int) list.count();
    }
    Files.writeString(entry.resolve("notes.txt"), "mine\n");
    assertEquals(0, run("cache", "clear", "--cache-dir", root.toString()));
    try (var list = Files.list(entry)) {
      assertEquals(List.of(entry.resolve("notes.txt")), list.toList());
    }
    assertTrue(
        err.contains(
            "kept entries/" + key + ": removed " + files + " of fgc's files, kept notes.txt"),
        err);
    assertTrue(
        err.contains("removed 0 entries, and " + files + " of fgc's files from items kept"), err);
  }
}
