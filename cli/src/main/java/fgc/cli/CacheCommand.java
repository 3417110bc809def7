package fgc.cli;

import fgc.cache.EntryInfo;
import fgc.cache.SolverCache;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code cache list|verify|clear}: look at, check, or empty the solver cache. */
@Command(name = "cache", mixinStandardHelpOptions = true,
    description = "List, verify (and with --repair quarantine bad entries), or clear the solver cache.",
    footer = {"", "Exit codes: 0 done (verify: all entries sound), 1 verify found bad entries, 2 usage errors."})
final class CacheCommand implements Callable<Integer> {
  enum Action { list, verify, clear }

  @Parameters(index = "0", paramLabel = "ACTION", description = "list, verify or clear.")
  Action action;

  @Option(names = "--repair", description = "With verify: move bad entries to quarantine.")
  boolean repair;

  @Option(names = "--cache-dir", paramLabel = "DIR", description = "Cache folder (default: $FGC_CACHE_DIR, else ~/.cache/fgc).")
  Path cacheDir;

  @Override
  public Integer call() throws IOException {
    SolverCache cache = new SolverCache(cacheDir != null ? cacheDir : SolverCache.defaultRoot(), System.err::println);
    switch (action) {
      case list:
        List<EntryInfo> entries = cache.list();
        for (EntryInfo e : entries) {
          System.out.printf("%s  %-12s %-24s %8d bytes%n", e.key(), e.model(), e.algorithm(), e.bytes());
        }
        System.err.println(entries.size() + " entries in " + cache.root());
        return 0;
      case verify:
        int bad = 0;
        List<EntryInfo> checked = cache.verify(repair);
        for (EntryInfo e : checked) {
          if (e.problem() == null) {
            System.out.println("ok   " + e.key() + "  " + e.model() + "  " + e.algorithm());
          } else {
            bad++;
            System.out.println("BAD  " + e.key() + "  " + e.problem());
          }
        }
        System.err.println(checked.size() + " entries checked, " + bad + " bad" + (repair && bad > 0 ? " (quarantined)" : ""));
        return bad == 0 ? 0 : 1;
      case clear:
        System.err.println("removed " + cache.clear() + " entries from " + cache.root());
        return 0;
      default:
        throw new IllegalStateException(action.name());
    }
  }
}
