package fgc.cache;

import static fgc.cache.CacheFixtures.BP;
import static fgc.cache.CacheFixtures.SUDOKU4;
import static fgc.cache.CacheFixtures.SUDOKU9;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What fgc writes, clears and keeps in a cache folder: only its own items, told by its marker,
 * names and contents; never a file it did not make; nothing it would refuse to read; no leftovers
 * of crashed writers; a bounded quarantine; and a quarantine that removes only what it moved.
 */
class CacheFoldersTest {
  @TempDir Path dir;

  private final List<String> notices = new ArrayList<>();

  private SolverCache cache(Path root) {
    return new SolverCache(root, notices::add);
  }

  /** The reproduction: a folder of the user's with tmp/ and entries/ in it. */
  private Path usersFolder() throws IOException {
    Path d = dir.resolve("D");
    Files.createDirectories(d.resolve("tmp/work"));
    Files.createDirectories(d.resolve("entries"));
    Files.writeString(d.resolve("tmp/work/thesis.tex"), "x\n");
    Files.writeString(d.resolve("entries/notes.txt"), "y\n");
    return d;
  }

  @Test
  void clearRefusesAFolderFgcDidNotMakeAndRemovesNothing() throws IOException {
    Path d = usersFolder();
    ClearReport report = cache(d).clear();
    assertTrue(
        report.refusal() != null && report.refusal().contains("fgc did not make"),
        String.valueOf(report.refusal()));
    assertEquals(0, report.entries());
    assertEquals("x\n", Files.readString(d.resolve("tmp/work/thesis.tex")));
    assertEquals("y\n", Files.readString(d.resolve("entries/notes.txt")));
  }

  @Test
  void nothingIsWrittenIntoAFolderFgcDidNotMake() throws IOException {
    Path d = usersFolder();
    SolverCache cache = cache(d);
    LoadedSolver loaded = cache.load(SUDOKU4, BP);
    assertEquals(LoadedSolver.Origin.IN_MEMORY, loaded.origin());
    assertEquals(LoadedSolver.Origin.IN_MEMORY, cache.load(SUDOKU9, BP).origin());
    assertEquals(1, notices.size(), notices.toString());
    assertTrue(
        notices.get(0).contains("not writing into " + d) && notices.get(0).contains("tmp/work"),
        notices.get(0));
    try (Stream<Path> all = Files.walk(d)) {
      assertEquals(
          List.of("D", "entries", "notes.txt", "thesis.tex", "tmp", "work"),
          all.map(p -> p.getFileName().toString()).sorted().toList(),
          "the folder is as the user left it");
    }
  }

  @Test
  void inACacheFgcMadeClearRemovesItsOwnItemsAndKeepsAndReportsTheRest() throws IOException {
    Path root = dir.resolve("cache");
    SolverCache cache = cache(root);
    String key = cache.load(SUDOKU4, BP).key();
    assertTrue(Files.isRegularFile(root.resolve(CacheFolders.MARKER)), "a new cache is marked");
    Files.createDirectories(root.resolve("tmp/work"));
    Files.writeString(root.resolve("tmp/work/thesis.tex"), "x\n");
    Files.writeString(root.resolve("entries/notes.txt"), "y\n");
    Path stray = cache.entryFolder(key).resolve("README");
    Files.writeString(stray, "mine\n");
    Path other = cache.entryFolder(cache.load(SUDOKU9, BP).key());

    ClearReport report = cache.clear();
    assertNull(report.refusal());
    assertEquals(1, report.entries(), "the 9x9 entry; the 4x4 one holds a file fgc did not write");
    assertFalse(Files.exists(other));
    assertEquals("x\n", Files.readString(root.resolve("tmp/work/thesis.tex")));
    assertEquals("y\n", Files.readString(root.resolve("entries/notes.txt")));
    assertEquals("mine\n", Files.readString(stray));
    String kept = String.join("\n", report.keptItems());
    assertTrue(
        kept.contains("tmp/work") && kept.contains("entries/notes.txt") && kept.contains("README"),
        kept);
    assertTrue(Files.isRegularFile(root.resolve(CacheFolders.MARKER)), "the cache stays fgc's");
  }

  @Test
  void aCacheAnEarlierFgcMadeWithoutAMarkerIsAdoptedAndCleared() throws IOException {
    Path root = dir.resolve("cache");
    cache(root).load(SUDOKU4, BP);
    Files.delete(root.resolve(CacheFolders.MARKER)); // as the code before the marker left it
    Files.createDirectories(root.resolve("quarantine/" + "a".repeat(64) + ".1700000000000.42"));
    assertEquals(
        LoadedSolver.Origin.COMPILED, cache(root).load(SUDOKU9, BP).origin(), notices.toString());
    assertTrue(CacheFolders.marked(root));
    Files.delete(root.resolve(CacheFolders.MARKER));
    ClearReport report = cache(root).clear();
    assertNull(report.refusal());
    assertEquals(2, report.entries());
    assertEquals(1, report.others());
    assertTrue(report.keptItems().isEmpty(), report.keptItems().toString());
  }

  @Test
  void anEntryTooLargeToReadBackIsCompiledInMemoryWithOneWarningAndNeverStoredOrQuarantined()
      throws IOException {
    Path root = dir.resolve("cache");
    // The limit lowered below the 4x4 class's size stands for the 83 MB class of a large model.
    SolverCache small =
        new SolverCache(
            root, notices::add, CacheSafety.forCurrentUser(), null, new PlannerChecks(), 4096);
    for (int run = 0; run < 3; run++) {
      LoadedSolver loaded = small.load(SUDOKU4, BP);
      assertEquals(LoadedSolver.Origin.IN_MEMORY, loaded.origin());
      assertNull(loaded.rejectedAt());
      assertEquals(
          CacheFixtures.answers(cache(dir.resolve("clean")).load(SUDOKU4, BP)),
          CacheFixtures.answers(loaded));
    }
    assertEquals(1, notices.size(), notices.toString());
    assertTrue(
        notices.get(0).contains("too large to cache")
            && notices.get(0).contains("compiled in memory"),
        notices.get(0));
    assertFalse(notices.get(0).contains("failed its check"), notices.get(0));
    assertEquals(0, CacheFixtures.count(root.resolve("entries")));
    assertEquals(0, CacheFixtures.count(root.resolve("quarantine")));
  }

  @Test
  void keyMaterialLargerThanTheOtherFilesIsStoredAndReadBack() throws IOException {
    // Two thousand variables, each an array of its own with a long name: the canonical text (the
    // key
    // material) has a line per array, naming it, where the class and source carry no names. (A
    // grid's couplings, one formula and a line per row, no longer make large material.)
    fgc.model.ModelBuilder b = fgc.model.Model.builder("named");
    int n = 2000;
    for (int i = 0; i < n; i++) {
      b.variables(
          String.format(
              java.util.Locale.ROOT, "a_variable_named_as_long_as_a_model_may_name_it_%05d", i),
          fgc.model.Domain.range(0, 2));
    }
    for (int i = 0; i + 1 < n; i++) {
      b.neq(i, i + 1);
    }
    fgc.model.Model named = b.build();
    fgc.compilation.AlgorithmSpec pairwise = fgc.compilation.AlgorithmSpec.named("bp-pairwise");
    Path clean = dir.resolve("clean");
    cache(clean).load(named, pairwise);
    long material = 0;
    long largestOther = 0;
    try (Stream<Path> files = Files.walk(clean.resolve("entries"))) {
      for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
        if (f.getFileName().toString().equals(SolverCache.MATERIAL)) {
          material = Files.size(f);
        } else {
          largestOther = Math.max(largestOther, Files.size(f));
        }
      }
    }
    // A per-file limit that every other file fits and the material passes, within the material's
    // factor (the class and source, whose tables are packed, are some 40 times smaller than it).
    long limit =
        Math.max(
            largestOther + 1,
            (material + SolverCache.MATERIAL_FILE_FACTOR - 1) / SolverCache.MATERIAL_FILE_FACTOR);
    assertTrue(
        material > limit && material <= limit * SolverCache.MATERIAL_FILE_FACTOR,
        material + " bytes of key material, limit " + limit);
    Path root = dir.resolve("cache");
    SolverCache small =
        new SolverCache(
            root, notices::add, CacheSafety.forCurrentUser(), null, new PlannerChecks(), limit);
    assertEquals(LoadedSolver.Origin.COMPILED, small.load(named, pairwise).origin());
    LoadedSolver again =
        new SolverCache(
                root, notices::add, CacheSafety.forCurrentUser(), null, new PlannerChecks(), limit)
            .load(named, pairwise);
    assertTrue(again.hit(), again.origin().toString());
    assertTrue(notices.isEmpty(), notices.toString());
  }

  @Test
  void temporaryFoldersACrashedWriterLeftAreRemovedOnALaterWrite() throws IOException {
    Path root = dir.resolve("cache");
    cache(root).load(SUDOKU4, BP);
    Path tmp = root.resolve("tmp");
    long deadPid = deadPid();
    Path crashed = stale(tmp.resolve("0123456789ab." + deadPid + ".123456"), 60);
    Path old =
        stale(tmp.resolve("0123456789ab.987654321"), 60); // named as fgc did before it put a pid in
    Path ancient =
        stale(tmp.resolve("0123456789ab." + ProcessHandle.current().pid() + ".5"), 48 * 60);
    Path live = stale(tmp.resolve("0123456789ab." + ProcessHandle.current().pid() + ".7"), 60);
    Path fresh = stale(tmp.resolve("0123456789ab." + deadPid + ".9"), 1);
    Path foreign = stale(tmp.resolve("work"), 60);
    cache(root).load(SUDOKU9, BP); // a write
    assertFalse(Files.exists(crashed));
    assertFalse(Files.exists(old));
    assertFalse(Files.exists(ancient), "past a day a folder is stale whatever runs under its pid");
    assertTrue(Files.exists(live), "a live writer's");
    assertTrue(Files.exists(fresh), "too young to judge");
    assertTrue(Files.exists(foreign.resolve(SolverCache.MATERIAL)), "not fgc's");
  }

  /** A temporary folder holding one entry file, last changed {@code minutes} ago. */
  private static Path stale(Path folder, long minutes) throws IOException {
    Files.createDirectories(folder);
    Files.writeString(folder.resolve(SolverCache.MATERIAL), "half written\n");
    Files.setLastModifiedTime(
        folder, FileTime.fromMillis(System.currentTimeMillis() - minutes * 60_000));
    return folder;
  }

  private static long deadPid() {
    for (long pid = 4_000_000; pid > 1000; pid -= 7919) {
      if (ProcessHandle.of(pid).isEmpty()) {
        return pid;
      }
    }
    throw new IllegalStateException("no free pid");
  }

  @Test
  void quarantineKeepsOnlyTheNewestEntriesAndNothingItDidNotMake() throws IOException {
    Path root = dir.resolve("cache");
    SolverCache cache = cache(root);
    String key = cache.load(SUDOKU4, BP).key();
    Path q = root.resolve("quarantine");
    for (int i = 0; i < 12; i++) {
      Path item = q.resolve("b".repeat(64) + "." + (1_700_000_000_000L + i) + ".42");
      Files.createDirectories(item);
      Files.writeString(item.resolve(Manifest.FILE_NAME), "old " + i + "\n");
    }
    Files.createDirectories(q.resolve("notes"));
    Path manifest = cache.entryFolder(key).resolve(Manifest.FILE_NAME);
    Files.writeString(manifest, "damaged\n");
    assertEquals(LoadedSolver.Origin.RECOVERED, cache.load(SUDOKU4, BP).origin());
    List<String> left;
    try (Stream<Path> s = Files.list(q)) {
      left = s.map(p -> p.getFileName().toString()).sorted().toList();
    }
    assertEquals(CacheFolders.QUARANTINE_MAX_ITEMS + 1, left.size(), left.toString());
    assertTrue(left.contains("notes"), "not fgc's: kept");
    assertTrue(
        left.stream().anyMatch(n -> n.startsWith(key)), "the entry just moved there is kept");
    for (int i = 0; i < 5; i++) {
      assertFalse(
          left.contains("b".repeat(64) + "." + (1_700_000_000_000L + i) + ".42"),
          "the oldest went first: " + i);
    }
  }

  @Test
  void aQuarantineThatCannotMoveTheEntryDeletesNothingAndOneThatFindsItReplacedPutsItBack()
      throws IOException {
    Path root = dir.resolve("cache");
    SolverCache cache = cache(root);
    String key = cache.load(SUDOKU4, BP).key();
    Path entry = cache.entryFolder(key);
    byte[] good = Files.readAllBytes(entry.resolve(Manifest.FILE_NAME));
    EntryWriter writer =
        new EntryWriter(
            root,
            root.resolve("entries"),
            null,
            CacheSafety.forCurrentUser(),
            SolverCache.MAX_FILE_BYTES);

    // Judged on a damaged manifest, but another process has since put a fresh entry in its place.
    String done =
        writer.quarantine(entry, "damaged\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    assertTrue(done.contains("replaced by another process"), done);
    assertTrue(Files.exists(entry.resolve(Manifest.FILE_NAME)), "the fresh entry is in place");
    assertEquals(LoadedSolver.Origin.CACHE_HIT, cache.load(SUDOKU4, BP).origin());

    // Gone already: another process moved it aside first. Nothing else is touched.
    Path elsewhere = dir.resolve("moved");
    Files.move(entry, elsewhere);
    done = writer.quarantine(entry, good);
    assertTrue(done.contains("already moved aside by another process"), done);
    Files.move(elsewhere, entry);

    // Quarantine cannot be made: the entry is left in place, never deleted.
    EntryWriter.deleteRecursively(root.resolve("quarantine"));
    Files.writeString(root.resolve("quarantine"), "in the way\n");
    done = writer.quarantine(entry, good);
    assertTrue(done.startsWith("left in place"), done);
    assertTrue(
        Files.isRegularFile(entry.resolve(Manifest.FILE_NAME), LinkOption.NOFOLLOW_LINKS),
        "nothing was deleted");
  }

  @Test
  void anEntryWithALinkInsideIsReportedUnsafeLeftInPlaceAndClearRemovesTheLinkNotItsTarget()
      throws IOException {
    Path root = dir.resolve("cache");
    SolverCache cache = cache(root);
    String key = cache.load(SUDOKU4, BP).key();
    Path entry = cache.entryFolder(key);
    Path thesis = dir.resolve("thesis.tex");
    Files.writeString(thesis, "precious\n");
    Files.delete(entry.resolve(SolverCache.MATERIAL));
    Files.createSymbolicLink(entry.resolve(SolverCache.MATERIAL), thesis);

    LoadedSolver loaded = cache.load(SUDOKU4, BP);
    assertEquals(LoadedSolver.Origin.IN_MEMORY, loaded.origin());
    assertTrue(
        notices.get(0).contains("unsafe")
            && notices.get(0).contains("left in place")
            && notices.get(0).contains("cache clear"),
        notices.get(0));
    EntryInfo verified = cache.verify(true).get(0);
    assertEquals(EntryInfo.Action.UNSAFE_LEFT, verified.action());
    assertTrue(verified.problem().contains("unsafe, left in place"), verified.problem());
    assertTrue(
        Files.isSymbolicLink(entry.resolve(SolverCache.MATERIAL)),
        "verify --repair does not touch it");

    ClearReport report = cache.clear();
    assertEquals(1, report.entries(), report.keptItems().toString());
    assertFalse(Files.exists(entry, LinkOption.NOFOLLOW_LINKS));
    assertEquals("precious\n", Files.readString(thesis), "the link's target is untouched");
    assertEquals(
        LoadedSolver.Origin.COMPILED, cache.load(SUDOKU4, BP).origin(), "caching works again");
  }
}
