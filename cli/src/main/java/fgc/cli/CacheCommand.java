package fgc.cli;

import fgc.cache.ClearReport;
import fgc.cache.EntryInfo;
import fgc.cache.SolverCache;
import fgc.compilation.Artifact;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/** {@code cache list|verify|clear}: look at, check, or empty the solver cache. */
final class CacheCommand implements Callable<Integer> {
  enum Action {
    list,
    verify,
    clear
  }

  Action action;

  boolean repair;

  Path cacheDir;

  @Override
  public Integer call() throws IOException {
    SolverCache cache =
        new SolverCache(
            cacheDir != null ? cacheDir : SolverCache.defaultRoot(), System.err::println);
    switch (action) {
      case list:
        List<EntryInfo> entries = cache.list();
        for (EntryInfo e : entries) {
          // The key holds the model as its params made it: its variables and factors tell entries
          // apart.
          System.out.printf(
              "%s  %-12s %-24s %8d bytes  %s%n", e.key(), e.model(), what(e), e.bytes(), e.shape());
        }
        System.err.println(entries.size() + " entries in " + cache.root());
        return 0;
      case verify:
        int bad = 0;
        int quarantined = 0;
        int unsafe = 0;
        List<EntryInfo> checked = cache.verify(repair);
        for (EntryInfo e : checked) {
          if (e.problem() == null) {
            System.out.println("ok   " + e.key() + "  " + e.model() + "  " + what(e));
          } else {
            bad++;
            quarantined += e.action() == EntryInfo.Action.QUARANTINED ? 1 : 0;
            unsafe += e.action() == EntryInfo.Action.UNSAFE_LEFT ? 1 : 0;
            System.out.println("BAD  " + e.key() + "  " + e.problem());
          }
        }
        StringBuilder summary =
            new StringBuilder(checked.size() + " entries checked, " + bad + " bad");
        if (bad > 0 && repair) {
          summary.append(" (").append(quarantined).append(" quarantined");
          if (unsafe > 0) {
            summary.append(", ").append(unsafe).append(" unsafe, left in place");
          }
          if (bad - quarantined - unsafe > 0) {
            summary.append(", ").append(bad - quarantined - unsafe).append(" left in place");
          }
          summary.append(')');
        } else if (unsafe > 0) {
          summary.append(" (").append(unsafe).append(" unsafe, left in place)");
        }
        System.err.println(summary);
        return bad == 0 ? 0 : 1;
      case clear:
        ClearReport report = cache.clear();
        if (report.refusal() != null) {
          System.err.println(
              "fgc: not clearing "
                  + report.root()
                  + ": "
                  + report.refusal()
                  + "; nothing was removed (fgc clears only a cache folder it made)");
          return 1;
        }
        for (String kept : report.keptItems()) {
          System.err.println("kept " + kept);
        }
        // Files taken out of an item that stays are counted too: "removed 0" after deleting any
        // would not be true.
        System.err.println(
            "removed "
                + report.entries()
                + " entries"
                + (report.others() > 0
                    ? " and " + report.others() + " temporary or quarantined items"
                    : "")
                + (report.filesFromKeptItems() > 0
                    ? ", and " + report.filesFromKeptItems() + " of fgc's files from items kept"
                    : "")
                + " from "
                + report.root()
                + (report.keptItems().isEmpty()
                    ? ""
                    : "; kept "
                        + report.keptItems().size()
                        + " items fgc did not make or may not remove"));
        return 0;
      default:
        throw new IllegalStateException(action.name());
    }
  }

  /**
   * What an entry holds, in one column: a solver's algorithm with its options, else the entry's
   * kind (a propagator has no algorithm; no algorithm is named like a kind).
   */
  private static String what(EntryInfo e) {
    return e.kind().equals(Artifact.SOLVER.word()) ? e.algorithm() : e.kind();
  }

  /** This command, bound to this object's fields (see {@link Specs}). */
  CommandSpec spec() {
    CommandSpec spec = Specs.command(this, "cache");
    spec.usageMessage()
        .description(
            "List, verify (and with --repair quarantine bad entries), or clear the solver cache.")
        .footer(
            "",
            "clear removes only what fgc made (entries, temporary and quarantined items, "
                + "recognised by name and content, "
                + "links inside them removed without following them) and only from a folder "
                + "holding fgc's CACHEDIR.TAG or only "
                + "fgc's items; anything else is left and listed.",
            "",
            "Exit codes: 0 done (verify: all entries sound), 1 verify found bad entries or "
                + "clear refused the folder, 2 usage errors, "
                + "130 interrupted.");
    spec.addPositional(
        Specs.positional(this, "action")
            .index("0")
            .required(true)
            .paramLabel("ACTION")
            .description("list, verify or clear.")
            .build());
    spec.addOption(
        Specs.option(this, "repair", "--repair")
            .description("With verify: move bad entries to quarantine.")
            .build());
    spec.addOption(
        Specs.option(this, "cacheDir", "--cache-dir")
            .paramLabel("DIR")
            .description(
                "Cache folder; default: $FGC_CACHE_DIR if set, else $XDG_CACHE_HOME/fgc if that "
                    + "is an absolute path, else ~/.cache/fgc.")
            .build());
    Specs.standardHelp(spec);
    return spec;
  }
}
