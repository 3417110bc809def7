package fgc.cache;

import fgc.compilation.Artifact;
import fgc.compilation.SolverCompiler;
import fgc.compilation.SolverCompilers;
import fgc.compilation.SolverKey;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Every check of an entry that looks at bytes only, before any class is defined: the safety of its
 * folder and files, its sealed manifest, its key and compiler, every file's size and SHA-256, the
 * key material's hash, and the key in the class bytes. The same for every {@link ArtifactKind}.
 */
final class EntryVerifier {
  private final CacheSafety safety;
  private final long maxFileBytes;

  EntryVerifier(CacheSafety safety, long maxFileBytes) {
    this.safety = safety;
    this.maxFileBytes = maxFileBytes;
  }

  /**
   * Checks the entry as a load does, against the kind, model and algorithm its key material reads
   * back as once its checksum has been checked (verify): a solver against its model's plan digest,
   * a propagator against the digest of its model's tables.
   */
  void verify(
      Path entry, String key, byte[][] manifestRead, EntryDefiner definer, ModelChecks checks) {
    CheckedFiles files = read(entry, key, null, manifestRead);
    KeyMaterial read = readMaterial(files.material, key, files.manifest.model);
    if (read.kind != files.manifest.kind) {
      throw new CorruptEntryException(
          LoadStage.IDENTITY,
          "its manifest says "
              + files.manifest.kind.word()
              + ", its key material "
              + read.kind.word());
    }
    try {
      define(ArtifactKind.of(read.kind), files, key, read, definer, checks);
    } catch (CorruptEntryException e) {
      throw e;
    } catch (RuntimeException e) {
      // This fgc would not have compiled the model its key material names: not an entry it wrote.
      throw new CorruptEntryException(
          LoadStage.IDENTITY,
          "its model does not compile with this fgc (" + SolverCache.describe(e) + ")");
    }
  }

  private static <T> void define(
      ArtifactKind<T> kind,
      CheckedFiles files,
      String key,
      KeyMaterial read,
      EntryDefiner definer,
      ModelChecks checks) {
    String digest = kind.expectedDigest(read.model, read.spec, checks);
    String className = files.manifest.className;
    definer.smoke(
        kind,
        definer.define(kind, files.classes, className, key, digest),
        className,
        read.model,
        read.spec);
  }

  /**
   * An entry's files once every check on bytes has passed: its manifest, classes by binary name,
   * source and key material.
   */
  static final class CheckedFiles {
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
   * Reads the entry and runs every check on its bytes (safety, manifest, identity, files, the key
   * in the class bytes); throws {@link CorruptEntryException} saying what is wrong. The manifest
   * must name {@code kind}, unless that is null (verify, which compares it with the key material).
   * {@code manifestRead[0]} receives the manifest's bytes as read.
   */
  CheckedFiles read(Path entry, String key, Artifact kind, byte[][] manifestRead) {
    checkSafe(entry);
    Path manifestFile = entry.resolve(Manifest.FILE_NAME);
    checkSafe(manifestFile);
    byte[] manifestBytes = readBounded(manifestFile, true, maxFileBytes, -1);
    manifestRead[0] = manifestBytes;
    Manifest manifest = Manifest.parse(manifestBytes);
    if (!manifest.key.equals(key)) {
      throw new CorruptEntryException(
          LoadStage.IDENTITY, "entry was written for key " + manifest.key.substring(0, 12));
    }
    if (kind != null && manifest.kind != kind) {
      throw new CorruptEntryException(
          LoadStage.IDENTITY, "entry holds a " + manifest.kind.word() + ", not a " + kind.word());
    }
    // The key names the planner, not the compiler: with a compiler on the class path, what
    // another compiler emitted is stale and made again; without one, the checks below decide.
    SolverCompiler compiler = SolverCompilers.find();
    if (compiler != null && !manifest.compiler.equals(compiler.identity())) {
      throw new CorruptEntryException(
          LoadStage.IDENTITY,
          "entry was written by compiler "
              + manifest.compiler
              + ", this is "
              + compiler.identity());
    }
    Map<String, byte[]> classes = new LinkedHashMap<>();
    byte[] source = null;
    byte[] material = null;
    for (Map.Entry<String, Manifest.FileRecord> f : manifest.files.entrySet()) {
      Path file = entry.resolve(f.getKey());
      checkSafe(file);
      byte[] bytes =
          readBounded(
              file, false, SolverCache.fileLimit(f.getKey(), maxFileBytes), f.getValue().size);
      if (bytes.length != f.getValue().size) {
        throw new CorruptEntryException(
            LoadStage.FILES,
            f.getKey() + " has " + bytes.length + " bytes, the manifest says " + f.getValue().size);
      }
      String sha256 = SolverKey.sha256Hex(bytes);
      if (!sha256.equals(f.getValue().sha256)) {
        throw new CorruptEntryException(
            LoadStage.FILES, f.getKey() + " does not match its SHA-256");
      }
      if (f.getKey().equals(SolverCache.MATERIAL)) {
        if (!sha256.equals(key)) {
          throw new CorruptEntryException(
              LoadStage.FILES, "the entry's key material does not hash to its key");
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
      throw new CorruptEntryException(
          LoadStage.FILES,
          "manifest names class " + manifest.className + " but holds no such class file");
    }
    if (!carriesKey(classes.get(manifest.className), key)) {
      throw new CorruptEntryException(
          LoadStage.CLASS_BYTES, "class " + manifest.className + " does not carry the entry's key");
    }
    return new CheckedFiles(manifest, classes, source, material);
  }

  /**
   * The kind, model (named as its manifest names it) and algorithm of a verified entry, which must
   * key to the entry's key.
   */
  private static KeyMaterial readMaterial(byte[] material, String key, String name) {
    if (material == null) {
      throw new CorruptEntryException(
          LoadStage.FILES, "the manifest lists no " + SolverCache.MATERIAL);
    }
    KeyMaterial read;
    try {
      read = KeyMaterial.parse(new String(material, StandardCharsets.UTF_8), name);
    } catch (IllegalArgumentException e) {
      throw new CorruptEntryException(
          LoadStage.IDENTITY,
          SolverCache.MATERIAL + " is not a model this fgc reads (" + e.getMessage() + ")");
    }
    if (!SolverKey.of(read.model, read.kind, read.spec).equals(key)) {
      throw new CorruptEntryException(
          LoadStage.IDENTITY, SolverCache.MATERIAL + " reads back as a model of another key");
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
   * rewritten in its bytes passes it, and the plan digest ({@link EntryDefiner#define}) is what
   * ties a class to its model.
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
   * for: a large file is not read in pieces and copied again; one of another size is read again in
   * full, for the check to say its size.
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
        throw new CorruptEntryException(
            manifest ? LoadStage.MANIFEST : LoadStage.FILES,
            file.getFileName()
                + " is larger than fgc writes an entry file ("
                + (limit >> 20)
                + " MB): not an entry of this fgc");
      }
      return bytes;
    } catch (IOException e) {
      throw new CorruptEntryException(
          manifest ? LoadStage.MANIFEST : LoadStage.FILES,
          file.getFileName() + " cannot be read (" + e.getClass().getSimpleName() + ")");
    }
  }
}
