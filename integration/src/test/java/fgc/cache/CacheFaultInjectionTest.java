package fgc.cache;

import static fgc.cache.CacheFixtures.BP;
import static fgc.cache.CacheFixtures.SUDOKU4;
import static fgc.cache.CacheFixtures.SUDOKU9;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded fault injection over a real cache entry. Each case starts from the pristine entry, damages
 * it one way, and loads. A case passes when the fault was caught before any class was defined (the
 * stage says so, and the cache defined exactly one class: the recompiled one), the entry went to
 * quarantine with one notice, the rewritten entry is a hit, and the answers equal a clean run's. A
 * doctored class (another model's genuine class with this entry's key written into its bytes, the
 * manifest sealed again) passes every byte check by construction; it must be caught at the plan
 * check, after its definition, with the same quarantine, notice, recompile and answers. Sizes:
 * {@code -Dfgc.reliability.flips} (default 1000) and {@code -Dfgc.reliability.seed}.
 */
class CacheFaultInjectionTest {
  @TempDir Path root;

  private final List<String> notices = new ArrayList<>();
  private SolverCache cache;
  private Path entry;
  private Map<String, byte[]> pristine;
  private Map<String, byte[]> foreign;
  private String expected;
  private Random random;

  /** A fault: damages the entry folder (which holds the pristine files when called). */
  private interface Fault {
    void apply(Path entry) throws IOException;
  }

  /** Where a fault class must be caught. */
  private enum Expect {
    BEFORE_DEFINE,
    AT_PLAN,
    MISS
  }

  /** One row of the table: how many cases of one fault class did what. */
  private static final class Row {
    final String fault;
    final Expect expect;
    final boolean miss;
    int tried;
    int detected;
    int recovered;
    int wrong;
    int unhandled;
    final Map<LoadStage, Integer> stages = new EnumMap<>(LoadStage.class);

    Row(String fault, Expect expect) {
      this.fault = fault;
      this.expect = expect;
      this.miss = expect == Expect.MISS;
    }

    String line() {
      String found =
          miss
              ? "n/a (a miss)"
              : expect == Expect.AT_PLAN
                  ? "n/a (caught after define: " + detected + ")"
                  : String.valueOf(detected);
      return String.format(
          "| %s | %d | %s | %d | %d | %d | %s |",
          fault,
          tried,
          found,
          recovered,
          wrong,
          unhandled,
          stages.isEmpty() ? "-" : stages.toString().replaceAll("[{}]", ""));
    }
  }

  private final List<Row> rows = new ArrayList<>();
  private final List<String> failures = new ArrayList<>();

  @Test
  void everyFaultIsCaughtBeforeDefineQuarantinedAndRecompiledWithTheSameAnswers()
      throws IOException {
    cache = new SolverCache(root, notices::add);
    expected = CacheFixtures.answers(cache.load(SUDOKU4, BP));
    entry = cache.entryFolder(cache.load(SUDOKU4, BP).key());
    pristine = CacheFixtures.snapshot(entry);
    foreign = CacheFixtures.snapshot(cache.entryFolder(cache.load(SUDOKU9, BP).key()));
    long seed = Long.getLong("fgc.reliability.seed", 20240601L);
    random = new Random(seed);
    int flips = CacheFixtures.size("fgc.reliability.flips", 1000);
    String classFile = nameEnding(".class");
    String foreignClass =
        foreign.keySet().stream().filter(n -> n.endsWith(".class")).findFirst().orElseThrow();

    for (String file : pristine.keySet()) {
      for (int k = 0; k < 3; k++) {
        run(
            "truncated file",
            false,
            e ->
                write(
                    e,
                    file,
                    Arrays.copyOf(
                        pristine.get(file), 1 + random.nextInt(pristine.get(file).length - 1))));
        run(
            "random bytes, same length",
            false,
            e -> write(e, file, randomBytes(pristine.get(file).length)));
        run(
            "appended bytes",
            false,
            e -> write(e, file, concat(pristine.get(file), randomBytes(1 + random.nextInt(64)))));
      }
      run("empty file", false, e -> write(e, file, new byte[0]));
      if (!file.equals(Manifest.FILE_NAME)) {
        run("manifest names a missing file", false, e -> Files.delete(e.resolve(file)));
      }
    }
    for (int i = 0; i < flips; i++) {
      String file = i % 2 == 0 ? classFile : Manifest.FILE_NAME;
      run(
          "single-byte flip, " + (i % 2 == 0 ? "class file" : "manifest"),
          false,
          e -> flip(e, file));
    }
    for (String file : pristine.keySet()) {
      if (!file.equals(classFile) && !file.equals(Manifest.FILE_NAME)) {
        for (int i = 0; i < 50; i++) {
          run("single-byte flip, source and key material", false, e -> flip(e, file));
        }
      }
    }
    run(
        "class file swapped in from another entry",
        false,
        e -> write(e, classFile, foreign.get(foreignClass)));
    run(
        "swapped class file, manifest resealed to match",
        false,
        e -> {
          write(e, classFile, foreign.get(foreignClass));
          reseal(e, m -> m.files.put(classFile, record(foreign.get(foreignClass))));
        });
    run(
        "manifest resealed to name a missing file",
        false,
        e -> reseal(e, m -> m.files.put("Ghost.class", record(new byte[] {1}))));
    run(
        "compiler-version bump (manifest resealed)",
        false,
        e -> reseal(e, m -> m.compiler = "0.0.1+0000000000000000/janino-3.1.12"));
    run(
        "key material altered, manifest resealed",
        false,
        e -> {
          byte[] material = "compiler x\n".getBytes(StandardCharsets.UTF_8);
          write(e, "key-material.txt", material);
          reseal(e, m -> m.files.put("key-material.txt", record(material)));
        });
    run("another entry's folder under this key", false, e -> CacheFixtures.restore(e, foreign));
    run("deleted entry folder", true, EntryWriter::deleteRecursively);
    // Genuine classes of models with the same variables and domains (so the smoke run cannot tell),
    // each doctored into this entry: the plan check must catch every one.
    String key = cache.load(SUDOKU4, BP).key();
    Map<String, fgc.model.Model> donors = new LinkedHashMap<>();
    donors.put("latin", fgc.lang.FgcLanguage.bundled("latin", Map.of("n", 4L)));
    donors.put(
        "extra",
        fgc.lang.FgcLanguage.parse(
            "sudoku-extra.fg",
            fgc.lang.FgcLanguage.bundledText("sudoku") + "neq(cell[0][0], cell[3][3]);\n",
            Map.of("n", 2L)));
    List<Map.Entry<fgc.model.Model, fgc.compilation.AlgorithmSpec>> others = new ArrayList<>();
    others.add(Map.entry(donors.get("latin"), BP));
    others.add(Map.entry(donors.get("extra"), BP));
    others.add(
        Map.entry(SUDOKU4, fgc.compilation.AlgorithmSpec.named(BP.name(), Map.of("damping", 0.5))));
    for (Map.Entry<fgc.model.Model, fgc.compilation.AlgorithmSpec> other : others) {
      String donorKey = cache.load(other.getKey(), other.getValue()).key();
      Map<String, byte[]> donor = CacheFixtures.snapshot(cache.entryFolder(donorKey));
      run(
          "another model's class, key rewritten in its bytes, manifest resealed",
          Expect.AT_PLAN,
          e -> CacheFixtures.doctor(e, key, donor, donorKey));
    }

    StringBuilder table =
        new StringBuilder(
            "seed "
                + seed
                + ", "
                + flips
                + " flips\n"
                + "| fault class | cases | detected before load |"
                + " recovered | wrong answers | unhandled | caught at |\n"
                + "|---|---|---|---|---|---|---|\n");
    Row total = new Row("total", Expect.BEFORE_DEFINE);
    for (Row r : rows) {
      table.append(r.line()).append('\n');
      total.tried += r.tried;
      total.detected += r.expect == Expect.BEFORE_DEFINE ? r.detected : 0;
      total.recovered += r.recovered;
      total.wrong += r.wrong;
      total.unhandled += r.unhandled;
    }
    table.append(total.line()).append('\n');
    CacheFixtures.report("cache-faults", table.toString());
    assertTrue(
        failures.isEmpty(),
        () ->
            failures.size()
                + " cases failed, e.g. "
                + failures.subList(0, Math.min(5, failures.size())));
    for (Row r : rows) {
      assertEquals(r.miss ? 0 : r.tried, r.detected, r.fault);
      assertEquals(r.tried, r.recovered, r.fault);
      assertEquals(0, r.wrong + r.unhandled, r.fault);
    }
    assertTrue(total.tried >= flips + 50, "the table covers every case");
  }

  /** One row of the folder table: cases of one folder fault, and how many went as documented. */
  private static final class FolderRow {
    final String fault;
    int cases;
    int asDocumented;
    int lost;
    int wrong;

    FolderRow(String fault) {
      this.fault = fault;
    }

    String line() {
      return String.format("| %s | %d | %d | %d | %d |", fault, cases, asDocumented, lost, wrong);
    }
  }

  /**
   * Seeded faults of the cache folder rather than of an entry's bytes: folders of the user's given
   * as the cache, fgc's cache with the user's files among its own, links inside entries, entries
   * too large to read back, temporary folders of crashed writers. "Lost" counts files fgc did not
   * make that are gone or changed afterwards (and targets of links); it must be 0, as must wrong
   * answers. Size: {@code -Dfgc.reliability.folderCases} (default 40).
   */
  @Test
  void folderFaultsLoseNothingFgcDidNotMakeAndStoreNothingFgcWouldRefuse() throws IOException {
    long seed = Long.getLong("fgc.reliability.seed", 20240601L);
    random = new Random(seed);
    int n = CacheFixtures.size("fgc.reliability.folderCases", 40);
    SolverCache clean = new SolverCache(root.resolve("clean"), notices::add);
    expected = CacheFixtures.answers(clean.load(SUDOKU4, BP));
    String key = clean.load(SUDOKU4, BP).key();
    pristine = CacheFixtures.snapshot(clean.entryFolder(key));
    List<FolderRow> table = new ArrayList<>();

    FolderRow foreignRoot = new FolderRow("cache clear on a folder fgc did not make");
    FolderRow mixed =
        new FolderRow("cache clear on fgc's cache with the user's files among its own");
    FolderRow link = new FolderRow("a symbolic link inside an entry, to a file outside");
    FolderRow large =
        new FolderRow("a solver larger than an entry file may be (limit lowered below it)");
    FolderRow stale = new FolderRow("temporary folders left by crashed writers");
    table.addAll(List.of(foreignRoot, mixed, link, large, stale));
    for (int c = 0; c < n; c++) {
      Path base = root.resolve("case" + c);
      Path outside = base.resolve("outside");
      Files.createDirectories(outside);

      // A folder of the user's: fgc-shaped items, and the user's own among them; clear must refuse
      // it whole.
      Path users = base.resolve("users");
      Map<Path, byte[]> userFiles = new LinkedHashMap<>();
      int fgcItems = fgcItems(users, 1 + random.nextInt(3));
      foreignItems(users, outside, 1 + random.nextInt(4), userFiles);
      foreignRoot.cases++;
      ClearReport refused = new SolverCache(users, notices::add).clear();
      int lost = lost(userFiles);
      foreignRoot.lost += lost;
      foreignRoot.asDocumented +=
          refused.refusal() != null
                  && refused.entries() == 0
                  && lost == 0
                  && count(users.resolve("entries")) >= fgcItems
              ? 1
              : 0;

      // fgc's cache (marked) with the user's files among its own: its own go, the user's stay.
      Path cache = base.resolve("cache");
      Files.createDirectories(cache);
      CacheFolders.claim(cache);
      Map<Path, byte[]> kept = new LinkedHashMap<>();
      List<Path> own = new ArrayList<>();
      for (int k = 0; k < 1 + random.nextInt(3); k++) {
        own.add(fgcEntry(cache.resolve("entries").resolve(randomHex(64))));
      }
      own.add(
          fgcEntry(
              cache
                  .resolve("tmp")
                  .resolve(
                      randomHex(12)
                          + "."
                          + random.nextInt(99999)
                          + "."
                          + (random.nextLong() >>> 1))));
      own.add(
          fgcEntry(
              cache
                  .resolve("quarantine")
                  .resolve(
                      randomHex(64)
                          + "."
                          + (1_700_000_000_000L + random.nextInt(1 << 30))
                          + ".7")));
      foreignItems(cache, outside, 1 + random.nextInt(4), kept);
      mixed.cases++;
      ClearReport cleared = new SolverCache(cache, notices::add).clear();
      lost = lost(kept);
      mixed.lost += lost;
      boolean ownGone = true;
      for (Path p : own) {
        boolean holdsForeign = kept.keySet().stream().anyMatch(f -> f.startsWith(p));
        ownGone &= holdsForeign || !Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS);
      }
      mixed.asDocumented +=
          cleared.refusal() == null && lost == 0 && ownGone && CacheFolders.marked(cache) ? 1 : 0;

      if (c % 8 == 0) {
        // A link in place of one of an entry's files: not used, never followed; clear removes it.
        Path linked = base.resolve("linked");
        notices.clear();
        SolverCache withLink = new SolverCache(linked, notices::add);
        Path entry = withLink.entryFolder(key);
        Files.createDirectories(linked);
        CacheFolders.claim(linked);
        CacheFixtures.restore(entry, pristine);
        List<String> names = new ArrayList<>(pristine.keySet());
        String victim = names.get(random.nextInt(names.size()));
        Path target = outside.resolve("precious.txt");
        Files.writeString(target, "precious " + c + "\n");
        Files.delete(entry.resolve(victim));
        Files.createSymbolicLink(entry.resolve(victim), target);
        link.cases++;
        LoadedSolver loaded = withLink.load(SUDOKU4, BP);
        boolean right = CacheFixtures.answers(loaded).equals(expected);
        link.wrong += right ? 0 : 1;
        boolean unused =
            loaded.origin() == LoadedSolver.Origin.IN_MEMORY
                && loaded.rejectedAt() == LoadStage.SAFETY
                && notices.size() == 1
                && notices.get(0).contains("left in place");
        ClearReport linkCleared = withLink.clear();
        boolean targetIntact = Files.readString(target).equals("precious " + c + "\n");
        link.lost += targetIntact ? 0 : 1;
        boolean hitAfter =
            withLink.load(SUDOKU4, BP).origin() == LoadedSolver.Origin.COMPILED
                && withLink.load(SUDOKU4, BP).origin() == LoadedSolver.Origin.CACHE_HIT;
        link.asDocumented +=
            unused && right && linkCleared.entries() == 1 && targetIntact && hitAfter ? 1 : 0;

        // A solver larger than the lowered limit: compiled in memory once warned, never stored or
        // quarantined.
        Path small = base.resolve("small");
        notices.clear();
        long limit =
            512L
                + random.nextInt(
                    pristine.values().stream().mapToInt(b -> b.length).max().orElseThrow() - 512);
        SolverCache limited =
            new SolverCache(
                small,
                notices::add,
                CacheSafety.forCurrentUser(),
                null,
                new PlannerChecks(),
                limit);
        large.cases++;
        LoadedSolver first = limited.load(SUDOKU4, BP);
        LoadedSolver second = limited.load(SUDOKU4, BP);
        boolean answers =
            CacheFixtures.answers(first).equals(expected)
                && CacheFixtures.answers(second).equals(expected);
        large.wrong += answers ? 0 : 1;
        large.asDocumented +=
            answers
                    && first.origin() == LoadedSolver.Origin.IN_MEMORY
                    && second.origin() == LoadedSolver.Origin.IN_MEMORY
                    && second.rejectedAt() == null
                    && count(small.resolve("entries")) == 0
                    && count(small.resolve("quarantine")) == 0
                    && notices.size() == 1
                    && notices.get(0).contains("too large to cache")
                ? 1
                : 0;
      }

      // Temporary folders of writers gone for a random while, or alive: a write removes exactly the
      // stale ones.
      Path crashed = base.resolve("crashed");
      Files.createDirectories(crashed.resolve("tmp"));
      CacheFolders.claim(crashed);
      Map<Path, Boolean> tmps = new LinkedHashMap<>();
      for (int k = 0; k < 1 + random.nextInt(4); k++) {
        boolean alive = random.nextBoolean();
        long minutes = random.nextBoolean() ? random.nextInt(9) : 11 + random.nextInt(3000);
        long pid = alive ? ProcessHandle.current().pid() : 4_000_000L + random.nextInt(100_000);
        Path t = fgcEntry(crashed.resolve("tmp").resolve(randomHex(12) + "." + pid + "." + k));
        Files.setLastModifiedTime(
            t,
            java.nio.file.attribute.FileTime.fromMillis(
                System.currentTimeMillis() - minutes * 60_000));
        tmps.put(t, minutes > 24 * 60 || minutes > 10 && !alive);
      }
      Map<Path, byte[]> theirs = new LinkedHashMap<>();
      Path work = crashed.resolve("tmp/work");
      Files.createDirectories(work);
      theirs.put(work.resolve("notes.txt"), ("mine " + c).getBytes(StandardCharsets.UTF_8));
      Files.write(work.resolve("notes.txt"), theirs.get(work.resolve("notes.txt")));
      stale.cases++;
      CacheFolders.sweepStaleTmp(
          crashed.resolve("tmp"), CacheSafety.forCurrentUser(), System.currentTimeMillis());
      boolean asDocumented = true;
      for (Map.Entry<Path, Boolean> t : tmps.entrySet()) {
        asDocumented &= Files.exists(t.getKey()) != t.getValue();
      }
      lost = lost(theirs);
      stale.lost += lost;
      stale.asDocumented += asDocumented && lost == 0 ? 1 : 0;
    }
    StringBuilder text =
        new StringBuilder(
            "seed "
                + seed
                + ", "
                + n
                + " cases\n"
                + "| fault class | cases | handled as documented |"
                + " files fgc did not make lost | wrong answers |\n|---|---|---|---|---|\n");
    for (FolderRow r : table) {
      text.append(r.line()).append('\n');
    }
    CacheFixtures.report("cache-folder-faults", text.toString());
    for (FolderRow r : table) {
      assertEquals(r.cases, r.asDocumented, r.fault);
      assertEquals(0, r.lost + r.wrong, r.fault);
    }
  }

  /**
   * {@code count} genuine-looking entries in {@code root}'s entries/ (as an earlier fgc left them);
   * returns the count.
   */
  private int fgcItems(Path root, int count) throws IOException {
    for (int k = 0; k < count; k++) {
      fgcEntry(root.resolve("entries").resolve(randomHex(64)));
    }
    return count;
  }

  /** A folder holding the pristine entry's files. */
  private Path fgcEntry(Path folder) throws IOException {
    CacheFixtures.restore(folder, pristine);
    return folder;
  }

  /**
   * {@code count} files and folders of the user's, each at a random place of the cache folder's
   * layout (top, inside entries/, tmp/ or quarantine/, inside one of fgc's folders, as links to
   * outside), recorded with their content in {@code files} (links with their targets').
   */
  private void foreignItems(Path root, Path outside, int count, Map<Path, byte[]> files)
      throws IOException {
    List<Path> fgcFolders = new ArrayList<>();
    for (String sub : List.of("entries", "tmp", "quarantine")) {
      Path folder = root.resolve(sub);
      if (Files.isDirectory(folder)) {
        try (java.util.stream.Stream<Path> items = Files.list(folder)) {
          items.forEach(fgcFolders::add);
        }
      }
    }
    for (int k = 0; k < count; k++) {
      byte[] content =
          ("the user's " + k + " " + random.nextLong()).getBytes(StandardCharsets.UTF_8);
      Path at;
      switch (random.nextInt(6)) {
        case 0:
          at = root.resolve("thesis" + k + ".tex");
          break;
        case 1:
          at =
              root.resolve(List.of("entries", "tmp", "quarantine").get(random.nextInt(3)))
                  .resolve("work" + k)
                  .resolve("notes.txt");
          break;
        case 2:
          at =
              root.resolve(List.of("entries", "tmp", "quarantine").get(random.nextInt(3)))
                  .resolve("notes" + k + ".txt");
          break;
        case 3:
          // Named as fgc names entries, but the user's: a folder inside, which fgc never makes.
          at =
              root.resolve("entries")
                  .resolve(randomHex(64))
                  .resolve("drafts")
                  .resolve("chapter" + k + ".tex");
          break;
        case 4:
          at =
              fgcFolders.isEmpty()
                  ? root.resolve("x" + k)
                  : fgcFolders.get(random.nextInt(fgcFolders.size())).resolve("README" + k);
          break;
        default:
          // A link at an entry's place, to a folder of the user's: never followed, its files
          // untouched.
          Path target = outside.resolve("dir" + k + "-" + random.nextInt(1000));
          Files.createDirectories(target);
          Files.write(target.resolve("data.txt"), content);
          files.put(target.resolve("data.txt"), content);
          Path linkAt = root.resolve("entries").resolve(randomHex(64));
          Files.createDirectories(linkAt.getParent());
          Files.createSymbolicLink(linkAt, target);
          continue;
      }
      Files.createDirectories(at.getParent());
      Files.write(at, content);
      files.put(at, content);
    }
  }

  /** How many of {@code files} are gone or changed. */
  private static int lost(Map<Path, byte[]> files) throws IOException {
    int lost = 0;
    for (Map.Entry<Path, byte[]> f : files.entrySet()) {
      lost +=
          Files.isRegularFile(f.getKey())
                  && Arrays.equals(Files.readAllBytes(f.getKey()), f.getValue())
              ? 0
              : 1;
    }
    return lost;
  }

  private static int count(Path dir) {
    return CacheFixtures.count(dir);
  }

  private String randomHex(int digits) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < digits; i++) {
      sb.append("0123456789abcdef".charAt(random.nextInt(16)));
    }
    return sb.toString();
  }

  private void run(String fault, boolean miss, Fault damage) throws IOException {
    run(fault, miss ? Expect.MISS : Expect.BEFORE_DEFINE, damage);
  }

  private void run(String fault, Expect expect, Fault damage) throws IOException {
    boolean miss = expect == Expect.MISS;
    Row row =
        rows.stream()
            .filter(r -> r.fault.equals(fault))
            .findFirst()
            .orElseGet(
                () -> {
                  Row r = new Row(fault, expect);
                  rows.add(r);
                  return r;
                });
    CacheFixtures.restore(entry, pristine);
    EntryWriter.deleteRecursively(root.resolve("quarantine"));
    damage.apply(entry);
    notices.clear();
    int definedBefore = cache.definitions();
    row.tried++;
    try {
      LoadedSolver loaded = cache.load(SUDOKU4, BP);
      int defined = cache.definitions() - definedBefore;
      if (!miss && loaded.rejectedAt() != null) {
        row.stages.merge(loaded.rejectedAt(), 1, Integer::sum);
      }
      // Before define: only the recompiled class was defined. At the plan check: the doctored one
      // too.
      boolean caughtWhereExpected =
          expect == Expect.BEFORE_DEFINE
              ? loaded.rejectedAt() != null && loaded.rejectedAt().beforeDefine() && defined == 1
              : loaded.rejectedAt() == LoadStage.PLAN && defined == 2;
      boolean detected =
          !miss
              && caughtWhereExpected
              && CacheFixtures.count(root.resolve("quarantine")) == 1
              && notices.size() == 1;
      row.detected += detected ? 1 : 0;
      LoadedSolver.Origin want =
          miss ? LoadedSolver.Origin.COMPILED : LoadedSolver.Origin.RECOVERED;
      boolean recovered =
          loaded.origin() == want
              && cache.load(SUDOKU4, BP).origin() == LoadedSolver.Origin.CACHE_HIT;
      row.recovered += recovered ? 1 : 0;
      boolean right = CacheFixtures.answers(loaded).equals(expected);
      row.wrong += right ? 0 : 1;
      if (!(detected || miss) || !recovered || !right) {
        failures.add(
            fault
                + ": origin "
                + loaded.origin()
                + ", stage "
                + loaded.rejectedAt()
                + ", defined "
                + defined
                + ", notices "
                + notices);
      }
    } catch (RuntimeException | Error e) {
      row.unhandled++;
      failures.add(fault + ": " + e);
    }
  }

  private String nameEnding(String suffix) {
    List<String> names = pristine.keySet().stream().filter(n -> n.endsWith(suffix)).toList();
    assertEquals(1, names.size(), "the 4x4 solver is one class: " + names);
    return names.get(0);
  }

  private void flip(Path e, String file) throws IOException {
    byte[] bytes = pristine.get(file).clone();
    bytes[random.nextInt(bytes.length)] ^= (byte) (1 + random.nextInt(255));
    write(e, file, bytes);
  }

  private interface ManifestEdit {
    void edit(MutableManifest m);
  }

  /** The manifest's fields, editable, for forging a manifest that is sealed again. */
  private static final class MutableManifest {
    String compiler;
    final Map<String, Manifest.FileRecord> files;

    MutableManifest(Manifest m) {
      compiler = m.compiler;
      files = new LinkedHashMap<>(m.files);
    }
  }

  private static void reseal(Path e, ManifestEdit edit) throws IOException {
    Path file = e.resolve(Manifest.FILE_NAME);
    Manifest m = Manifest.parse(Files.readAllBytes(file));
    MutableManifest changed = new MutableManifest(m);
    edit.edit(changed);
    Files.write(
        file,
        new Manifest(
                m.key, changed.compiler, m.model, m.kind, m.algorithm, m.className, changed.files)
            .toBytes());
  }

  private static Manifest.FileRecord record(byte[] bytes) {
    return new Manifest.FileRecord(fgc.compilation.SolverKey.sha256Hex(bytes), bytes.length);
  }

  private static void write(Path e, String file, byte[] bytes) throws IOException {
    Files.write(e.resolve(file), bytes);
  }

  private byte[] randomBytes(int n) {
    byte[] b = new byte[n];
    random.nextBytes(b);
    return b;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
