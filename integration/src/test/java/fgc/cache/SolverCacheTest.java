package fgc.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.compilation.AlgorithmSpec;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SolverCacheTest {
  private static final Model SUDOKU4 = FgcLanguage.bundled("sudoku", Map.of("n", 2L));
  private static final AlgorithmSpec BP = AlgorithmSpec.defaults();

  @TempDir Path root;

  private final List<String> notices = new ArrayList<>();

  private SolverCache cache() {
    return new SolverCache(root, notices::add);
  }

  @Test
  void secondLoadIsAHitWithTheSameAnswers() {
    LoadedSolver first = cache().load(SUDOKU4, BP);
    assertEquals(LoadedSolver.Origin.COMPILED, first.origin());
    LoadedSolver second = cache().load(SUDOKU4, BP);
    assertEquals(LoadedSolver.Origin.CACHE_HIT, second.origin());
    assertEquals(first.key(), second.key());
    assertEquals(0, second.compileNanos());
    assertEquals(solve(first), solve(second));
    assertEquals(first.source(), second.source(), "the hit's source is the entry's, as compiled");
    assertTrue(notices.isEmpty(), notices.toString());
  }

  enum Damage {
    GARBAGE,
    TRUNCATE,
    DELETE,
    EMPTY,
    APPEND
  }

  @ParameterizedTest
  @EnumSource(Damage.class)
  void anyDamagedFileIsQuarantinedAndRecompiled(Damage damage) throws IOException {
    String key = cache().load(SUDOKU4, BP).key();
    Path entry = cache().entryFolder(key);
    List<Path> files;
    try (Stream<Path> s = Files.list(entry)) {
      files = s.sorted().toList();
    }
    assertTrue(files.size() >= 3, "class, source and manifest: " + files);
    String expected = solve(cache().load(SUDOKU4, BP));
    for (Path file : files) {
      notices.clear();
      byte[] bytes = Files.readAllBytes(file);
      switch (damage) {
        case GARBAGE:
          byte[] junk = new byte[bytes.length];
          new java.util.Random(7).nextBytes(junk);
          Files.write(file, junk);
          break;
        case TRUNCATE:
          Files.write(file, Arrays.copyOf(bytes, bytes.length / 2));
          break;
        case DELETE:
          Files.delete(file);
          break;
        case EMPTY:
          Files.write(file, new byte[0]);
          break;
        case APPEND:
          Files.write(file, concat(bytes, "\n#".getBytes(StandardCharsets.UTF_8)));
          break;
        default:
          throw new IllegalStateException();
      }
      LoadedSolver recovered = cache().load(SUDOKU4, BP);
      assertEquals(
          LoadedSolver.Origin.RECOVERED, recovered.origin(), damage + " of " + file.getFileName());
      assertEquals(1, notices.size(), notices.toString());
      assertTrue(notices.get(0).contains("failed its check"), notices.get(0));
      assertEquals(expected, solve(recovered));
      assertEquals(
          LoadedSolver.Origin.CACHE_HIT,
          cache().load(SUDOKU4, BP).origin(),
          "the rewritten entry is sound");
    }
    try (Stream<Path> q = Files.list(root.resolve("quarantine"))) {
      assertEquals(files.size(), q.count(), "every bad entry was kept aside for inspection");
    }
  }

  @Test
  void aFileLargerThanAnyEntryFileCanBeIsRefusedBeforeItIsBelieved() throws IOException {
    String key = cache().load(SUDOKU4, BP).key();
    Path manifestFile = cache().entryFolder(key).resolve(Manifest.FILE_NAME);
    try (java.io.RandomAccessFile grown =
        new java.io.RandomAccessFile(manifestFile.toFile(), "rw")) {
      grown.setLength((64L << 20) + 1); // sparse: one byte past the limit, nothing written
    }
    LoadedSolver loaded = cache().load(SUDOKU4, BP);
    assertEquals(LoadedSolver.Origin.RECOVERED, loaded.origin());
    assertEquals(LoadStage.MANIFEST, loaded.rejectedAt());
    assertTrue(notices.get(0).contains("larger than fgc writes an entry file"), notices.get(0));
  }

  @Test
  void anEntryUnderAnotherKeyIsRefused() throws IOException {
    Model sudoku9 = FgcLanguage.bundled("sudoku", Map.of("n", 3L));
    String key4 = cache().load(SUDOKU4, BP).key();
    String key9 = cache().load(sudoku9, BP).key();
    // Swap: the 4x4 entry's files are put where the 9x9 entry lives. Every checksum still matches.
    EntryWriter.deleteRecursively(cache().entryFolder(key9));
    copyFolder(cache().entryFolder(key4), cache().entryFolder(key9));
    notices.clear();
    LoadedSolver loaded = cache().load(sudoku9, BP);
    assertEquals(LoadedSolver.Origin.RECOVERED, loaded.origin());
    assertTrue(notices.get(0).contains("written for key"), notices.get(0));
    assertEquals(81, loaded.newInstance().variableCount());
  }

  @Test
  void theModelsNameIsNoPartOfTheKeyButItsStructureIs() throws IOException {
    String body = "var x[3] in 1..3;\nobserve x;\nalldiff(x[0], x[1], x[2]);\n";
    Model alpha = FgcLanguage.parse("alpha.fg", "model alpha;\n" + body, Map.of());
    Model beta = FgcLanguage.parse("beta.fg", "model beta;\n" + body, Map.of());
    Model wider =
        FgcLanguage.parse("wider.fg", "model alpha;\n" + body.replace("1..3", "1..4"), Map.of());
    LoadedSolver first = cache().load(alpha, BP);
    assertEquals(LoadedSolver.Origin.COMPILED, first.origin());
    LoadedSolver second = cache().load(beta, BP);
    assertEquals(
        LoadedSolver.Origin.CACHE_HIT,
        second.origin(),
        "the same model under another name: " + notices);
    assertEquals(first.key(), second.key());
    assertEquals(3, second.newInstance().variableCount());
    LoadedSolver other = cache().load(wider, BP);
    assertEquals(
        LoadedSolver.Origin.COMPILED,
        other.origin(),
        "another structure under the same name is another model");
    // Verify reads each entry back as its model, named as its manifest records.
    assertTrue(
        cache().verify(false).stream().allMatch(e -> e.problem() == null), notices.toString());
    // An entry of one model put where the other's lives is still refused, names aside.
    EntryWriter.deleteRecursively(cache().entryFolder(other.key()));
    copyFolder(cache().entryFolder(first.key()), cache().entryFolder(other.key()));
    notices.clear();
    LoadedSolver recovered = cache().load(wider, BP);
    assertEquals(LoadedSolver.Origin.RECOVERED, recovered.origin());
    assertTrue(notices.get(0).contains("written for key"), notices.get(0));
    assertEquals(
        LoadedSolver.Origin.CACHE_HIT,
        cache().load(beta, BP).origin(),
        "the first model's entry is untouched");
  }

  @Test
  void aResealedManifestFromAnotherCompilerIsRefused() throws IOException {
    String key = cache().load(SUDOKU4, BP).key();
    Path manifestFile = cache().entryFolder(key).resolve(Manifest.FILE_NAME);
    Manifest m = Manifest.parse(Files.readAllBytes(manifestFile));
    Manifest older =
        new Manifest(
            m.key,
            "0.0.1+0000000000000000/janino-3.1.12",
            m.model,
            m.kind,
            m.algorithm,
            m.className,
            m.files);
    Files.write(manifestFile, older.toBytes());
    LoadedSolver loaded = cache().load(SUDOKU4, BP);
    assertEquals(LoadedSolver.Origin.RECOVERED, loaded.origin());
    assertTrue(notices.get(0).contains("written by compiler"), notices.get(0));
  }

  @Test
  void anUnwritableCacheCompilesInMemoryAndWarnsOnce() throws IOException {
    Path file = root.resolve("not-a-folder");
    Files.writeString(file, "x");
    SolverCache cache = new SolverCache(file, notices::add);
    assertEquals(LoadedSolver.Origin.IN_MEMORY, cache.load(SUDOKU4, BP).origin());
    assertEquals(LoadedSolver.Origin.IN_MEMORY, cache.load(SUDOKU4, BP).origin());
    assertEquals(1, notices.size(), notices.toString());
    assertTrue(notices.get(0).contains("compiled in memory"));
  }

  @Test
  void threadsRacingForOneMissingKeyAllGetAWorkingSolverAndOneEntry() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<String>> results = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        results.add(
            pool.submit(() -> solve(new SolverCache(root, notices::add).load(SUDOKU4, BP))));
      }
      String first = results.get(0).get();
      for (Future<String> f : results) {
        assertEquals(first, f.get());
      }
    } finally {
      pool.shutdown();
    }
    try (Stream<Path> entries = Files.list(root.resolve("entries"));
        Stream<Path> tmp = Files.list(root.resolve("tmp"))) {
      assertEquals(1, entries.count());
      assertEquals(0, tmp.count(), "no temporary folder is left behind");
    }
    assertEquals(LoadedSolver.Origin.CACHE_HIT, cache().load(SUDOKU4, BP).origin());
  }

  @Test
  void verifyReportsAndRepairsABadEntry() throws IOException {
    String key = cache().load(SUDOKU4, BP).key();
    assertTrue(cache().verify(false).stream().allMatch(e -> e.problem() == null));
    Path cls;
    try (Stream<Path> s = Files.list(cache().entryFolder(key))) {
      cls = s.filter(p -> p.toString().endsWith(".class")).findFirst().orElseThrow();
    }
    byte[] bytes = Files.readAllBytes(cls);
    bytes[bytes.length / 2] ^= 0x20;
    Files.write(cls, bytes);
    List<EntryInfo> report = cache().verify(true);
    assertEquals(1, report.size());
    assertTrue(report.get(0).problem().contains("SHA-256"), report.get(0).problem());
    assertFalse(Files.exists(cache().entryFolder(key)), "repair moved it to quarantine");
  }

  private static String solve(LoadedSolver loaded) {
    return CacheFixtures.solve(loaded);
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  private static void copyFolder(Path from, Path to) throws IOException {
    Files.createDirectories(to);
    try (Stream<Path> s = Files.list(from)) {
      for (Path p : (Iterable<Path>) s::iterator) {
        Files.copy(p, to.resolve(p.getFileName()));
      }
    }
  }

  @Test
  void aRelativeXdgCacheHomeIsIgnoredAsTheSpecificationSays() {
    Path home = Path.of("/home/someone");
    assertEquals(
        home.resolve(".cache/fgc"), SolverCache.defaultRoot(null, "rel/cache", home.toString()));
    assertEquals(home.resolve(".cache/fgc"), SolverCache.defaultRoot("", ".", home.toString()));
    assertEquals(
        Path.of("/var/cache/u/fgc"),
        SolverCache.defaultRoot(null, "/var/cache/u", home.toString()));
    assertEquals(Path.of("mine"), SolverCache.defaultRoot("mine", "/var/cache/u", home.toString()));
  }
}
