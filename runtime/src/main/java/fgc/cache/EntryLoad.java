package fgc.cache;

import fgc.compilation.Artifact;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * One request for a checked class, on the path solvers and propagators share: from the entry for
 * {@link #key} when it passes every check of the {@link EntryVerifier} and {@link EntryDefiner},
 * else compiled. An entry that fails its check is quarantined and the class recompiled and stored;
 * an unsafe entry, or unsafe cache folders, are left alone and the class is compiled in memory. A
 * subclass says how its kind is defined on a hit and compiled otherwise.
 *
 * @param <R> what the request gives
 */
abstract class EntryLoad<R> {
  final SolverCache cache;
  final String key;

  /** What the entry must hold. */
  private final Artifact kind;

  /** The entry's folder, once {@link #run} has looked for it. */
  Path entry;

  /** The manifest's bytes as the entry was read and judged (for its quarantine), or null. */
  final byte[][] manifestRead = new byte[1][];

  EntryLoad(SolverCache cache, String key, Artifact kind) {
    this.cache = cache;
    this.key = key;
    this.kind = kind;
  }

  /** Called just before a present entry is read. */
  void reading() {}

  /**
   * Defines the class of an entry whose bytes passed their checks, read from {@code start} on (a
   * {@code System.nanoTime()}); throws {@link CorruptEntryException} when it fails a check.
   */
  abstract R hit(EntryVerifier.CheckedFiles files, long start);

  /**
   * Compiles the class instead, stored when {@code store}; {@code failed} is the check an entry
   * failed, or null when there was none to read or the cache folders are unsafe.
   */
  abstract R compile(LoadStage failed, boolean store);

  /**
   * What the entry holds, for the notice of a failed check: empty, or a parenthesis after the key.
   */
  String what() {
    return "";
  }

  /** Says that the entry failed its check {@code e}, and moves it to the quarantine. */
  final void quarantine(CorruptEntryException e) {
    cache.store.notice(
        "fgc: cache entry "
            + key.substring(0, 12)
            + what()
            + " failed its check ("
            + e.getMessage()
            + "); "
            + cache.store.quarantine(entry, manifestRead[0])
            + ", recompiling");
  }

  /** The class: from the entry when sound, else compiled. */
  final R run() {
    EntryStore store = cache.store;
    String unsafe = store.unsafeFolders();
    if (unsafe != null) {
      store.warnOnce(
          "unsafe", "fgc: warning: not using the cache: " + unsafe + "; compiled in memory");
      return compile(null, false);
    }
    entry = store.entryFolder(key);
    LoadStage failed = null;
    if (Files.exists(entry, LinkOption.NOFOLLOW_LINKS)) {
      reading();
      long start = System.nanoTime();
      try {
        return hit(cache.verifier.read(entry, key, kind, manifestRead), start);
      } catch (CorruptEntryException e) {
        if (e.stage() == LoadStage.SAFETY) {
          // Not ours to judge or move: it may be another user's. Leave it and do not trust it.
          store.warnOnce(
              "unsafe " + key,
              "fgc: warning: cache entry "
                  + key.substring(0, 12)
                  + " is unsafe ("
                  + e.getMessage()
                  + "), left in place and not used; compiled in memory. "
                  + store.unsafeAdvice(entry));
          return compile(LoadStage.SAFETY, false);
        }
        quarantine(e);
        failed = e.stage();
      }
    }
    return compile(failed, true);
  }
}
