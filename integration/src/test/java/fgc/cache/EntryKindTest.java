package fgc.cache;

import static fgc.cache.CacheFixtures.BP;
import static fgc.cache.CacheFixtures.SUDOKU4;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.compilation.AlgorithmSpec;
import fgc.compilation.Artifact;
import fgc.compilation.SolverKey;
import fgc.plan.BitmaskTables;
import fgc.solver.Propagator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kind of an entry (a solver or the exact search's propagator) is named by its key material's
 * {@code kind} line and its manifest, a propagator's with no algorithm; an entry whose kind was
 * changed is refused and quarantined before its class is used, and the right class is compiled.
 */
class EntryKindTest {
  private static final BitmaskTables TABLES4 = BitmaskTables.of(SUDOKU4);

  @TempDir Path root;

  private final List<String> notices = new ArrayList<>();

  private SolverCache cache() {
    return new SolverCache(root, notices::add);
  }

  @Test
  void aPropagatorsMaterialNamesItsKindAndNoAlgorithmAndReadsBackAsAPropagator()
      throws IOException {
    cache().propagators().propagator(SUDOKU4, TABLES4, true).join();
    String key = SolverKey.ofPropagator(SUDOKU4);
    String material = material(key);
    String[] lines = material.split("\n", -1);
    assertTrue(lines[0].startsWith("planner "), material);
    assertEquals("kind propagator", lines[1]);
    assertTrue(lines[2].startsWith("fgc-model "), lines[2]);
    assertFalse(material.contains("\nalgorithm "), "a propagator has no algorithm line");
    assertEquals(SolverKey.material(SUDOKU4, Artifact.PROPAGATOR, null), material);

    KeyMaterial read = KeyMaterial.parse(material, "read");
    assertSame(Artifact.PROPAGATOR, read.kind);
    assertNull(read.spec);
    assertSame(ArtifactKind.Propagators.INSTANCE, ArtifactKind.of(read.kind));
    assertEquals(key, SolverKey.of(read.model, read.kind, read.spec));
    assertNull(cache().verify(false).get(0).problem());
  }

  @Test
  void aSolversMaterialNamesItsKindThenItsAlgorithm() throws IOException {
    String key = cache().load(SUDOKU4, BP).key();
    String material = material(key);
    String[] lines = material.split("\n", -1);
    assertEquals("kind solver", lines[1]);
    assertEquals("algorithm " + BP.canonicalText(), lines[2]);
    KeyMaterial read = KeyMaterial.parse(material, "read");
    assertSame(Artifact.SOLVER, read.kind);
    assertEquals(BP, read.spec);
    assertSame(ArtifactKind.Solvers.INSTANCE, ArtifactKind.of(read.kind));
    assertNotEquals(key, SolverKey.ofPropagator(SUDOKU4));
    EntryInfo listed = cache().list().get(0);
    assertEquals("solver", listed.kind());
    assertEquals(BP.canonicalText(), listed.algorithm());
  }

  @Test
  void everyKindHasItsCheckAndNoAlgorithmIsNamedLikeAKind() {
    for (Artifact kind : Artifact.values()) {
      assertSame(kind, ArtifactKind.of(kind).artifact());
      assertSame(kind, Artifact.named(kind.word()));
      assertFalse(AlgorithmSpec.knownAlgorithms().contains(kind.word()), kind.word());
    }
    assertNull(Artifact.named("exact-propagator"), "no longer a name of anything");
    assertThrows(
        IllegalArgumentException.class, () -> SolverKey.of(SUDOKU4, Artifact.PROPAGATOR, BP));
    assertThrows(
        IllegalArgumentException.class, () -> SolverKey.of(SUDOKU4, Artifact.SOLVER, null));
  }

  @Test
  void materialWithoutAKnownKindLineIsRefusedSayingWhichLine() {
    String material = SolverKey.material(SUDOKU4, BP);
    // As an entry written before the kind line was: the algorithm where the kind should be.
    IllegalArgumentException older =
        assertThrows(
            IllegalArgumentException.class,
            () -> KeyMaterial.parse(material.replace("kind solver\n", ""), "m"));
    assertTrue(older.getMessage().startsWith("line 2: ") && older.getMessage().contains("kind"));
    IllegalArgumentException unknown =
        assertThrows(
            IllegalArgumentException.class,
            () -> KeyMaterial.parse(material.replace("kind solver\n", "kind gizmo\n"), "m"));
    assertEquals("line 2: no kind of entry 'gizmo'", unknown.getMessage());
    String propagator = SolverKey.material(SUDOKU4, Artifact.PROPAGATOR, null);
    IllegalArgumentException withAlgorithm =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                KeyMaterial.parse(
                    propagator.replace(
                        "kind propagator\n", "kind propagator\nalgorithm exact-propagator\n"),
                    "m"));
    assertTrue(withAlgorithm.getMessage().startsWith("line 3: "), withAlgorithm.getMessage());
  }

  @Test
  void aSolverWhoseMaterialIsDoctoredToAPropagatorIsRefusedAndRecompiled() throws IOException {
    LoadedSolver first = cache().load(SUDOKU4, BP);
    Path entry = cache().entryFolder(first.key());
    String doctored =
        material(first.key())
            .replace("kind solver\nalgorithm " + BP.canonicalText() + "\n", "kind propagator\n");
    assertEquals(SolverKey.material(SUDOKU4, Artifact.PROPAGATOR, null), doctored);
    rewrite(entry, SolverCache.MATERIAL, doctored.getBytes(StandardCharsets.UTF_8));
    reseal(entry, m -> manifest(m, Artifact.PROPAGATOR, null, m.files));

    String problem = cache().verify(false).get(0).problem();
    assertTrue(problem != null && problem.contains("does not hash to its key"), problem);
    LoadedSolver loaded = cache().load(SUDOKU4, BP);
    assertRecovered(loaded, first);
  }

  @Test
  void aSolverWhoseManifestSaysPropagatorIsRefusedAndRecompiled() throws IOException {
    LoadedSolver first = cache().load(SUDOKU4, BP);
    Path entry = cache().entryFolder(first.key());
    reseal(entry, m -> manifest(m, Artifact.PROPAGATOR, null, m.files));

    String problem = cache().verify(false).get(0).problem();
    assertEquals("its manifest says propagator, its key material solver", problem);
    LoadedSolver loaded = cache().load(SUDOKU4, BP);
    assertTrue(notices.get(0).contains("entry holds a propagator, not a solver"), notices.get(0));
    assertRecovered(loaded, first);
  }

  @Test
  void aPropagatorWhoseManifestSaysSolverIsRefusedAndRecompiled() throws IOException {
    cache().propagators().propagator(SUDOKU4, TABLES4, true).join();
    Path entry = cache().entryFolder(SolverKey.ofPropagator(SUDOKU4));
    reseal(entry, m -> manifest(m, Artifact.SOLVER, BP.canonicalText(), m.files));

    String problem = cache().verify(false).get(0).problem();
    assertEquals("its manifest says solver, its key material propagator", problem);
    SolverCache loading = cache();
    Propagator propagator = loading.propagators().propagator(SUDOKU4, TABLES4, true).join();
    assertEquals(TABLES4.digest(), propagator.tablesDigest());
    assertEquals(1, loading.compilations());
    assertTrue(
        notices.get(0).contains("entry holds a solver, not a propagator")
            && notices.get(0).contains("moved to quarantine"),
        notices.toString());
    assertEquals(1, CacheFixtures.count(root.resolve(CacheFolders.QUARANTINE)));
  }

  /**
   * Everything a forger with write access can do: a genuine solver entry copied under the model's
   * propagator key, with propagator key material, the key rewritten in its class bytes and its
   * class renamed, the manifest sealed again. Every check on bytes passes; the class is refused
   * when defined, never handed to the search as a propagator.
   */
  @Test
  void aSolverClassForgedIntoThePropagatorsEntryIsRefusedWhenDefined() throws IOException {
    String solverKey = cache().load(SUDOKU4, BP).key();
    String key = SolverKey.ofPropagator(SUDOKU4);
    Map<String, byte[]> donor = CacheFixtures.snapshot(cache().entryFolder(solverKey));
    Manifest m = Manifest.parse(donor.get(Manifest.FILE_NAME));
    Map<String, byte[]> files = new LinkedHashMap<>();
    Map<String, Manifest.FileRecord> records = new LinkedHashMap<>();
    for (String name : m.files.keySet()) {
      byte[] bytes =
          name.equals(SolverCache.MATERIAL)
              ? SolverKey.material(SUDOKU4, Artifact.PROPAGATOR, null)
                  .getBytes(StandardCharsets.UTF_8)
              : rekeyed(new String(donor.get(name), StandardCharsets.ISO_8859_1), solverKey, key)
                  .getBytes(StandardCharsets.ISO_8859_1);
      String renamed = rekeyed(name, solverKey, key);
      files.put(renamed, bytes);
      records.put(renamed, record(bytes));
    }
    String className = rekeyed(m.className, solverKey, key);
    files.put(
        Manifest.FILE_NAME,
        new Manifest(key, m.compiler, m.model, Artifact.PROPAGATOR, null, className, records)
            .toBytes());
    Path entry = cache().entryFolder(key);
    CacheFixtures.restore(entry, files);

    String problem =
        cache().verify(false).stream()
            .filter(i -> i.key().equals(key))
            .findFirst()
            .orElseThrow()
            .problem();
    assertTrue(problem != null && problem.contains("is not a Propagator"), problem);
    SolverCache loading = cache();
    Propagator propagator = loading.propagators().propagator(SUDOKU4, TABLES4, true).join();
    assertEquals(TABLES4.digest(), propagator.tablesDigest(), "the forged class was not used");
    assertEquals(1, loading.compilations());
    assertTrue(
        notices.get(0).contains("is not a Propagator")
            && notices.get(0).contains("moved to quarantine"),
        notices.toString());
  }

  /**
   * An entry as the fgc before kinds wrote it (manifest format 1, no kind line anywhere), under the
   * key its material hashes to: listed, refused by verify as another fgc's and quarantined with
   * {@code --repair}; a load of its model never reads it (the key differs) and compiles.
   */
  @Test
  void anEntryOfTheFormatBeforeKindsIsRefusedCleanly() throws IOException {
    String key = cache().load(SUDOKU4, BP).key();
    Map<String, byte[]> files = CacheFixtures.snapshot(cache().entryFolder(key));
    String older = material(key).replace("kind solver\n", "");
    byte[] olderMaterial = older.getBytes(StandardCharsets.UTF_8);
    String olderKey = SolverKey.sha256Hex(olderMaterial);
    files.put(SolverCache.MATERIAL, olderMaterial);
    String manifest = new String(files.get(Manifest.FILE_NAME), StandardCharsets.UTF_8);
    String body =
        manifest
            .substring(0, manifest.indexOf("manifest-sha256 "))
            .replace("fgc-cache-entry 2\n", "fgc-cache-entry 1\n")
            .replace("kind solver\n", "")
            .replace(key, olderKey)
            .replaceAll(
                "file key-material.txt [0-9a-f]{64} [0-9]+\n",
                "file key-material.txt " + olderKey + " " + olderMaterial.length + "\n");
    String sealed =
        body + "manifest-sha256 " + SolverKey.sha256Hex(body.getBytes(StandardCharsets.UTF_8));
    files.put(Manifest.FILE_NAME, (sealed + "\n").getBytes(StandardCharsets.UTF_8));
    CacheFixtures.restore(cache().entryFolder(olderKey), files);

    EntryInfo listed =
        cache().list().stream().filter(i -> i.key().equals(olderKey)).findFirst().orElseThrow();
    assertEquals("?", listed.kind());
    EntryInfo verified =
        cache().verify(true).stream()
            .filter(i -> i.key().equals(olderKey))
            .findFirst()
            .orElseThrow();
    assertEquals(EntryInfo.Action.QUARANTINED, verified.action(), verified.problem());
    assertTrue(
        verified.problem().contains("manifest is of format 1, this fgc writes 2"),
        verified.problem());
    assertFalse(Files.exists(cache().entryFolder(olderKey)));
    assertEquals(LoadedSolver.Origin.CACHE_HIT, cache().load(SUDOKU4, BP).origin());
  }

  /** A load after the entry was refused: quarantined, compiled again, the same answers. */
  private void assertRecovered(LoadedSolver loaded, LoadedSolver first) {
    assertEquals(LoadedSolver.Origin.RECOVERED, loaded.origin());
    assertEquals(1, notices.size(), notices.toString());
    assertTrue(notices.get(0).contains("moved to quarantine"), notices.get(0));
    assertEquals(1, CacheFixtures.count(root.resolve(CacheFolders.QUARANTINE)));
    assertEquals(CacheFixtures.answers(first), CacheFixtures.answers(loaded));
  }

  private String material(String key) throws IOException {
    return Files.readString(
        cache().entryFolder(key).resolve(SolverCache.MATERIAL), StandardCharsets.UTF_8);
  }

  /**
   * {@code text} with the key and its 16-digit prefix replaced by another key's (same lengths: a
   * class file stays valid).
   */
  private static String rekeyed(String text, String from, String to) {
    return text.replace(from, to).replace(from.substring(0, 16), to.substring(0, 16));
  }

  /** Writes {@code name} in the entry and its size and SHA-256 into the manifest, sealed again. */
  private static void rewrite(Path entry, String name, byte[] bytes) throws IOException {
    Files.write(entry.resolve(name), bytes);
    reseal(
        entry,
        m -> {
          Map<String, Manifest.FileRecord> files = new LinkedHashMap<>(m.files);
          files.put(name, record(bytes));
          return manifest(m, m.kind, m.algorithm, files);
        });
  }

  private static void reseal(Path entry, UnaryOperator<Manifest> edit) throws IOException {
    Path file = entry.resolve(Manifest.FILE_NAME);
    Files.write(file, edit.apply(Manifest.parse(Files.readAllBytes(file))).toBytes());
  }

  private static Manifest manifest(
      Manifest m, Artifact kind, String algorithm, Map<String, Manifest.FileRecord> files) {
    return new Manifest(m.key, m.compiler, m.model, kind, algorithm, m.className, files);
  }

  private static Manifest.FileRecord record(byte[] bytes) {
    return new Manifest.FileRecord(SolverKey.sha256Hex(bytes), bytes.length);
  }
}
