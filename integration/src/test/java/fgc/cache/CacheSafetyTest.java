package fgc.cache;

import static fgc.cache.CacheFixtures.BP;
import static fgc.cache.CacheFixtures.SUDOKU4;
import static fgc.cache.CacheFixtures.SUDOKU9;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Read-only, unwritable and full caches, and folders that someone else owns or can write. */
class CacheSafetyTest {
  @TempDir Path dir;

  private Path root;
  private final List<String> notices = new ArrayList<>();

  @BeforeEach
  void posixOnly() {
    assumeTrue(
        dir.getFileSystem().supportedFileAttributeViews().contains("posix"), "POSIX permissions");
    root = dir.resolve("cache");
  }

  private SolverCache cache() {
    return new SolverCache(root, notices::add);
  }

  @Test
  void theCacheIsCreatedOwnerOnly() throws IOException {
    String key = cache().load(SUDOKU4, BP).key();
    for (Path folder :
        List.of(root, root.resolve("entries"), root.resolve("tmp"), cache().entryFolder(key))) {
      assertEquals("rwx------", permissions(folder), folder.toString());
    }
    try (Stream<Path> files = Files.list(cache().entryFolder(key))) {
      files.forEach(f -> assertEquals("rw-------", permissions(f), f.toString()));
    }
  }

  @Test
  void aReadOnlyCacheServesHitsAndCompilesMissesInMemoryWithOneWarning() throws IOException {
    String key = cache().load(SUDOKU4, BP).key();
    String expected = CacheFixtures.answers(cache().load(SUDOKU4, BP));
    setReadOnly(true);
    try {
      LoadedSolver hit = cache().load(SUDOKU4, BP);
      assertEquals(LoadedSolver.Origin.CACHE_HIT, hit.origin());
      assertEquals(key, hit.key());
      assertEquals(expected, CacheFixtures.answers(hit));
      assertTrue(notices.isEmpty(), notices.toString());
      SolverCache cache = cache();
      assertEquals(LoadedSolver.Origin.IN_MEMORY, cache.load(SUDOKU9, BP).origin());
      assertEquals(LoadedSolver.Origin.IN_MEMORY, cache.load(SUDOKU9, BP).origin());
      assertEquals(1, notices.size(), notices.toString());
      assertTrue(notices.get(0).contains("read-only"), notices.get(0));
      assertEquals(1, CacheFixtures.count(root.resolve("entries")), "nothing was written");
    } finally {
      setReadOnly(false);
    }
  }

  @Test
  void aBadEntryInAReadOnlyCacheIsLeftInPlaceAndNotTrusted() throws IOException {
    String key = cache().load(SUDOKU4, BP).key();
    String expected = CacheFixtures.answers(cache().load(SUDOKU4, BP));
    Path manifest = cache().entryFolder(key).resolve(Manifest.FILE_NAME);
    Files.writeString(manifest, "garbage\n");
    setReadOnly(true);
    try {
      LoadedSolver loaded = cache().load(SUDOKU4, BP);
      assertEquals(LoadedSolver.Origin.IN_MEMORY, loaded.origin());
      assertEquals(LoadStage.MANIFEST, loaded.rejectedAt());
      assertEquals(expected, CacheFixtures.answers(loaded));
      assertTrue(notices.get(0).contains("left in place"), notices.toString());
      assertEquals("garbage\n", Files.readString(manifest));
    } finally {
      setReadOnly(false);
    }
  }

  @Test
  void aFullDiskMidEntryCompilesInMemoryWarnsOnceAndLeavesNothingBehind() throws IOException {
    int[] written = {0};
    EntryWriter.FileWriter fillsUp =
        (file, bytes) -> {
          if (++written[0] > 2) {
            throw new IOException("No space left on device");
          }
          EntryWriter.writePrivateFile(file, bytes);
        };
    SolverCache full = new SolverCache(root, notices::add, CacheSafety.forCurrentUser(), fillsUp);
    LoadedSolver first = full.load(SUDOKU4, BP);
    LoadedSolver second = full.load(SUDOKU4, BP);
    assertEquals(LoadedSolver.Origin.IN_MEMORY, first.origin());
    assertEquals(LoadedSolver.Origin.IN_MEMORY, second.origin());
    assertEquals(1, notices.size(), notices.toString());
    assertTrue(notices.get(0).contains("No space left on device"), notices.get(0));
    assertEquals(0, CacheFixtures.count(root.resolve("entries")), "no partial entry");
    assertEquals(0, CacheFixtures.count(root.resolve("tmp")), "the temporary folder was removed");
    assertEquals(CacheFixtures.answers(first), CacheFixtures.answers(cache().load(SUDOKU4, BP)));
  }

  @Test
  void aCacheFolderOthersCanWriteIsNotUsed() throws IOException {
    cache().load(SUDOKU4, BP);
    for (Path folder : List.of(root, root.resolve("entries"))) {
      notices.clear();
      Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxrwxrwx"));
      SolverCache cache = cache();
      assertEquals(
          LoadedSolver.Origin.IN_MEMORY,
          cache.load(SUDOKU4, BP).origin(),
          "the entry there is not trusted");
      assertEquals(
          LoadedSolver.Origin.IN_MEMORY,
          cache.load(SUDOKU9, BP).origin(),
          "nor is anything written there");
      assertEquals(1, notices.size(), notices.toString());
      assertTrue(notices.get(0).contains(folder + " is writable by other users"), notices.get(0));
      Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwx------"));
    }
    assertEquals(1, CacheFixtures.count(root.resolve("entries")));
    assertEquals(LoadedSolver.Origin.CACHE_HIT, cache().load(SUDOKU4, BP).origin());
  }

  @Test
  void anEntryOrFileOthersCanWriteIsNotLoadedNorMoved() throws IOException {
    String key = cache().load(SUDOKU4, BP).key();
    Path entry = cache().entryFolder(key);
    List<Path> targets = new ArrayList<>(List.of(entry));
    try (Stream<Path> files = Files.list(entry)) {
      files.forEach(targets::add);
    }
    for (Path target : targets) {
      notices.clear();
      String before = permissions(target);
      Set<PosixFilePermission> open = PosixFilePermissions.fromString(before);
      open.addAll(List.of(PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_WRITE));
      Files.setPosixFilePermissions(target, open);
      LoadedSolver loaded = cache().load(SUDOKU4, BP);
      assertEquals(LoadedSolver.Origin.IN_MEMORY, loaded.origin(), target.toString());
      assertEquals(LoadStage.SAFETY, loaded.rejectedAt());
      assertTrue(notices.get(0).contains("writable by other users"), notices.toString());
      assertTrue(Files.isDirectory(entry), "not ours to move");
      assertEquals(0, CacheFixtures.count(root.resolve("quarantine")));
      Files.setPosixFilePermissions(target, PosixFilePermissions.fromString(before));
    }
    List<EntryInfo> clean = cache().verify(true);
    assertNull(clean.get(0).problem());
  }

  @Test
  void anEntryOwnedByAnotherUserIsNotLoaded() throws IOException {
    String key = cache().load(SUDOKU4, BP).key();
    Path entry = cache().entryFolder(key);
    // Seen as another user: every folder and file of this cache belongs to someone else.
    SolverCache asSomeoneElse =
        new SolverCache(
            root, notices::add, CacheSafety.forUid(12345), EntryWriter::writePrivateFile);
    assertEquals(LoadedSolver.Origin.IN_MEMORY, asSomeoneElse.load(SUDOKU4, BP).origin());
    assertTrue(notices.get(0).contains("is owned by another user"), notices.toString());
    notices.clear();
    // For real, when this test may change owners (it runs as root): the entry folder only.
    Object uid = Files.getAttribute(entry, "unix:uid");
    try {
      Files.setAttribute(entry, "unix:uid", 65534);
    } catch (IOException | SecurityException e) {
      assumeTrue(false, "cannot change owners here");
    }
    try {
      LoadedSolver loaded = cache().load(SUDOKU4, BP);
      assertEquals(LoadedSolver.Origin.IN_MEMORY, loaded.origin());
      assertEquals(LoadStage.SAFETY, loaded.rejectedAt());
      assertTrue(
          notices.get(0).contains(entry + " is owned by another user (uid 65534)"),
          notices.toString());
      List<EntryInfo> report = cache().verify(true);
      assertTrue(
          report.get(0).problem().contains("owned by another user"), report.get(0).problem());
      assertTrue(
          Files.isDirectory(entry),
          "verify --repair reports it but does not move another user's files");
    } finally {
      Files.setAttribute(entry, "unix:uid", uid);
    }
  }

  @Test
  void anEntryThatIsASymbolicLinkIsNotFollowed() throws IOException {
    String key = cache().load(SUDOKU4, BP).key();
    Path entry = cache().entryFolder(key);
    Path elsewhere = dir.resolve("elsewhere");
    Files.move(entry, elsewhere);
    Files.createSymbolicLink(entry, elsewhere);
    LoadedSolver loaded = cache().load(SUDOKU4, BP);
    assertEquals(LoadedSolver.Origin.IN_MEMORY, loaded.origin());
    assertTrue(notices.get(0).contains("is a symbolic link"), notices.toString());
    assertTrue(Files.isSymbolicLink(entry));
    assertFalse(Files.exists(root.resolve("quarantine"), LinkOption.NOFOLLOW_LINKS));
  }

  private void setReadOnly(boolean readOnly) throws IOException {
    String mode = readOnly ? "r-x------" : "rwx------";
    try (Stream<Path> all = Files.walk(root)) {
      for (Path p : (Iterable<Path>) all.filter(Files::isDirectory)::iterator) {
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(mode));
      }
    }
  }

  private static String permissions(Path p) {
    try {
      return PosixFilePermissions.toString(
          Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void theUserIdFromProcIsTheOneTheJdkReports() {
    long fromProc = CacheSafety.uidFromProc();
    assumeTrue(fromProc >= 0, "a /proc/self/status with a Uid line (Linux)");
    assertEquals(new com.sun.security.auth.module.UnixSystem().getUid(), fromProc);
  }

  /**
   * A folder of the user's holding items named as fgc names its own, which a followed link would
   * reach.
   */
  private Path decoys(String name, String itemName, int items) throws IOException {
    Path mine = Files.createDirectories(dir.resolve(name));
    Files.writeString(mine.resolve("thesis.tex"), "mine\n");
    for (int i = 0; i < items; i++) {
      Path item =
          Files.createDirectories(mine.resolve(itemName.replace("N", Integer.toString(i + 1))));
      Files.writeString(item.resolve(Manifest.FILE_NAME), "mine " + i + "\n");
      Files.setLastModifiedTime(item, java.nio.file.attribute.FileTime.fromMillis(1_000L));
    }
    return mine;
  }

  private static List<String> tree(Path folder) throws IOException {
    try (Stream<Path> walk = Files.walk(folder)) {
      return walk.map(p -> folder.relativize(p).toString()).sorted().toList();
    }
  }

  @Test
  void aQuarantineThatIsASymbolicLinkIsRefusedAndNothingBehindItIsMovedOrTrimmed()
      throws IOException {
    String key = cache().load(SUDOKU4, BP).key();
    Files.writeString(cache().entryFolder(key).resolve(Manifest.FILE_NAME), "damaged\n");
    // More items than quarantine keeps, the oldest first in line to be trimmed.
    Path mine = decoys("mine", "a".repeat(64) + ".N.1", CacheFolders.QUARANTINE_MAX_ITEMS + 1);
    List<String> before = tree(mine);
    Files.createSymbolicLink(root.resolve(CacheFolders.QUARANTINE), mine);

    LoadedSolver loaded = cache().load(SUDOKU4, BP);
    assertEquals(CacheFixtures.answers(loaded), CacheFixtures.answers(cache().load(SUDOKU4, BP)));
    assertTrue(
        notices.stream()
            .anyMatch(n -> n.contains("is a symbolic link") && n.contains("left in place")),
        notices.toString());
    List<EntryInfo> report = cache().verify(true);
    assertTrue(report.get(0).problem().contains("is a symbolic link"), report.get(0).problem());
    assertEquals(before, tree(mine), "nothing was moved into or deleted from the link's target");
    assertTrue(Files.isSymbolicLink(root.resolve(CacheFolders.QUARANTINE)));
    assertTrue(Files.isDirectory(cache().entryFolder(key), LinkOption.NOFOLLOW_LINKS));
  }

  @Test
  void aTemporaryOrEntriesFolderThatIsASymbolicLinkIsNeitherWrittenNorSwept() throws IOException {
    // Stale by name and age, as a crashed writer's folder: what the sweep removes.
    Path mine = decoys("mine-tmp", "b".repeat(12) + ".N.1", 2);
    List<String> before = tree(mine);
    cache().load(SUDOKU9, BP); // a cache of fgc's, with its marker
    cache().clear();
    Files.delete(root.resolve(CacheFolders.TMP));
    Files.createSymbolicLink(root.resolve(CacheFolders.TMP), mine);
    LoadedSolver loaded = cache().load(SUDOKU4, BP);
    assertEquals(LoadedSolver.Origin.IN_MEMORY, loaded.origin());
    assertTrue(
        notices.stream().anyMatch(n -> n.contains("is a symbolic link")), notices.toString());
    assertEquals(
        before, tree(mine), "no temporary folder written into, none swept, behind the link");

    Files.delete(root.resolve(CacheFolders.TMP));
    Files.delete(root.resolve(CacheFolders.ENTRIES));
    Path mineEntries = Files.createDirectories(dir.resolve("mine-entries"));
    Files.createSymbolicLink(root.resolve(CacheFolders.ENTRIES), mineEntries);
    notices.clear();
    assertEquals(LoadedSolver.Origin.IN_MEMORY, cache().load(SUDOKU9, BP).origin());
    assertEquals(List.of(""), tree(mineEntries), "no entry renamed into the link's target");
  }

  @Test
  void aSymbolicLinkEntrysWarningNamesWhatRemovesIt() throws IOException {
    String key = cache().load(SUDOKU4, BP).key();
    Path entry = cache().entryFolder(key);
    Path elsewhere = dir.resolve("elsewhere");
    Files.move(entry, elsewhere);
    Files.createSymbolicLink(entry, elsewhere);
    cache().load(SUDOKU4, BP);
    String notice = notices.get(0);
    assertTrue(notice.contains("rm " + entry), notice);
    assertFalse(notice.contains("run 'fgc cache clear'"), notice);
    // And that advice is true: clear leaves the link; rm of the link path removes it, not its
    // target.
    cache().clear();
    assertTrue(Files.isSymbolicLink(entry));
    String verified = cache().verify(false).get(0).problem();
    assertTrue(verified.contains("rm " + entry), verified);
    Files.delete(entry);
    assertTrue(Files.isDirectory(elsewhere));
    assertEquals(LoadedSolver.Origin.COMPILED, cache().load(SUDOKU4, BP).origin());
  }
}
