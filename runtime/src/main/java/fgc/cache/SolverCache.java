package fgc.cache;

import fgc.algorithm.GeneratedAlgorithm;
import fgc.compiler.AlgorithmSpec;
import fgc.compiler.CompiledSolver;
import fgc.compiler.CompilerVersion;
import fgc.compiler.ModelCompiler;
import fgc.compiler.SolverKey;
import fgc.model.Model;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The content-addressed cache of compiled solvers. An entry is a folder named by its key holding the
 * class files, the generated source for reading, and a sealed {@link Manifest}. Nothing from disk is
 * defined as a class before the manifest's seal, key and compiler, and every file's size and
 * SHA-256, have been checked; then the class is defined in a fresh loader, its own key is compared,
 * and a short smoke run must give sane marginals. Any failure quarantines the entry and recompiles.
 *
 * <p>Entries are written into {@code tmp/} and moved into {@code entries/} with one atomic rename,
 * so a crash mid-write leaves only a temporary folder, never a half entry; when two writers race,
 * the rename of the second fails on the non-empty target and it keeps its (identical) result in
 * memory. No lock is taken: entries are immutable once renamed, so readers never wait and never
 * see a partial entry; racing writers at worst compile the same solver twice.
 *
 * <p>Safety: entries are only read from folders and files that this user owns and nobody else can
 * write ({@link CacheSafety}); otherwise fgc warns once and compiles in memory. A cache whose owner
 * has taken away its write permission is used read-only: hits are served, misses are compiled in
 * memory with one warning, and nothing is moved or written.
 */
public final class SolverCache {
  private static final long MAX_FILE_BYTES = 64L << 20;
  /** The text the key is the SHA-256 of: lets {@code verify} check an entry against its folder name. */
  static final String MATERIAL = "key-material.txt";

  private final Path root;
  private final Consumer<String> log;
  private final CacheSafety safety;
  private final EntryWriter.FileWriter fileWriter;
  private final Set<String> warned = new HashSet<>();
  /** How many times a class loader was asked to define solver classes: lets tests prove a fault never got that far. */
  private final AtomicInteger definitions = new AtomicInteger();

  /** A cache under {@code root}; {@code log} receives the one-line notices (recoveries, warnings). */
  public SolverCache(Path root, Consumer<String> log) {
    this(root, log, CacheSafety.forCurrentUser(), null);
  }

  SolverCache(Path root, Consumer<String> log, CacheSafety safety, EntryWriter.FileWriter fileWriter) {
    this.root = root.toAbsolutePath().normalize();
    this.log = log;
    this.safety = safety;
    this.fileWriter = fileWriter;
  }

  /** {@code $FGC_CACHE_DIR}, else {@code $XDG_CACHE_HOME/fgc}, else {@code ~/.cache/fgc}. */
  public static Path defaultRoot() {
    String explicit = System.getenv("FGC_CACHE_DIR");
    if (explicit != null && !explicit.isBlank()) {
      return Paths.get(explicit);
    }
    String xdg = System.getenv("XDG_CACHE_HOME");
    if (xdg != null && !xdg.isBlank()) {
      return Paths.get(xdg, "fgc");
    }
    return Paths.get(System.getProperty("user.home"), ".cache", "fgc");
  }

  public Path root() {
    return root;
  }

  Path entries() {
    return root.resolve("entries");
  }

  /** The folder an entry for {@code key} lives in. */
  public Path entryFolder(String key) {
    return entries().resolve(key);
  }

  /** A ready solver for {@code model} and {@code spec}: from the cache when its entry is sound, else compiled. */
  public LoadedSolver load(Model model, AlgorithmSpec spec) {
    String key = SolverKey.of(model, spec);
    String unsafe = unsafeFolders();
    if (unsafe != null) {
      warnOnce("unsafe", "fgc: warning: not using the cache: " + unsafe + "; compiled in memory");
      return compile(model, spec, key, null, false);
    }
    Path entry = entryFolder(key);
    LoadStage failed = null;
    if (Files.exists(entry, LinkOption.NOFOLLOW_LINKS)) {
      long start = System.nanoTime();
      try {
        return readEntry(entry, key, model, start);
      } catch (CorruptEntryException e) {
        if (e.stage() == LoadStage.SAFETY) {
          // Not ours to judge or move: it may be another user's. Leave it and do not trust it.
          warnOnce("unsafe " + key, "fgc: warning: not using cache entry " + key.substring(0, 12) + ": " + e.getMessage() + "; compiled in memory");
          return compile(model, spec, key, LoadStage.SAFETY, false);
        }
        log.accept("fgc: cache entry " + key.substring(0, 12) + " failed its check (" + e.getMessage() + "); "
            + writer().quarantine(entry) + ", recompiling");
        failed = e.stage();
      }
    }
    return compile(model, spec, key, failed, true);
  }

  /** Compiles and defines the solver; stores it when {@code store} and the cache can be written. */
  private LoadedSolver compile(Model model, AlgorithmSpec spec, String key, LoadStage failed, boolean store) {
    long start = System.nanoTime();
    CompiledSolver compiled = ModelCompiler.compile(model, spec);
    long compileNanos = System.nanoTime() - start;
    start = System.nanoTime();
    Constructor<? extends GeneratedAlgorithm> ctor = define(compiled.classes(), compiled.className(), key, model);
    long loadNanos = System.nanoTime() - start;
    boolean stored = store && store(compiled, model, spec);
    LoadedSolver.Origin origin = !stored ? LoadedSolver.Origin.IN_MEMORY
        : failed != null ? LoadedSolver.Origin.RECOVERED : LoadedSolver.Origin.COMPILED;
    return new LoadedSolver(key, ctor, origin, compileNanos, loadNanos, compiled.source(), failed);
  }

  /** Why the cache's own folders may not be trusted, or null; folders that do not exist yet are fine. */
  private String unsafeFolders() {
    String problem = safety.problem(root, true);
    return problem != null ? problem : safety.problem(entries(), false);
  }

  /** Made when needed: a cache hit never loads the writing code. */
  private EntryWriter writer() {
    return new EntryWriter(root, entries(), fileWriter);
  }

  /** Stores an entry; false (after one warning per cache) when the cache cannot be written. */
  private boolean store(CompiledSolver compiled, Model model, AlgorithmSpec spec) {
    EntryWriter writer = writer();
    if (!writer.writable()) {
      warnOnce("read-only", "fgc: warning: the cache at " + root + " is read-only; compiled in memory");
      return false;
    }
    try {
      writer.write(compiled, model, spec);
      return true;
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      warnOnce("unwritable", "fgc: warning: cannot write the cache at " + root + " (" + describe(e) + "); compiled in memory");
      return false;
    }
  }

  private void warnOnce(String kind, String message) {
    synchronized (warned) {
      if (!warned.add(kind)) {
        return;
      }
    }
    log.accept(message);
  }

  /** How many times solver classes were defined by this cache (compiled or loaded). */
  int definitions() {
    return definitions.get();
  }

  /**
   * Reads and checks the entry, a hit timed from {@code start}; throws {@link CorruptEntryException}
   * saying what is wrong. With a null model (verify), the smoke run cannot compare domains but checks
   * everything else.
   */
  private LoadedSolver readEntry(Path entry, String key, Model model, long start) {
    checkSafe(entry);
    Path manifestFile = entry.resolve(Manifest.FILE_NAME);
    checkSafe(manifestFile);
    Manifest manifest = Manifest.parse(readBounded(manifestFile, true));
    if (!manifest.key.equals(key)) {
      throw new CorruptEntryException(LoadStage.IDENTITY, "entry was written for key " + manifest.key.substring(0, 12));
    }
    if (!manifest.compiler.equals(CompilerVersion.id())) {
      throw new CorruptEntryException(LoadStage.IDENTITY, "entry was written by compiler " + manifest.compiler + ", this is " + CompilerVersion.id());
    }
    Map<String, byte[]> classes = new LinkedHashMap<>();
    String source = null;
    for (Map.Entry<String, Manifest.FileRecord> f : manifest.files.entrySet()) {
      Path file = entry.resolve(f.getKey());
      checkSafe(file);
      byte[] bytes = readBounded(file, false);
      if (bytes.length != f.getValue().size) {
        throw new CorruptEntryException(LoadStage.FILES, f.getKey() + " has " + bytes.length + " bytes, the manifest says " + f.getValue().size);
      }
      String sha256 = SolverKey.sha256Hex(bytes);
      if (!sha256.equals(f.getValue().sha256)) {
        throw new CorruptEntryException(LoadStage.FILES, f.getKey() + " does not match its SHA-256");
      }
      if (f.getKey().equals(MATERIAL) && !sha256.equals(key)) {
        throw new CorruptEntryException(LoadStage.FILES, "the entry's key material does not hash to its key");
      }
      if (f.getKey().endsWith(".class")) {
        classes.put(f.getKey().substring(0, f.getKey().length() - ".class".length()), bytes);
      } else if (f.getKey().endsWith(".java")) {
        source = new String(bytes, StandardCharsets.UTF_8);
      }
    }
    if (!classes.containsKey(manifest.className)) {
      throw new CorruptEntryException(LoadStage.FILES, "manifest names class " + manifest.className + " but holds no such class file");
    }
    if (!carriesKey(classes.get(manifest.className), key)) {
      throw new CorruptEntryException(LoadStage.CLASS_BYTES, "class " + manifest.className + " does not carry the entry's key");
    }
    Constructor<? extends GeneratedAlgorithm> constructor = define(classes, manifest.className, key, model);
    return new LoadedSolver(key, constructor, LoadedSolver.Origin.CACHE_HIT, 0, System.nanoTime() - start, source, null);
  }

  /**
   * Whether the class file holds {@code key} as a constant. Every generated class keeps its key in
   * its constant pool, so a class swapped in from another entry (with a manifest sealed again to
   * match) is refused before it is defined, and its static initialiser never runs. The bytes are
   * searched as a Latin-1 string with {@code String.indexOf} (a JIT intrinsic, and code the JDK's
   * own start-up has usually compiled already) rather than by a byte loop of our own, which a fresh
   * JVM ran interpreted over the whole class file.
   */
  static boolean carriesKey(byte[] classFile, String key) {
    return new String(classFile, StandardCharsets.ISO_8859_1).indexOf(key) >= 0;
  }

  private void checkSafe(Path path) {
    String problem = safety.problem(path, false);
    if (problem != null) {
      throw new CorruptEntryException(LoadStage.SAFETY, problem);
    }
  }

  /**
   * The whole file, if it is at most {@link #MAX_FILE_BYTES} long. Read with a plain
   * {@code FileInputStream}: {@code Files.readAllBytes} would load some thirty NIO channel classes
   * and a native library, a few milliseconds of a cache hit in a fresh JVM. Reading one byte past
   * the limit, rather than asking the size first, also catches a file that grows meanwhile. A failure
   * counts against the manifest's check or the files'; a flag rather than the {@link LoadStage}, so
   * that a hit never loads that enum.
   */
  private static byte[] readBounded(Path file, boolean manifest) {
    try (InputStream in = new FileInputStream(file.toFile())) {
      byte[] bytes = in.readNBytes((int) MAX_FILE_BYTES + 1);
      if (bytes.length > MAX_FILE_BYTES) {
        throw new CorruptEntryException(manifest ? LoadStage.MANIFEST : LoadStage.FILES, file.getFileName() + " is larger than any entry file can be");
      }
      return bytes;
    } catch (IOException e) {
      throw new CorruptEntryException(manifest ? LoadStage.MANIFEST : LoadStage.FILES, file.getFileName() + " cannot be read (" + e.getClass().getSimpleName() + ")");
    }
  }

  /**
   * Defines the verified bytes in a fresh loader, checks the class's own key and runs a smoke test.
   * Any linkage error, initialiser failure or insane marginal is a {@link CorruptEntryException}.
   */
  private Constructor<? extends GeneratedAlgorithm> define(Map<String, byte[]> classes, String className, String key, Model model) {
    definitions.incrementAndGet();
    try {
      ClassLoader loader = new VerifiedClassLoader(classes, GeneratedAlgorithm.class.getClassLoader());
      Class<?> type = Class.forName(className, true, loader);
      if (!GeneratedAlgorithm.class.isAssignableFrom(type)) {
        throw new CorruptEntryException(LoadStage.DEFINE, className + " does not implement GeneratedAlgorithm");
      }
      Constructor<? extends GeneratedAlgorithm> ctor = type.asSubclass(GeneratedAlgorithm.class).getDeclaredConstructor();
      GeneratedAlgorithm instance = ctor.newInstance();
      if (!key.equals(instance.key())) {
        throw new CorruptEntryException(LoadStage.DEFINE, "class was compiled for another key");
      }
      smokeTest(instance, model);
      return ctor;
    } catch (CorruptEntryException e) {
      throw e;
    } catch (Exception | LinkageError | StackOverflowError e) {
      Throwable cause = e instanceof java.lang.reflect.InvocationTargetException && e.getCause() != null ? e.getCause() : e;
      throw new CorruptEntryException(LoadStage.DEFINE, "class " + className + " failed to load: " + describe(cause), e);
    }
  }

  /**
   * A small smoke run, the last line of defence after the checksums against a class that loads but
   * does not fit its model: its variables and domains must be the model's, and the starting beliefs
   * (which touch every message) must lie in [0, 1] and sum to 1. No sweep: on a cold JVM one sweep
   * of a large model costs more than the rest of the load together.
   */
  private static void smokeTest(GeneratedAlgorithm solver, Model model) {
    if (model != null && solver.variableCount() != model.variableCount()) {
      throw new CorruptEntryException(LoadStage.SMOKE, "class has " + solver.variableCount() + " variables, the model " + model.variableCount());
    }
    int size = 1;
    for (int i = 0; i < solver.variableCount(); i++) {
      if (model != null && (solver.lowestValue(i) != model.domainOf(i).lo() || solver.domainSize(i) != model.domainOf(i).size())) {
        throw new CorruptEntryException(LoadStage.SMOKE, "class gives variable " + i + " another domain than the model");
      }
      size = Math.max(size, solver.domainSize(i));
    }
    double[] marginal = new double[size];
    solver.marginal(0, marginal);
    double sum = 0;
    for (int v = 0; v < solver.domainSize(0); v++) {
      if (!(marginal[v] >= 0 && marginal[v] <= 1)) {
        throw new CorruptEntryException(LoadStage.SMOKE, "smoke run gave marginal " + marginal[v]);
      }
      sum += marginal[v];
    }
    if (Math.abs(sum - 1) > 1e-9) {
      throw new CorruptEntryException(LoadStage.SMOKE, "smoke run gave marginals summing to " + sum);
    }
  }

  /** Throwable messages can be multi-kilobyte (VerifyError dumps bytecode): keep one short line. */
  static String describe(Throwable t) {
    String message = t.getMessage() == null ? "" : ": " + t.getMessage().split("\n", 2)[0];
    String line = t.getClass().getSimpleName() + message;
    return line.length() > 160 ? line.substring(0, 160) + "..." : line;
  }

  /** One line per entry: key, model, algorithm, compiler, size in bytes. */
  public List<EntryInfo> list() throws IOException {
    List<EntryInfo> out = new ArrayList<>();
    if (!Files.isDirectory(entries())) {
      return out;
    }
    try (Stream<Path> dirs = Files.list(entries())) {
      for (Path dir : (Iterable<Path>) dirs.sorted()::iterator) {
        out.add(EntryInfo.of(dir));
      }
    }
    return out;
  }

  /** Checks every entry fully (as a load would); with {@code repair}, quarantines the bad ones. */
  public List<EntryInfo> verify(boolean repair) throws IOException {
    List<EntryInfo> out = new ArrayList<>();
    for (EntryInfo info : list()) {
      String problem = null;
      try {
        readEntry(entryFolder(info.key()), info.key(), null, System.nanoTime());
      } catch (CorruptEntryException e) {
        problem = e.getMessage();
        if (repair && e.stage() != LoadStage.SAFETY) {
          problem += "; " + writer().quarantine(entryFolder(info.key()));
        }
      }
      out.add(info.withProblem(problem));
    }
    return out;
  }

  /** Deletes every entry, temporary folder and quarantined entry; returns how many entries went. */
  public int clear() throws IOException {
    int n = list().size();
    for (String sub : List.of("entries", "tmp", "quarantine")) {
      EntryWriter.deleteRecursively(root.resolve(sub));
    }
    return n;
  }
}
