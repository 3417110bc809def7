package fgc.cache;

import fgc.algorithm.GeneratedAlgorithm;
import fgc.algorithm.Propagator;
import fgc.compilation.AlgorithmSpec;
import fgc.compilation.CompiledSolver;
import fgc.compilation.PlannedModel;
import fgc.compilation.SolverCompiler;
import fgc.compilation.SolverCompilers;
import fgc.driver.exact.BitmaskTables;
import fgc.driver.exact.PropagatorSource;
import fgc.compilation.SolverKey;
import fgc.model.Model;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The content-addressed cache of compiled solvers. An entry is a folder named by its key holding the
 * class files, the generated source for reading, and a sealed {@link Manifest}. Nothing from disk is
 * defined as a class before the manifest's seal, key and compiler, and every file's size and
 * SHA-256, have been checked; then the class is defined in a fresh loader, its own key and its plan
 * digest (computed from its tables) are compared with the model's, and a short smoke run must give
 * sane marginals. Any failure quarantines the entry and recompiles.
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
 * memory with one warning, and nothing is moved or written. fgc writes only into a folder it made
 * (marked by {@link CacheFolders#MARKER}) or an empty one; see {@link CacheFolders}.
 *
 * <p>The exact search's generated propagators ({@link #propagators()}) are entries of the same kind,
 * keyed by the model under the algorithm name {@link #PROPAGATOR} and checked the same way, with the
 * digest of the model's search tables in place of the plan digest.
 */
public final class SolverCache {
  /**
   * The largest file an entry may hold, for the writer and the reader alike: a solver with a larger
   * file is compiled in memory and not stored, so fgc never writes an entry it would refuse.
   */
  static final long MAX_FILE_BYTES = 64L << 20;
  /**
   * The key material may be this many times larger than the other files (1 GiB): it is the
   * model's canonical text, which writes each distinct table once and a run of like factors as one
   * line (a 1000 x 1000 grid's two million couplings take some 40 KB), but a model whose factors
   * are all different, each with its own table, is written out factor by factor.
   */
  static final long MATERIAL_FILE_FACTOR = 16;
  /**
   * The most bytes an entry's file of this name may hold, for the writer and the reader alike.
   *
   * @param name the file's name in the entry
   * @param maxFileBytes the limit of every other file
   * @return the limit of this file
   */
  static long fileLimit(String name, long maxFileBytes) {
    return name.equals(MATERIAL) ? maxFileBytes * MATERIAL_FILE_FACTOR : maxFileBytes;
  }

  /** The text the key is the SHA-256 of: lets {@code verify} check an entry against its folder name. */
  static final String MATERIAL = "key-material.txt";

  /**
   * The algorithm name a propagator entry is keyed, listed and verified under: its key is
   * {@code SolverKey.of(model, exact-propagator)}. No algorithm of the registry has this name.
   */
  public static final String PROPAGATOR = "exact-propagator";
  static final AlgorithmSpec PROPAGATOR_SPEC = AlgorithmSpec.of(PROPAGATOR, Map.of());

  /** What a user can do about an entry fgc will not touch, when 'cache clear' would remove it. */
  static final String UNSAFE_ADVICE = "Remove it, or run 'fgc cache clear', which removes fgc's own entries "
      + "(and links inside them, without following them) and leaves what is not fgc's.";

  /**
   * What does remove the unsafe {@code entry}: 'cache clear' keeps a link in place of an entry and
   * another user's files, so for those the advice is the command that does.
   */
  String unsafeAdvice(Path entry) {
    if (Files.isSymbolicLink(entry)) {
      return "Remove the link itself with 'rm " + entry + "' (what it points to is not touched;"
          + " 'fgc cache clear' leaves a link it did not make).";
    }
    if (!safety.ownedByUser(entry)) {
      return "It is another user's: they (or an administrator) can remove it with 'rm -r " + entry
          + "'; 'fgc cache clear' leaves another user's files.";
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(entry)) {
      for (Path f : files) {
        if (!safety.ownedByUser(f)) {
          return "It holds another user's file " + f.getFileName() + ": they (or an administrator)"
              + " can remove it with 'rm -r " + entry + "'; 'fgc cache clear' leaves it.";
        }
      }
    } catch (IOException e) {
      // Unreadable: the general advice below.
    }
    return UNSAFE_ADVICE;
  }

  private final Path root;
  private final Consumer<String> log;
  private final CacheSafety safety;
  private final EntryWriter.FileWriter fileWriter;
  private final ModelChecks checks;
  private PropagatorSource propagators;
  private final long maxFileBytes;
  /** Whether a miss, or an entry that fails its check, is an error instead of a compile. */
  private volatile boolean loadOnly;
  private final Set<String> warned = new HashSet<>();
  /** How many times a class loader was asked to define solver classes: lets tests prove a fault never got that far. */
  private final AtomicInteger definitions = new AtomicInteger();
  /** How many times this cache asked the compiler for a class (a solver or a propagator): lets tests prove a hit compiled nothing. */
  private final AtomicInteger compilations = new AtomicInteger();

  /**
   * A cache under {@code root}; {@code log} receives the one-line notices (recoveries, warnings).
   *
   * @param root the cache folder
   * @param log receives the notices
   */
  public SolverCache(Path root, Consumer<String> log) {
    this(root, log, CacheSafety.forCurrentUser(), null, new CompilerChecks(), MAX_FILE_BYTES);
  }

  SolverCache(Path root, Consumer<String> log, CacheSafety safety, EntryWriter.FileWriter fileWriter) {
    this(root, log, safety, fileWriter, new CompilerChecks(), MAX_FILE_BYTES);
  }

  /** For tests: another compiler seam, or a lower file limit (both sides of the cache apply it). */
  SolverCache(Path root, Consumer<String> log, CacheSafety safety, EntryWriter.FileWriter fileWriter, ModelChecks checks, long maxFileBytes) {
    this.root = root.toAbsolutePath().normalize();
    this.log = log;
    this.safety = safety;
    this.fileWriter = fileWriter;
    this.checks = checks;
    this.maxFileBytes = maxFileBytes;
  }

  /**
   * Makes this cache load-only, for a program that must never compile: an entry is still checked in
   * full before it is used, but a miss, or an entry that fails its check, is a {@link NotCachedException}
   * rather than a compile (a failed entry is still quarantined). Returns this cache.
   *
   * @return this cache
   */
  public SolverCache loadOnly() {
    loadOnly = true;
    return this;
  }

  /** A load-only cache had no sound entry for what was asked. */
  public static final class NotCachedException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    NotCachedException(String message) {
      super(message);
    }
  }

  /**
   * {@code $FGC_CACHE_DIR}, else {@code $XDG_CACHE_HOME/fgc} when that is an absolute path, else
   * {@code ~/.cache/fgc}.
   *
   * @return the default cache folder
   */
  public static Path defaultRoot() {
    return defaultRoot(System.getenv("FGC_CACHE_DIR"), System.getenv("XDG_CACHE_HOME"),
        System.getProperty("user.home"));
  }

  /** {@link #defaultRoot()} from the given values, for tests. */
  static Path defaultRoot(String explicit, String xdg, String home) {
    if (explicit != null && !explicit.isBlank()) {
      return Paths.get(explicit);
    }
    // The XDG Base Directory specification: a relative path there is invalid and is ignored.
    if (xdg != null && !xdg.isBlank() && Paths.get(xdg).isAbsolute()) {
      return Paths.get(xdg, "fgc");
    }
    return Paths.get(home, ".cache", "fgc");
  }

  /**
   * The cache folder.
   *
   * @return the folder
   */
  public Path root() {
    return root;
  }

  Path entries() {
    return root.resolve(CacheFolders.ENTRIES);
  }

  /**
   * The folder an entry for {@code key} lives in.
   *
   * @param key a cache key
   * @return the entry's folder
   */
  public Path entryFolder(String key) {
    return entries().resolve(key);
  }

  /**
   * Propagators for the exact search from this cache: loaded from their entries when sound, else
   * generated by the compiler on the class path and stored (null when there is no compiler: the
   * search then propagates with its own code), on this cache's one background thread, and kept in
   * memory for the last few models. A load-only cache without the entry gives none, with one notice.
   *
   * @return the propagators, or null without a compiler
   */
  public PropagatorSource propagators() {
    synchronized (this) {
      if (propagators == null) {
        SolverCompiler compiler = SolverCompilers.find();
        if (compiler == null) {
          return null;
        }
        ExecutorService background = Executors.newSingleThreadExecutor(task -> {
          Thread thread = new Thread(task, "fgc-cache-compiler");
          thread.setDaemon(true);
          return thread;
        });
        propagators = new CachedPropagators(this, compiler, background);
      }
      return propagators;
    }
  }

  /**
   * The checked class of the propagator for {@code model}, whose tables are {@code tables} (which
   * the compiler's propagator must fit): from its entry when sound, else compiled and stored like a
   * solver. Any failure of the entry quarantines it and recompiles; a load-only cache throws
   * {@link NotCachedException} instead, after one notice.
   */
  Constructor<? extends Propagator> loadPropagator(Model model, BitmaskTables tables) {
    String key = SolverKey.of(model, PROPAGATOR_SPEC);
    String digest = tables.digest();
    String unsafe = unsafeFolders();
    if (unsafe != null) {
      warnOnce("unsafe", "fgc: warning: not using the cache: " + unsafe + "; compiled in memory");
      return compilePropagator(model, tables, key, digest, false);
    }
    Path entry = entryFolder(key);
    if (Files.exists(entry, LinkOption.NOFOLLOW_LINKS)) {
      byte[][] manifestRead = new byte[1][];
      try {
        CheckedFiles files = readFiles(entry, key, manifestRead);
        return definePropagator(files.classes, files.manifest.className, key, digest);
      } catch (CorruptEntryException e) {
        if (e.stage() == LoadStage.SAFETY) {
          warnOnce("unsafe " + key, "fgc: warning: cache entry " + key.substring(0, 12) + " is unsafe (" + e.getMessage()
              + "), left in place and not used; compiled in memory. " + unsafeAdvice(entry));
          return compilePropagator(model, tables, key, digest, false);
        }
        log.accept("fgc: cache entry " + key.substring(0, 12) + " (the exact search's propagator for model " + model.name()
            + ") failed its check (" + e.getMessage() + "); " + writer().quarantine(entry, manifestRead[0]) + ", recompiling");
      }
    }
    return compilePropagator(model, tables, key, digest, true);
  }

  private Constructor<? extends Propagator> compilePropagator(Model model, BitmaskTables tables, String key, String digest, boolean store) {
    if (loadOnly) {
      warnOnce("load-only " + key, "fgc: the cache at " + root + " is load-only and holds no sound propagator for model " + model.name()
          + " (key " + key.substring(0, 12) + "): the exact search propagates with its own code, which gives the same answers");
      throw new NotCachedException("the cache at " + root + " is load-only and has no sound propagator for model " + model.name());
    }
    compilations.incrementAndGet();
    CompiledSolver compiled = SolverCompilers.require().compilePropagator(tables, key);
    Constructor<? extends Propagator> ctor;
    try {
      ctor = definePropagator(compiled.classes(), compiled.className(), key, digest);
    } catch (CorruptEntryException e) {
      // Never stored, never used: the search is complete with its own propagation.
      throw new IllegalStateException("internal error: the propagator just compiled for model " + model.name()
          + " failed its check: " + e.getMessage(), e);
    }
    if (store) {
      store(compiled, model, PROPAGATOR_SPEC);
    }
    return ctor;
  }

  /**
   * Defines a propagator's verified bytes in a fresh loader and checks that it reports {@code key}
   * and {@code digest}, the digest of the model's tables. No smoke run: the digest ties it to the
   * tables, and every answer the search gives is checked against the model anyway.
   */
  private Constructor<? extends Propagator> definePropagator(Map<String, byte[]> classes, String className, String key, String digest) {
    definitions.incrementAndGet();
    try {
      Class<?> type = Class.forName(className, true, new VerifiedClassLoader(classes, Propagator.class.getClassLoader()));
      if (!Propagator.class.isAssignableFrom(type)) {
        throw new CorruptEntryException(LoadStage.DEFINE, className + " is not a Propagator");
      }
      Constructor<? extends Propagator> ctor = type.asSubclass(Propagator.class).getDeclaredConstructor();
      Propagator instance = ctor.newInstance();
      if (!key.equals(instance.key())) {
        throw new CorruptEntryException(LoadStage.DEFINE, "class was compiled for another key");
      }
      String reported = instance.tablesDigest();
      if (!digest.equals(reported)) {
        throw new CorruptEntryException(LoadStage.PLAN, "propagator reports tables digest " + abbreviate(reported)
            + ", the model's tables give " + abbreviate(digest) + ": it was made for other tables");
      }
      return ctor;
    } catch (CorruptEntryException e) {
      throw e;
    } catch (Exception | LinkageError | StackOverflowError e) {
      Throwable cause = e instanceof java.lang.reflect.InvocationTargetException && e.getCause() != null ? e.getCause() : e;
      throw new CorruptEntryException(LoadStage.DEFINE, "class " + className + " failed to load: " + describe(cause), e);
    }
  }

  /**
   * A ready solver for {@code model} and {@code spec}: from the cache when its entry is sound, else
   * compiled.
   *
   * @param model the model
   * @param spec the algorithm and its options
   * @return the solver
   */
  public LoadedSolver load(Model model, AlgorithmSpec spec) {
    if (!checks.checksPlan(spec)) {
      // Nothing is loaded that the checks cannot tie to its model: such solvers live in memory only.
      return compile(model, spec, SolverKey.of(model, spec), null, false, PlannedDigest.NONE);
    }
    // The model's plan digest, which every way on needs before a class is defined, is worked out
    // on a thread of its own while the key is computed and the entry read and hashed: in a fresh
    // JVM it costs as much as the rest of a hit. A miss waits for it, compiles from its plan, and
    // checks the class against its digest: the model is planned once either way.
    PlannedDigest planned = PlannedDigest.start(checks, model, spec);
    String key = SolverKey.of(model, spec);
    String unsafe = unsafeFolders();
    if (unsafe != null) {
      warnOnce("unsafe", "fgc: warning: not using the cache: " + unsafe + "; compiled in memory");
      return compile(model, spec, key, null, false, planned);
    }
    Path entry = entryFolder(key);
    LoadStage failed = null;
    if (Files.exists(entry, LinkOption.NOFOLLOW_LINKS)) {
      // A hit needs the digest only: the plan is not kept beside the class being read and defined.
      planned.dropPlan();
      long start = System.nanoTime();
      byte[][] manifestRead = new byte[1][];
      try {
        return readEntry(entry, key, model, spec, start, manifestRead, planned);
      } catch (CorruptEntryException e) {
        if (e.stage() == LoadStage.SAFETY) {
          // Not ours to judge or move: it may be another user's. Leave it and do not trust it.
          warnOnce("unsafe " + key, "fgc: warning: cache entry " + key.substring(0, 12) + " is unsafe (" + e.getMessage()
              + "), left in place and not used; compiled in memory. " + unsafeAdvice(entry));
          return compile(model, spec, key, LoadStage.SAFETY, false, planned);
        }
        log.accept("fgc: cache entry " + key.substring(0, 12) + " failed its check (" + e.getMessage() + "); "
            + writer().quarantine(entry, manifestRead[0]) + ", recompiling");
        failed = e.stage();
      }
    }
    return compile(model, spec, key, failed, true, planned);
  }

  /** Compiles and defines the solver; stores it when {@code store} and the cache can be written. */
  private LoadedSolver compile(Model model, AlgorithmSpec spec, String key, LoadStage failed, boolean store, PlannedDigest planned) {
    if (loadOnly) {
      throw new NotCachedException("the cache at " + root + " is load-only and has no sound entry for model " + model.name()
          + " (" + spec.canonicalText() + ", key " + key.substring(0, 12) + "); compile it into the cache first"
          + " (fgc compile), or precompile it with fgc-maven-plugin");
    }
    // Compiled once the digest's planning is done, from its plan: a large model is planned once,
    // and its plan and compile never share the heap with a second plan. A model the planner refused
    // is refused by the compile (which plans it again), in the compiler's words.
    // The compile's time includes the wait for the plan: planning is part of compiling.
    long start = System.nanoTime();
    planned.await();
    compilations.incrementAndGet();
    CompiledSolver compiled = SolverCompilers.require().compile(model, spec, planned.takePlan());
    long compileNanos = System.nanoTime() - start;
    start = System.nanoTime();
    Constructor<? extends GeneratedAlgorithm> ctor;
    boolean storable = store;
    try {
      ctor = define(compiled.classes(), compiled.className(), key, model, spec, planned);
    } catch (CorruptEntryException e) {
      if (e.stage() != LoadStage.PLAN) {
        throw new IllegalStateException("the class just compiled for model " + model.name() + " failed its check: " + e.getMessage(), e);
      }
      // The class is as compiled, but a load would refuse it: never store what would be refused.
      warnOnce("plan " + key, "fgc: warning: internal error: " + e.getMessage() + "; the solver is compiled in memory, not cached");
      ctor = defineUnchecked(compiled.classes(), compiled.className(), model, spec);
      storable = false;
    }
    long loadNanos = System.nanoTime() - start;
    boolean stored = storable && store(compiled, model, spec);
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
    return new EntryWriter(root, entries(), fileWriter, safety, maxFileBytes);
  }

  /** Stores an entry; false (after one warning per cache and kind) when it is not stored. */
  private boolean store(CompiledSolver compiled, Model model, AlgorithmSpec spec) {
    EntryWriter writer = writer();
    if (Files.exists(root) && !Files.isDirectory(root)) {
      warnOnce("not a folder", "fgc: warning: the cache folder " + root + " is a file, not a folder; compiled in memory");
      return false;
    }
    if (!writer.writable()) {
      warnOnce("read-only", "fgc: warning: the cache at " + root + " is read-only; compiled in memory");
      return false;
    }
    try {
      String notStored = writer.write(compiled, model, spec);
      if (notStored != null) {
        warnOnce(notStored, "fgc: warning: " + notStored + "; compiled in memory, not cached");
        return false;
      }
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

  /** How many times this cache compiled a class (a solver or a propagator). */
  int compilations() {
    return compilations.get();
  }

  /**
   * Reads and checks the entry, a hit timed from {@code start}; throws {@link CorruptEntryException}
   * saying what is wrong. {@code manifestRead[0]} receives the manifest's bytes as read (for the
   * quarantine's check that it moves the entry it judged).
   */
  private LoadedSolver readEntry(Path entry, String key, Model model, AlgorithmSpec spec, long start, byte[][] manifestRead,
      PlannedDigest planned) {
    CheckedFiles files = readFiles(entry, key, manifestRead);
    Constructor<? extends GeneratedAlgorithm> constructor = define(files.classes, files.manifest.className, key, model, spec, planned);
    return new LoadedSolver(key, constructor, LoadedSolver.Origin.CACHE_HIT, 0, System.nanoTime() - start, files.source, null);
  }

  /**
   * Checks the entry as a load does, against the model and algorithm its key material reads back as
   * once its checksum has been checked (verify): a solver against its model's plan digest, a
   * propagator against the digest of its model's tables.
   */
  private void verifyEntry(Path entry, String key, byte[][] manifestRead) {
    CheckedFiles files = readFiles(entry, key, manifestRead);
    KeyMaterial read = readMaterial(files.material, key, files.manifest.model);
    try {
      if (read.spec.name().equals(PROPAGATOR)) {
        definePropagator(files.classes, files.manifest.className, key, BitmaskTables.of(read.model).digest());
      } else {
        define(files.classes, files.manifest.className, key, read.model, read.spec, PlannedDigest.now(checks, read.model, read.spec));
      }
    } catch (CorruptEntryException e) {
      throw e;
    } catch (RuntimeException e) {
      // This fgc would not have compiled the model its key material names: not an entry it wrote.
      throw new CorruptEntryException(LoadStage.IDENTITY, "its model does not compile with this fgc (" + describe(e) + ")");
    }
  }

  /** An entry's files once every check on bytes has passed: its manifest, classes by binary name, source and key material. */
  private static final class CheckedFiles {
    final Manifest manifest;
    final Map<String, byte[]> classes;
    final byte[] source;
    final byte[] material;

    CheckedFiles(Manifest manifest, Map<String, byte[]> classes, byte[] source, byte[] material) {
      this.manifest = manifest;
      this.classes = classes;
      this.source = source;
      this.material = material;
    }
  }

  /**
   * Reads the entry and runs every check on its bytes (safety, manifest, identity, files, the key in
   * the class bytes); throws {@link CorruptEntryException} saying what is wrong. {@code manifestRead[0]}
   * receives the manifest's bytes as read.
   */
  private CheckedFiles readFiles(Path entry, String key, byte[][] manifestRead) {
    checkSafe(entry);
    Path manifestFile = entry.resolve(Manifest.FILE_NAME);
    checkSafe(manifestFile);
    byte[] manifestBytes = readBounded(manifestFile, true, maxFileBytes, -1);
    manifestRead[0] = manifestBytes;
    Manifest manifest = Manifest.parse(manifestBytes);
    if (!manifest.key.equals(key)) {
      throw new CorruptEntryException(LoadStage.IDENTITY, "entry was written for key " + manifest.key.substring(0, 12));
    }
    if (!manifest.compiler.equals(SolverCompilers.require().identity())) {
      throw new CorruptEntryException(LoadStage.IDENTITY, "entry was written by compiler " + manifest.compiler + ", this is " + SolverCompilers.require().identity());
    }
    Map<String, byte[]> classes = new LinkedHashMap<>();
    byte[] source = null;
    byte[] material = null;
    for (Map.Entry<String, Manifest.FileRecord> f : manifest.files.entrySet()) {
      Path file = entry.resolve(f.getKey());
      checkSafe(file);
      byte[] bytes = readBounded(file, false, fileLimit(f.getKey(), maxFileBytes), f.getValue().size);
      if (bytes.length != f.getValue().size) {
        throw new CorruptEntryException(LoadStage.FILES, f.getKey() + " has " + bytes.length + " bytes, the manifest says " + f.getValue().size);
      }
      String sha256 = SolverKey.sha256Hex(bytes);
      if (!sha256.equals(f.getValue().sha256)) {
        throw new CorruptEntryException(LoadStage.FILES, f.getKey() + " does not match its SHA-256");
      }
      if (f.getKey().equals(MATERIAL)) {
        if (!sha256.equals(key)) {
          throw new CorruptEntryException(LoadStage.FILES, "the entry's key material does not hash to its key");
        }
        material = bytes;
      }
      if (f.getKey().endsWith(".class")) {
        classes.put(f.getKey().substring(0, f.getKey().length() - ".class".length()), bytes);
      } else if (f.getKey().endsWith(".java")) {
        source = bytes; // decoded when asked for: a large model's source is tens of megabytes
      }
    }
    if (!classes.containsKey(manifest.className)) {
      throw new CorruptEntryException(LoadStage.FILES, "manifest names class " + manifest.className + " but holds no such class file");
    }
    if (!carriesKey(classes.get(manifest.className), key)) {
      throw new CorruptEntryException(LoadStage.CLASS_BYTES, "class " + manifest.className + " does not carry the entry's key");
    }
    return new CheckedFiles(manifest, classes, source, material);
  }

  /** The model (named as its manifest names it) and algorithm of a verified entry, which must key to the entry's key. */
  private static KeyMaterial readMaterial(byte[] material, String key, String name) {
    if (material == null) {
      throw new CorruptEntryException(LoadStage.FILES, "the manifest lists no " + MATERIAL);
    }
    KeyMaterial read;
    try {
      read = KeyMaterial.parse(new String(material, StandardCharsets.UTF_8), name);
    } catch (IllegalArgumentException e) {
      throw new CorruptEntryException(LoadStage.IDENTITY, MATERIAL + " is not a model this fgc reads (" + e.getMessage() + ")");
    }
    if (!SolverKey.of(read.model, read.spec).equals(key)) {
      throw new CorruptEntryException(LoadStage.IDENTITY, MATERIAL + " reads back as a model of another key");
    }
    return read;
  }

  /**
   * Whether the class file holds {@code key} as a constant. Every generated class keeps its key in
   * its constant pool, so a class swapped in from another entry (with a manifest sealed again to
   * match) is refused before it is defined, and its static initialiser never runs. The bytes are
   * searched as a Latin-1 string with {@code String.indexOf} (a JIT intrinsic, and code the JDK's
   * own start-up has usually compiled already) rather than by a byte loop of our own, which a fresh
   * JVM ran interpreted over the whole class file. Only a first filter: a class whose key was
   * rewritten in its bytes passes it, and the plan digest ({@link #define}) is what ties a class to its model.
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
   * The whole file, if it is at most {@code limit} bytes long (what the writer also keeps to). Read
   * with a plain {@code FileInputStream}: {@code Files.readAllBytes} would load some thirty NIO
   * channel classes and a native library, a few milliseconds of a cache hit in a fresh JVM. Reading
   * one byte past the limit, rather than asking the size first, also catches a file that grows
   * meanwhile. A failure counts against the manifest's check or the files'; a flag rather than the
   * {@link LoadStage}, so that a hit never loads that enum. A file whose size the manifest gives
   * ({@code expected}, else -1) is read into one array of that size, then one byte more is asked
   * for: a large file is not read in pieces and copied again; one of another size is read again
   * in full, for the check to say its size.
   */
  private byte[] readBounded(Path file, boolean manifest, long limit, long expected) {
    try (InputStream in = new FileInputStream(file.toFile())) {
      if (expected >= 0 && expected <= limit) {
        byte[] exact = new byte[(int) expected];
        if (in.readNBytes(exact, 0, exact.length) == exact.length && in.read() < 0) {
          return exact;
        }
        return readBounded(file, manifest, limit, -1);
      }
      byte[] bytes = in.readNBytes((int) limit + 1);
      if (bytes.length > limit) {
        throw new CorruptEntryException(manifest ? LoadStage.MANIFEST : LoadStage.FILES, file.getFileName()
            + " is larger than fgc writes an entry file (" + (limit >> 20) + " MB): not an entry of this fgc");
      }
      return bytes;
    } catch (IOException e) {
      throw new CorruptEntryException(manifest ? LoadStage.MANIFEST : LoadStage.FILES, file.getFileName() + " cannot be read (" + e.getClass().getSimpleName() + ")");
    }
  }

  /**
   * Defines the verified bytes in a fresh loader, checks the class's own key and plan digest, and
   * runs a smoke test. Any linkage error, initialiser failure, foreign plan or insane marginal is a
   * {@link CorruptEntryException}.
   */
  private Constructor<? extends GeneratedAlgorithm> define(Map<String, byte[]> classes, String className, String key, Model model,
      AlgorithmSpec spec, PlannedDigest digest) {
    // Planned before the class is touched: a model the planner refuses is the model's error, thrown
    // as it would be by a compile, never taken for a fault of the class.
    String planned = digest.get();
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
      String reported = instance.planDigest();
      if (planned != null && !planned.equals(reported)) {
        throw new CorruptEntryException(LoadStage.PLAN, "class reports plan digest " + abbreviate(reported)
            + ", the model's plan gives " + abbreviate(planned) + ": it was made for another model or plan");
      }
      smokeTest(instance, model, spec);
      return ctor;
    } catch (CorruptEntryException e) {
      throw e;
    } catch (Exception | LinkageError | StackOverflowError e) {
      Throwable cause = e instanceof java.lang.reflect.InvocationTargetException && e.getCause() != null ? e.getCause() : e;
      throw new CorruptEntryException(LoadStage.DEFINE, "class " + className + " failed to load: " + describe(cause), e);
    }
  }

  /** A class just compiled (by this process, from this model) whose digest the check could not confirm. */
  private Constructor<? extends GeneratedAlgorithm> defineUnchecked(Map<String, byte[]> classes, String className, Model model, AlgorithmSpec spec) {
    definitions.incrementAndGet();
    try {
      Class<?> type = Class.forName(className, true, new VerifiedClassLoader(classes, GeneratedAlgorithm.class.getClassLoader()));
      Constructor<? extends GeneratedAlgorithm> ctor = type.asSubclass(GeneratedAlgorithm.class).getDeclaredConstructor();
      smokeTest(ctor.newInstance(), model, spec);
      return ctor;
    } catch (ReflectiveOperationException | LinkageError e) {
      throw new IllegalStateException("the class just compiled for model " + model.name() + " failed to load: " + describe(e), e);
    }
  }

  /**
   * The plan digest of a model, worked out by the planner ({@link ModelChecks#planDigest}) on a
   * daemon thread of its own from {@link #start} on, or at once ({@link #now}); {@link #get} waits
   * for it and throws what the planner threw (a refusal of the model), as a compile would.
   * A class rather than a lambda: a fresh JVM's first lambda costs a cache hit a millisecond.
   */
  private static final class PlannedDigest implements Runnable {
    /** For an algorithm whose classes carry no plan digest. */
    static final PlannedDigest NONE = new PlannedDigest(null, null, null);

    private final ModelChecks checks;
    private final Model model;
    private final AlgorithmSpec spec;
    private boolean done;
    private String digest;
    /** The plan with its digest, until a compile takes it or it is dropped. */
    private PlannedModel planned;
    /** Whether the plan is kept when the planning ends: not once a hit has been found. */
    private boolean keep = true;
    private Throwable failure;

    private PlannedDigest(ModelChecks checks, Model model, AlgorithmSpec spec) {
      this.checks = checks;
      this.model = model;
      this.spec = spec;
      this.done = checks == null;
    }

    static PlannedDigest start(ModelChecks checks, Model model, AlgorithmSpec spec) {
      PlannedDigest planned = new PlannedDigest(checks, model, spec);
      Thread thread = new Thread(planned, "fgc-plan-digest");
      thread.setDaemon(true);
      thread.start();
      return planned;
    }

    static PlannedDigest now(ModelChecks checks, Model model, AlgorithmSpec spec) {
      if (!checks.checksPlan(spec)) {
        return NONE;
      }
      PlannedDigest planned = new PlannedDigest(checks, model, spec);
      planned.run();
      return planned;
    }

    @Override
    public void run() {
      PlannedModel p = null;
      Throwable t = null;
      try {
        p = checks.plan(model, spec);
      } catch (RuntimeException | Error e) {
        t = e;
      }
      synchronized (this) {
        planned = keep ? p : null;
        digest = p == null ? null : p.digest();
        failure = t;
        done = true;
        notifyAll();
      }
    }

    /** The digest (null for none); rethrows the planner's exception. */
    synchronized String get() {
      await();
      if (failure instanceof RuntimeException) {
        throw (RuntimeException) failure;
      }
      if (failure instanceof Error) {
        throw (Error) failure;
      }
      return digest;
    }

    /** Lets the plan go, now or when the planning ends; the digest stays. */
    synchronized void dropPlan() {
      keep = false;
      planned = null;
    }

    /** The plan for a compile to take, once (null when there is none, or the planner failed); waits for it. */
    synchronized PlannedModel takePlan() {
      await();
      PlannedModel p = planned;
      planned = null;
      return p;
    }

    /** Waits until the planner is done, whatever it gave. */
    synchronized void await() {
      boolean interrupted = false;
      while (!done) {
        try {
          wait();
        } catch (InterruptedException e) {
          interrupted = true; // the digest is needed either way: wait on, and keep the interrupt
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private static String abbreviate(String digest) {
    return digest == null ? "none" : digest.length() > 12 ? digest.substring(0, 12) : digest;
  }

  /**
   * A small smoke run, the last line of defence after the checksums and the plan digest against a
   * class that loads but does not fit its model: its variables and domains must be the model's, and
   * the starting belief of variable 0 (which touches its messages) must lie in [0, 1] and sum to 1,
   * unless the reference semantics give the model the same degenerate start: that is the model's
   * fault (weights that overflow, or that leave no value), not the class's, and is not a corrupt
   * class. No sweep: on a cold JVM one sweep of a large model costs more than the rest of the load.
   * An exact class has no starting belief short of its whole inference (its first marginal is the
   * answer, and may take minutes), so for it the check stops at the variables and domains: its
   * constructor and plan digest have run by then, and the digest ties it to the model.
   */
  void smokeTest(GeneratedAlgorithm solver, Model model, AlgorithmSpec spec) {
    if (solver.variableCount() != model.variableCount()) {
      throw new CorruptEntryException(LoadStage.SMOKE, "class has " + solver.variableCount() + " variables, the model " + model.variableCount());
    }
    int size = 1;
    for (int i = 0; i < solver.variableCount(); i++) {
      if (solver.lowestValue(i) != model.domainOf(i).lo() || solver.domainSize(i) != model.domainOf(i).size()) {
        throw new CorruptEntryException(LoadStage.SMOKE, "class gives variable " + i + " another domain than the model");
      }
      size = Math.max(size, solver.domainSize(i));
    }
    if (solver.exact()) {
      return;
    }
    double[] marginal = new double[size];
    solver.marginal(0, marginal);
    if (!isDistribution(marginal, solver.domainSize(0)) && referenceStartIsDistribution(model, spec)) {
      throw new CorruptEntryException(LoadStage.SMOKE, "smoke run gave a starting belief " + describe(marginal, solver.domainSize(0))
          + " where the reference semantics give a distribution");
    }
  }

  /**
   * Whether the reference gives the model a sound start. A reference that cannot run the model
   * cannot blame the class either: the class has passed its checksums and plan check, so whatever
   * is degenerate in its start came with the model (or the compiler), not with the cache.
   */
  private boolean referenceStartIsDistribution(Model model, AlgorithmSpec spec) {
    try {
      return checks.startIsDistribution(model, spec);
    } catch (RuntimeException | OutOfMemoryError e) {
      return false;
    }
  }

  /**
   * Whether {@code p[0 .. n)} lies in [0, 1] and sums to 1.
   *
   * @param p the entries
   * @param n how many entries to check
   * @return true for a distribution
   */
  public static boolean isDistribution(double[] p, int n) {
    double sum = 0;
    for (int v = 0; v < n; v++) {
      if (!(p[v] >= 0 && p[v] <= 1)) {
        return false;
      }
      sum += p[v];
    }
    return Math.abs(sum - 1) <= 1e-9;
  }

  private static String describe(double[] p, int n) {
    return java.util.Arrays.toString(java.util.Arrays.copyOf(p, n));
  }

  /** Throwable messages can be multi-kilobyte (VerifyError dumps bytecode): keep one short line. */
  static String describe(Throwable t) {
    String message = t.getMessage() == null ? "" : ": " + t.getMessage().split("\n", 2)[0];
    String line = t.getClass().getSimpleName() + message;
    return line.length() > 160 ? line.substring(0, 160) + "..." : line;
  }

  /**
   * One line per entry: key, model, algorithm, compiler, size in bytes.
   *
   * @return the entries
   * @throws IOException when the cache folder cannot be read
   */
  public List<EntryInfo> list() throws IOException {
    List<EntryInfo> out = new ArrayList<>();
    if (!Files.isDirectory(entries())) {
      return out;
    }
    try (Stream<Path> dirs = Files.list(entries())) {
      for (Path dir : (Iterable<Path>) dirs.sorted()::iterator) {
        if (CacheFolders.isKey(dir.getFileName().toString())) {
          out.add(EntryInfo.of(dir));
        }
      }
    }
    return out;
  }

  /**
   * Checks every entry fully, as a load would, against the model and algorithm its key material
   * reads back as; with {@code repair}, quarantines the bad ones. An unsafe entry (a link inside,
   * another owner, writable by others) is reported and left in place either way.
   *
   * @param repair whether to quarantine bad entries
   * @return the entries, with what was wrong and what was done
   * @throws IOException when the cache folder cannot be read
   */
  public List<EntryInfo> verify(boolean repair) throws IOException {
    List<EntryInfo> out = new ArrayList<>();
    for (EntryInfo info : list()) {
      EntryInfo checked = info;
      byte[][] judged = new byte[1][];
      try {
        verifyEntry(entryFolder(info.key()), info.key(), judged);
      } catch (CorruptEntryException e) {
        if (e.stage() == LoadStage.SAFETY) {
          checked = info.withProblem(e.getMessage() + "; unsafe, left in place. "
              + unsafeAdvice(entryFolder(info.key())), EntryInfo.Action.UNSAFE_LEFT);
        } else if (repair) {
          String done = writer().quarantine(entryFolder(info.key()), judged[0]);
          checked = info.withProblem(e.getMessage() + "; " + done,
              done.startsWith("moved to") ? EntryInfo.Action.QUARANTINED : EntryInfo.Action.LEFT);
        } else {
          checked = info.withProblem(e.getMessage(), EntryInfo.Action.LEFT);
        }
      }
      out.add(checked);
    }
    return out;
  }

  /**
   * Removes what fgc made under the root: every entry (and any link inside one, never what it points
   * to), temporary folder and quarantined entry it recognises by name and content, and nothing else.
   * Refuses a folder without fgc's marker unless it holds only fgc's items (a cache an earlier fgc
   * made); see {@link ClearReport}.
   *
   * @return what was removed and what was kept
   * @throws IOException when the cache folder cannot be read
   */
  public ClearReport clear() throws IOException {
    ClearReport report = new ClearReport(root);
    if (!Files.exists(root)) {
      return report;
    }
    String unsafe = safety.problem(root, true);
    if (unsafe != null) {
      return report.refused(unsafe);
    }
    if (!Files.isDirectory(root)) {
      return report.refused(root + " is not a folder");
    }
    if (!CacheFolders.marked(root)) {
      List<String> foreign = CacheFolders.foreign(root, 3);
      if (!foreign.isEmpty()) {
        return report.refused(CacheFolders.notOurs(root, foreign));
      }
    }
    for (String sub : List.of(CacheFolders.ENTRIES, CacheFolders.TMP, CacheFolders.QUARANTINE)) {
      Path folder = root.resolve(sub);
      if (!Files.exists(folder, LinkOption.NOFOLLOW_LINKS)) {
        continue;
      }
      String problem = safety.problem(folder, false);
      if (problem != null) {
        report.kept(sub, problem);
        continue;
      }
      try (DirectoryStream<Path> items = Files.newDirectoryStream(folder)) {
        for (Path item : items) {
          String name = item.getFileName().toString();
          boolean ours = sub.equals(CacheFolders.ENTRIES) ? CacheFolders.isKey(name)
              : sub.equals(CacheFolders.TMP) ? CacheFolders.isTmpName(name) : CacheFolders.isQuarantineName(name);
          CacheFolders.Removal done = ours ? CacheFolders.remove(item, safety)
              : new CacheFolders.Removal(0, "not made by fgc");
          if (done.kept != null) {
            report.kept(sub + "/" + name, done.kept);
            report.partlyRemoved(done.files);
          } else {
            report.removed(sub);
          }
        }
      }
    }
    return report;
  }
}
