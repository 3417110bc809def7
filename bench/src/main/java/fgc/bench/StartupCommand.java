package fgc.bench;

import fgc.cli.NumberOptions;
import fgc.puzzles.EmbeddedPuzzles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code fgc bench startup}: short {@code fgc} processes against the JVM's own start, side by side
 * in one run. Each round starts, one after the other, {@code java -version} and each fgc process
 * ({@code --version}; {@code run} of a small Bayesian network for its marginals; {@code solve} of
 * one puzzle), so every figure sees the same machine; the rounds rotate the order so that none
 * always follows another. Every fgc process runs once untimed first, which builds the jar and its
 * class-data archive if they are missing and fills a cache folder of this run's own, so the timed
 * ones are warm-cache queries. Each process's ratio is the median over the rounds of its wall time
 * divided by that round's {@code java -version}. {@code --against} adds another launcher's
 * processes to the same rounds: a change's before and after, measured side by side.
 */
@Command(
    name = "startup",
    mixinStandardHelpOptions = true,
    description =
        "Whole short fgc processes (--version, a run query, a one-puzzle solve) against"
            + " 'java -version', side by side: medians and ratios.")
final class StartupCommand implements Callable<Integer> {
  @Option(
      names = "--rounds",
      paramLabel = "N",
      defaultValue = "15",
      description = "Timed rounds; each starts every process once (default: ${DEFAULT-VALUE}).")
  @NumberOptions.Range(min = 1)
  int rounds;

  @Option(
      names = "--fgc",
      paramLabel = "PATH",
      description = "The fgc launcher to run (default: the one at this checkout's root).")
  Path launcher;

  @Option(
      names = "--against",
      paramLabel = "PATH",
      description =
          "Another fgc launcher (an older checkout's, say) whose processes join the same rounds.")
  Path against;

  @Option(
      names = "--network",
      paramLabel = "FILE",
      description =
          "A network for an extra run query, observing --observe"
              + " (default: ../shared/graphical/asia.bif beside the checkout, if there).")
  Path network;

  @Option(
      names = "--observe",
      paramLabel = "NAME=V",
      description = "Evidence of the --network query (default: xray=yes and dysp=yes).")
  List<String> observe = new ArrayList<>();

  @Override
  public Integer call() throws IOException, InterruptedException {
    Path fgcPath = launcher != null ? launcher : CliCommand.defaultLauncher();
    Path work = Files.createTempDirectory("fgc-bench-startup");
    try {
      Map<String, List<String>> processes = processes(fgcPath, work, "");
      if (against != null) {
        // Each its own cache, so that neither reads the other's entries.
        Map<String, List<String>> other = processes(against, work.resolve("against"), " [against]");
        other.remove("java -version [against]");
        processes.putAll(other);
      }
      System.out.println("warm-up (untimed): each process once, building what is missing");
      for (List<String> command : processes.values()) {
        timed(command);
      }
      List<String> names = new ArrayList<>(processes.keySet());
      double[][] ms = new double[names.size()][rounds];
      for (int r = 0; r < rounds; r++) {
        for (int k = 0; k < names.size(); k++) {
          int i = (k + r) % names.size();
          ms[i][r] = timed(processes.get(names.get(i)));
        }
      }
      System.out.printf(
          Locale.ROOT,
          "%d rounds, wall time of each process in ms; ratio: the median of (process / that round's"
              + " java -version)%n",
          rounds);
      System.out.printf(
          Locale.ROOT, "%-76s %9s %17s %7s%n", "process", "median", "(min..max)", "ratio");
      for (int i = 0; i < names.size(); i++) {
        System.out.printf(
            Locale.ROOT,
            "%-76s %9.1f %17s %7.2f%n",
            names.get(i),
            median(ms[i]),
            String.format(Locale.ROOT, "(%.0f..%.0f)", min(ms[i]), max(ms[i])),
            medianRatio(ms[i], ms[0]));
      }
      return 0;
    } finally {
      deleteOwn(work);
    }
  }

  /**
   * The processes by the line that shows them (ending in {@code tag}), {@code java -version} first;
   * files they read are written into {@code work}, and their cache is {@code work/cache}.
   */
  private Map<String, List<String>> processes(Path launcherPath, Path work, String tag)
      throws IOException {
    Files.createDirectories(work);
    Map<String, List<String>> processes = new LinkedHashMap<>();
    processes.put("java -version", List.of(javaBinary(), "-version"));
    processes.put("fgc --version", List.of(launcherPath.toString(), "--version"));
    String cache = work.resolve("cache").toString();
    processes.put(
        "fgc run sprinkler --observe wet=1 --marginals",
        List.of(
            launcherPath.toString(),
            "run",
            "sprinkler",
            "--observe",
            "wet=1",
            "--marginals",
            "--cache-dir",
            cache));
    Path bif = network;
    if (bif == null) {
      Path shared =
          launcherPath.toAbsolutePath().getParent().resolve("../shared/graphical/asia.bif");
      bif = Files.isRegularFile(shared) ? shared.normalize() : null;
    }
    if (bif != null) {
      List<String> evidence = observe.isEmpty() ? List.of("xray=yes", "dysp=yes") : observe;
      List<String> command =
          new ArrayList<>(List.of(launcherPath.toString(), "run", bif.toString()));
      StringBuilder label = new StringBuilder("fgc run " + bif.getFileName());
      for (String e : evidence) {
        command.add("--observe");
        command.add(e);
        label.append(" --observe ").append(e);
      }
      command.addAll(List.of("--marginals", "--cache-dir", cache));
      processes.put(label.append(" --marginals").toString(), command);
    }
    Path puzzle = work.resolve("one.txt");
    Files.writeString(
        puzzle,
        EmbeddedPuzzles.all().stream().filter(g -> g.side() == 9).findFirst().orElseThrow().toLine()
            + "\n",
        StandardCharsets.UTF_8);
    processes.put(
        "fgc solve -q --input ONE (one 9 x 9 puzzle)",
        List.of(
            launcherPath.toString(),
            "solve",
            "-q",
            "--input",
            puzzle.toString(),
            "--cache-dir",
            cache));
    Map<String, List<String>> tagged = new LinkedHashMap<>();
    processes.forEach((label, command) -> tagged.put(label + tag, command));
    return tagged;
  }

  /** Wall time of a process from start to exit; a failure stops the command with its output. */
  private static double timed(List<String> command) throws IOException, InterruptedException {
    long start = System.nanoTime();
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    int code = p.waitFor();
    double ms = (System.nanoTime() - start) / 1e6;
    if (code != 0) {
      throw new IllegalStateException(String.join(" ", command) + " failed (" + code + "): " + out);
    }
    return ms;
  }

  /** The median over rounds of {@code ms[r] / base[r]}: each process against its own round. */
  static double medianRatio(double[] ms, double[] base) {
    double[] ratios = new double[ms.length];
    for (int r = 0; r < ms.length; r++) {
      ratios[r] = ms[r] / base[r];
    }
    return median(ratios);
  }

  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return Summary.quantile(sorted, 0.5);
  }

  private static double min(double[] values) {
    return Arrays.stream(values).min().orElse(Double.NaN);
  }

  private static double max(double[] values) {
    return Arrays.stream(values).max().orElse(Double.NaN);
  }

  private static String javaBinary() {
    return ProcessHandle.current().info().command().orElse("java");
  }

  /** Removes the temporary folder this run made, and what its processes wrote into it. */
  private static void deleteOwn(Path work) throws IOException {
    try (Stream<Path> paths = Files.walk(work)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
