package fgc.cache;

import fgc.compilation.AlgorithmSpec;
import fgc.compilation.SolverCompiler;
import fgc.compilation.SolverCompilers;
import fgc.compilation.SolverKey;
import fgc.driver.search.PropagatorSource;
import fgc.model.Model;
import fgc.solver.GeneratedAlgorithm;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The content-addressed cache of compiled solvers. An entry is a folder named by its key holding
 * the class files, the generated source for reading, and a sealed {@link Manifest}. Nothing from
 * disk is defined as a class before the manifest's seal, key and compiler, and every file's size
 * and SHA-256, have been checked; then the class is defined in a fresh loader, its own key and its
 * plan digest (computed from its tables) are compared with the model's, and a short smoke run must
 * give sane marginals. Any failure quarantines the entry and recompiles.
 *
 * <p>Entries are written into {@code tmp/} and moved into {@code entries/} with one atomic rename,
 * so a crash mid-write leaves only a temporary folder, never a half entry; when two writers race,
 * the rename of the second fails on the non-empty target and it keeps its (identical) result in
 * memory. No lock is taken: entries are immutable once renamed, so readers never wait and never see
 * a partial entry; racing writers at worst compile the same solver twice.
 *
 * <p>Safety: entries are only read from folders and files that this user owns and nobody else can
 * write ({@link CacheSafety}); otherwise fgc warns once and compiles in memory. A cache whose owner
 * has taken away its write permission is used read-only: hits are served, misses are compiled in
 * memory with one warning, and nothing is moved or written. fgc writes only into a folder it made
 * (marked by {@link CacheFolders#MARKER}) or an empty one; see {@link CacheFolders}.
 *
 * <p>The exact search's generated propagators ({@link #propagators()}) are entries too, of the kind
 * {@code Artifact.PROPAGATOR}: keyed by the model alone (their key material has a {@code kind
 * propagator} line and no algorithm line) and checked the same way, with the digest of the model's
 * search tables in place of the plan digest.
 *
 * <p>This class is the facade: {@link EntryStore} keeps the entries on disk, {@link EntryVerifier}
 * checks their bytes, {@link EntryDefiner} defines and checks their classes, and {@link EntryLoad}
 * is the one path from a key to a checked class, for solvers ({@link SolverLoad}) and propagators
 * ({@link CachedPropagators}) alike.
 */
public final class SolverCache {
  /**
   * The largest file an entry may hold, for the writer and the reader alike: a solver with a larger
   * file is compiled in memory and not stored, so fgc never writes an entry it would refuse.
   */
  static final long MAX_FILE_BYTES = 64L << 20;

  /**
   * The key material may be this many times larger than the other files (1 GiB): it is the model's
   * canonical text, which writes each distinct table once and a run of like factors as one line (a
   * 1000 x 1000 grid's two million couplings take some 40 KB), but a model whose factors are all
   * different, each with its own table, is written out factor by factor.
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

  /**
   * The text the key is the SHA-256 of: lets {@code verify} check an entry against its folder name.
   */
  static final String MATERIAL = "key-material.txt";

  final EntryStore store;
  final EntryVerifier verifier;
  final EntryDefiner definer;
  private final ModelChecks checks;
  private PropagatorSource propagators;

  /** Whether a miss, or an entry that fails its check, is an error instead of a compile. */
  private volatile boolean loadOnly;

  /**
   * How many times this cache asked the compiler for a class (a solver or a propagator): lets tests
   * prove a hit compiled nothing.
   */
  private final AtomicInteger compilations = new AtomicInteger();

  /**
   * A cache under {@code root}; {@code log} receives the one-line notices (recoveries, warnings).
   *
   * @param root the cache folder
   * @param log receives the notices
   */
  public SolverCache(Path root, Consumer<String> log) {
    this(root, log, CacheSafety.forCurrentUser(), null, new PlannerChecks(), MAX_FILE_BYTES);
  }

  SolverCache(
      Path root, Consumer<String> log, CacheSafety safety, EntryWriter.FileWriter fileWriter) {
    this(root, log, safety, fileWriter, new PlannerChecks(), MAX_FILE_BYTES);
  }

  /** For tests: another compiler seam, or a lower file limit (both sides of the cache apply it). */
  SolverCache(
      Path root,
      Consumer<String> log,
      CacheSafety safety,
      EntryWriter.FileWriter fileWriter,
      ModelChecks checks,
      long maxFileBytes) {
    this.store =
        new EntryStore(root.toAbsolutePath().normalize(), log, safety, fileWriter, maxFileBytes);
    this.verifier = new EntryVerifier(safety, maxFileBytes);
    this.definer = new EntryDefiner(checks);
    this.checks = checks;
  }

  /**
   * Makes this cache load-only, for a program that must never compile: an entry is still checked in
   * full before it is used, but a miss, or an entry that fails its check, is a {@link
   * NotCachedException} rather than a compile (a failed entry is still quarantined). Returns this
   * cache.
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
    return defaultRoot(
        System.getenv("FGC_CACHE_DIR"),
        System.getenv("XDG_CACHE_HOME"),
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

  /** Whether {@link #loadOnly()} was called. */
  boolean isLoadOnly() {
    return loadOnly;
  }

  /**
   * The cache folder.
   *
   * @return the folder
   */
  public Path root() {
    return store.root();
  }

  /**
   * The folder an entry for {@code key} lives in.
   *
   * @param key a cache key
   * @return the entry's folder
   */
  public Path entryFolder(String key) {
    return store.entryFolder(key);
  }

  /**
   * Propagators for the exact search from this cache: loaded from their entries when sound, else
   * generated by the compiler on the class path and stored (null when there is no compiler: the
   * search then propagates with its own code), on this cache's one background thread, and kept in
   * memory for the last few models. A load-only cache without the entry gives none, with one
   * notice.
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
        ExecutorService background =
            Executors.newSingleThreadExecutor(
                task -> {
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
   * A ready solver for {@code model} and {@code spec}: from the cache when its entry is sound, else
   * compiled.
   *
   * @param model the model
   * @param spec the algorithm and its options
   * @return the solver
   */
  public LoadedSolver load(Model model, AlgorithmSpec spec) {
    if (!checks.checksPlan(spec)) {
      // Nothing is loaded that the checks cannot tie to its model: such solvers live in memory
      // only.
      return new SolverLoad(this, model, spec, SolverKey.of(model, spec), PlannedDigest.NONE)
          .compile(null, false);
    }
    // The model's plan digest, which every way on needs before a class is defined, is worked out
    // on a thread of its own while the key is computed and the entry read and hashed: in a fresh
    // JVM it costs as much as the rest of a hit. A miss waits for it, compiles from its plan, and
    // checks the class against its digest: the model is planned once either way.
    PlannedDigest planned = PlannedDigest.start(checks, model, spec);
    return new SolverLoad(this, model, spec, SolverKey.of(model, spec), planned).run();
  }

  /** Counts a request to the compiler. */
  void countCompilation() {
    compilations.incrementAndGet();
  }

  /** How many times solver classes were defined by this cache (compiled or loaded). */
  int definitions() {
    return definer.definitions();
  }

  /** How many times this cache compiled a class (a solver or a propagator). */
  int compilations() {
    return compilations.get();
  }

  /** The smoke run of {@link EntryDefiner#smokeTest}. */
  void smokeTest(GeneratedAlgorithm solver, Model model, AlgorithmSpec spec) {
    definer.smokeTest(solver, model, spec);
  }

  /**
   * Whether {@code p[0 .. n)} lies in [0, 1] and sums to 1.
   *
   * @param p the entries
   * @param n how many entries to check
   * @return true for a distribution
   */
  public static boolean isDistribution(double[] p, int n) {
    return EntryDefiner.isDistribution(p, n);
  }

  /** Throwable messages can be multi-kilobyte (VerifyError dumps bytecode): keep one short line. */
  static String describe(Throwable t) {
    String message = t.getMessage() == null ? "" : ": " + t.getMessage().split("\n", 2)[0];
    String line = t.getClass().getSimpleName() + message;
    return line.length() > 160 ? line.substring(0, 160) + "..." : line;
  }

  /**
   * One line per entry: key, model, kind, algorithm, size in bytes, shape.
   *
   * @return the entries
   * @throws IOException when the cache folder cannot be read
   */
  public List<EntryInfo> list() throws IOException {
    return store.list();
  }

  /**
   * Checks every entry fully, as a load would, against the kind, model and algorithm its key
   * material reads back as; with {@code repair}, quarantines the bad ones. An unsafe entry (a link
   * inside, another owner, writable by others) is reported and left in place either way.
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
        verifier.verify(entryFolder(info.key()), info.key(), judged, definer, checks);
      } catch (CorruptEntryException e) {
        if (e.stage() == LoadStage.SAFETY) {
          checked =
              info.withProblem(
                  e.getMessage()
                      + "; unsafe, left in place. "
                      + store.unsafeAdvice(entryFolder(info.key())),
                  EntryInfo.Action.UNSAFE_LEFT);
        } else if (repair) {
          String done = store.quarantine(entryFolder(info.key()), judged[0]);
          checked =
              info.withProblem(
                  e.getMessage() + "; " + done,
                  done.startsWith("moved to")
                      ? EntryInfo.Action.QUARANTINED
                      : EntryInfo.Action.LEFT);
        } else {
          checked = info.withProblem(e.getMessage(), EntryInfo.Action.LEFT);
        }
      }
      out.add(checked);
    }
    return out;
  }

  /**
   * Removes what fgc made under the root: every entry (and any link inside one, never what it
   * points to), temporary folder and quarantined entry it recognises by name and content, and
   * nothing else. Refuses a folder without fgc's marker unless it holds only fgc's items (a cache
   * an earlier fgc made); see {@link ClearReport}.
   *
   * @return what was removed and what was kept
   * @throws IOException when the cache folder cannot be read
   */
  public ClearReport clear() throws IOException {
    return store.clear();
  }
}
