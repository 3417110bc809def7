package fgc.bench;

import fgc.bench.peers.FgcExactPeer;
import fgc.cache.SolverCache;
import fgc.cli.NumberOptions;
import fgc.compilation.AlgorithmSpec;
import fgc.driver.DecimationDriver;
import fgc.driver.Drivers;
import fgc.driver.SolveResult;
import fgc.puzzles.Grid;
import fgc.puzzles.GridValidator;
import fgc.puzzles.Symbols;
import fgc.solver.GeneratedAlgorithm;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.DoubleSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code fgc bench cli}: what a user of {@code fgc solve} gets against what the harness measures,
 * side by side in one run. The harness solves the file in this JVM, warmed, on one thread, timed by
 * that thread's CPU time (for {@code exact}, exactly as {@code fgc bench peers} does); the command
 * is the whole {@code ./fgc solve -q --driver D --input FILE --output TMP} process, JVM start
 * included, timed by the wall clock and by its CPU time (every thread of it). Rounds alternate the
 * two, so both see the same machine; every answer the command writes is checked with {@link
 * GridValidator} after its round (untimed).
 */
@Command(
    name = "cli",
    mixinStandardHelpOptions = true,
    description =
        "The whole 'fgc solve' process against the in-process harness on one file: puzzles per "
            + "second and their ratio.")
final class CliCommand implements Callable<Integer> {
  @Option(
      names = "--input",
      paramLabel = "FILE",
      required = true,
      description = "Puzzle file (one grid size).")
  Path input;

  @Option(
      names = "--driver",
      paramLabel = "NAME",
      defaultValue = "exact",
      description = "exact or decimate (default: ${DEFAULT-VALUE}).")
  String driver;

  @Option(
      names = "--rounds",
      paramLabel = "N",
      defaultValue = "5",
      description = "Timed rounds of each side (default: ${DEFAULT-VALUE}).")
  @NumberOptions.Range(min = 1)
  int rounds;

  @Option(
      names = "--threads",
      paramLabel = "N",
      defaultValue = "1",
      description = "The command's --threads (default: ${DEFAULT-VALUE}).")
  @NumberOptions.Range(min = 1)
  int threads;

  @Option(
      names = "--fgc",
      paramLabel = "PATH",
      description = "The fgc launcher to run (default: the one at this checkout's root).")
  Path launcher;

  @Option(
      names = "--cache-dir",
      paramLabel = "DIR",
      description = "Cache folder for both sides (default: the command's default).")
  Path cacheDir;

  private final ThreadMXBean threadBean = ManagementFactory.getThreadMXBean();

  @Override
  public Integer call() throws IOException, InterruptedException {
    if (!driver.equals("exact") && !driver.equals("decimate")) {
      throw new IllegalArgumentException("--driver: 'exact' or 'decimate', not '" + driver + "'");
    }
    Path fgc = launcher != null ? launcher : defaultLauncher();
    Corpus corpus = Corpus.read(input);
    List<Grid> puzzles = corpus.puzzles();
    if (puzzles.isEmpty() || puzzles.stream().anyMatch(p -> p.side() != puzzles.get(0).side())) {
      throw new IllegalArgumentException("--input " + input + ": needs puzzles, all of one size");
    }
    Harness harness =
        driver.equals("exact") ? new ExactHarness() : new DecimateHarness(puzzles.get(0).side());
    Path out = Files.createTempFile("fgc-bench-cli-", ".txt");
    try {
      System.out.println(
          "file "
              + input.getFileName()
              + ": "
              + puzzles.size()
              + " puzzles; driver "
              + driver
              + "; command: "
              + fgc
              + " solve -q --driver "
              + driver
              + (threads > 1 ? " --threads " + threads : "")
              + " --input FILE --output TMP"
              + (cacheDir != null ? " --cache-dir " + cacheDir : ""));
      // Untimed: the harness checks its answers and warms up; the command builds its jar, its
      // class-data archive and its cache entries if they are missing, and fills the page cache.
      long checkStart = threadBean.getCurrentThreadCpuTime();
      int harnessSolved = harness.check(puzzles);
      double firstPass = (threadBean.getCurrentThreadCpuTime() - checkStart) / 1e9;
      harness.warmUp(puzzles);
      Run first = runCommand(fgc, out);
      int commandSolved = checkOutput(puzzles, out, first);
      System.out.println(
          "harness solves "
              + harnessSolved
              + ", command solves "
              + commandSolved
              + " of "
              + puzzles.size()
              + "; every answer checked");
      System.out.printf(
          Locale.ROOT,
          "harness, first pass (untimed: the driver's code still cold, every answer checked): "
              + "%.0f puzzles/CPU-s%n",
          puzzles.size() / firstPass);
      double[] harnessRate = new double[rounds];
      double[] wallRate = new double[rounds];
      double[] cpuRate = new double[rounds];
      double[] wallRatio = new double[rounds];
      double[] cpuRatio = new double[rounds];
      double[] ownRate = new double[rounds];
      double[] peakMb = new double[rounds];
      boolean cpuKnown = first.cpuSeconds >= 0;
      for (int r = 0; r < rounds; r++) {
        harnessRate[r] = puzzles.size() / harness.cpuSeconds(puzzles);
        Run run = runCommand(fgc, out);
        if (checkOutput(puzzles, out, run) != commandSolved) {
          throw new IllegalStateException(
              "the command solved a different number of puzzles in round " + (r + 1));
        }
        wallRate[r] = puzzles.size() / run.wallSeconds;
        cpuRate[r] = run.cpuSeconds > 0 ? puzzles.size() / run.cpuSeconds : Double.NaN;
        wallRatio[r] = wallRate[r] / harnessRate[r];
        cpuRatio[r] = cpuRate[r] / harnessRate[r];
        ownRate[r] = puzzles.size() / run.ownSeconds;
        peakMb[r] = run.peakMegabytes;
        System.out.printf(
            Locale.ROOT,
            "round %d: harness %.0f puzzles/CPU-s; command %.2f s wall, %s CPU%n",
            r + 1,
            harnessRate[r],
            run.wallSeconds,
            cpuKnown ? String.format(Locale.ROOT, "%.2f s", run.cpuSeconds) : "n/a");
      }
      System.out.println();
      System.out.printf(
          Locale.ROOT,
          "%-44s %14s %20s%n",
          "medians over " + rounds + " rounds",
          "puzzles/s",
          "(min..max)");
      row("harness (in process, warm, per CPU-second)", harnessRate);
      row("command (whole process, per wall-second)", wallRate);
      if (cpuKnown) {
        row("command (whole process, per CPU-second)", cpuRate);
      }
      if (!Double.isNaN(median(ownRate))) {
        row("command (its own summary time, no JVM start)", ownRate);
      }
      System.out.printf(
          Locale.ROOT,
          "%-44s %14.3f %20s%n",
          "ratio command/harness, wall",
          median(wallRatio),
          range(wallRatio, "%.3f"));
      if (cpuKnown) {
        System.out.printf(
            Locale.ROOT,
            "%-44s %14.3f %20s%n",
            "ratio command/harness, CPU",
            median(cpuRatio),
            range(cpuRatio, "%.3f"));
      }
      System.out.printf(
          Locale.ROOT,
          "%-44s %11.3f ms %11.3f ms %11.3f ms%n",
          "per puzzle: harness CPU, command wall, own",
          1000 / median(harnessRate),
          1000 / median(wallRate),
          1000 / median(ownRate));
      if (!Double.isNaN(median(peakMb))) {
        System.out.printf(
            Locale.ROOT,
            "%-44s %11.0f MB %20s%n",
            "command's peak resident memory (" + threads + " thread" + (threads == 1 ? ")" : "s)"),
            median(peakMb),
            range(peakMb, "%.0f"));
      }
    } finally {
      Files.deleteIfExists(out);
    }
    return 0;
  }

  private static void row(String label, double[] values) {
    System.out.printf(
        Locale.ROOT, "%-44s %14.0f %20s%n", label, median(values), range(values, "%.0f"));
  }

  /** One in-process side: checks its answers once, then times whole passes over the file. */
  private interface Harness {
    /** Solves every puzzle once and checks each answer; how many it solved. */
    int check(List<Grid> puzzles);

    /** Whatever more the harness needs before it is timed. */
    default void warmUp(List<Grid> puzzles) {}

    double cpuSeconds(List<Grid> puzzles);
  }

  /**
   * The harness of {@code fgc bench peers}: the exact driver's first solution, evidence made per
   * puzzle.
   */
  private final class ExactHarness implements Harness {
    private final FgcExactPeer peer = new FgcExactPeer(true);

    @Override
    public int check(List<Grid> puzzles) {
      int solved = 0;
      for (Grid p : puzzles) {
        Grid answer = peer.solve(p);
        if (answer == null || !GridValidator.check(p, answer).valid()) {
          throw new IllegalStateException("the exact driver gave no valid answer to " + p.toLine());
        }
        solved++;
      }
      return solved;
    }

    /** Two more passes, so the generated propagator is in use and compiled before any is timed. */
    @Override
    public void warmUp(List<Grid> puzzles) {
      cpuSeconds(puzzles);
      cpuSeconds(puzzles);
    }

    @Override
    public double cpuSeconds(List<Grid> puzzles) {
      long start = threadBean.getCurrentThreadCpuTime();
      long found = 0;
      for (Grid p : puzzles) {
        found += peer.count(p, 1);
      }
      long nanos = threadBean.getCurrentThreadCpuTime() - start;
      if (found != puzzles.size()) {
        throw new IllegalStateException("the exact driver found no solution for some puzzles");
      }
      return nanos / 1e9;
    }
  }

  /**
   * The decimation driver with the command's defaults and the default algorithm, from the same
   * cache.
   */
  private final class DecimateHarness implements Harness {
    private final GridModels models;
    private final GeneratedAlgorithm solver;
    private final DecimationDriver decimate = (DecimationDriver) Drivers.named("decimate");

    DecimateHarness(int side) {
      models = GridModels.forSide(side);
      SolverCache cache =
          new SolverCache(
              cacheDir != null ? cacheDir : SolverCache.defaultRoot(), System.err::println);
      solver = cache.load(models.model(), AlgorithmSpec.named(AlgorithmSpec.DEFAULT)).newInstance();
    }

    private boolean solve(Grid p) {
      SolveResult r = decimate.solve(solver, models.model(), models.evidence(p));
      return r.solved() && GridValidator.check(p, models.grid(p.side(), r.values())).valid();
    }

    @Override
    public int check(List<Grid> puzzles) {
      int solved = 0;
      for (Grid p : puzzles) {
        solved += solve(p) ? 1 : 0;
      }
      return solved;
    }

    @Override
    public double cpuSeconds(List<Grid> puzzles) {
      long start = threadBean.getCurrentThreadCpuTime();
      for (Grid p : puzzles) {
        solve(p);
      }
      return (threadBean.getCurrentThreadCpuTime() - start) / 1e9;
    }
  }

  /** One run of the command: its wall time, and its CPU time (-1 where the system does not say). */
  record Run(
      double wallSeconds,
      double cpuSeconds,
      int exitCode,
      double ownSeconds,
      double peakMegabytes) {
    Run(double wallSeconds, double cpuSeconds, int exitCode) {
      this(wallSeconds, cpuSeconds, exitCode, Double.NaN, Double.NaN);
    }
  }

  /**
   * The peak resident memory of a running process in MB, followed until it exits: its VmHWM
   * (Linux's high-water mark, /proc/PID/status) read every few milliseconds; NaN elsewhere. The
   * launcher execs java, so the process started is the JVM.
   */
  static DoubleSupplier peakMemory(Process p) {
    Path status = Path.of("/proc/" + p.pid() + "/status");
    double[] peak = {Double.NaN};
    Thread watch =
        new Thread(
            () -> {
              while (p.isAlive()) {
                try {
                  for (String line : Files.readAllLines(status, StandardCharsets.US_ASCII)) {
                    if (line.startsWith("VmHWM:")) {
                      peak[0] = Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0;
                    }
                  }
                  Thread.sleep(5);
                } catch (IOException | RuntimeException e) {
                  return; // gone, or no /proc
                } catch (InterruptedException e) {
                  return;
                }
              }
            },
            "fgc-bench-memory");
    watch.setDaemon(true);
    watch.start();
    return () -> {
      try {
        watch.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return peak[0];
    };
  }

  /**
   * The time the command reports for itself ("solved N of M in T ms": from its start of work, JVM
   * start excluded), or NaN.
   */
  static double ownSeconds(String log) {
    Matcher m = Pattern.compile("(?m)^solved \\d+ of \\d+ in (\\d+) ms").matcher(log);
    return m.find() ? Long.parseLong(m.group(1)) / 1000.0 : Double.NaN;
  }

  private Run runCommand(Path fgc, Path out) throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(
                fgc.toString(),
                "solve",
                "-q",
                "--driver",
                driver,
                "--input",
                input.toString(),
                "--output",
                out.toString()));
    if (threads > 1) {
      command.addAll(List.of("--threads", String.valueOf(threads)));
    }
    if (cacheDir != null) {
      command.addAll(List.of("--cache-dir", cacheDir.toString()));
    }
    Path log = Files.createTempFile("fgc-bench-cli-", ".err");
    try {
      double cpuBefore = childrenCpuSeconds();
      long start = System.nanoTime();
      Process p =
          new ProcessBuilder(command)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .redirectError(log.toFile())
              .start();
      DoubleSupplier peak = peakMemory(p);
      int code = p.waitFor();
      double wall = (System.nanoTime() - start) / 1e9;
      double cpuAfter = childrenCpuSeconds();
      if (code != 0 && code != 1) {
        throw new IllegalStateException(
            "the command failed (exit "
                + code
                + "): "
                + Files.readString(log, StandardCharsets.UTF_8).trim());
      }
      return new Run(
          wall,
          cpuBefore < 0 || cpuAfter < 0 ? -1 : cpuAfter - cpuBefore,
          code,
          ownSeconds(Files.readString(log, StandardCharsets.UTF_8)),
          peak.getAsDouble());
    } finally {
      Files.deleteIfExists(log);
    }
  }

  /**
   * How many output lines are checked solutions; a line that changes a given or breaks a rule stops
   * the run.
   */
  static int checkOutput(List<Grid> puzzles, Path out, Run run) throws IOException {
    List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
    if (lines.size() != puzzles.size()) {
      throw new IllegalStateException(
          "the command wrote " + lines.size() + " lines for " + puzzles.size() + " puzzles");
    }
    int solved = 0;
    for (int i = 0; i < lines.size(); i++) {
      Grid puzzle = puzzles.get(i);
      Grid answer = readLine(puzzle.side(), lines.get(i));
      if (answer == null) {
        throw new IllegalStateException(
            "output line " + (i + 1) + " is not a grid: " + lines.get(i));
      }
      if (answer.equals(puzzle)) {
        continue; // echoed unsolved
      }
      GridValidator.Verdict verdict = GridValidator.check(puzzle, answer);
      if (!verdict.valid()) {
        throw new IllegalStateException(
            "output line " + (i + 1) + " is a wrong answer: " + verdict.reason());
      }
      solved++;
    }
    if ((solved == puzzles.size()) != (run.exitCode == 0)) {
      throw new IllegalStateException(
          "the command exited "
              + run.exitCode
              + " with "
              + solved
              + " of "
              + puzzles.size()
              + " solved");
    }
    return solved;
  }

  private static Grid readLine(int side, String line) {
    if (line.length() != side * side) {
      return null;
    }
    int[] cells = new int[line.length()];
    for (int k = 0; k < cells.length; k++) {
      cells[k] = Symbols.valueOf(side, line.charAt(k));
      if (cells[k] < 0) {
        return null;
      }
    }
    return Grid.of(side, cells);
  }

  /**
   * The user and system time of this process's finished children, from /proc/self/stat (Linux:
   * fields 16 and 17, in clock ticks of 1/100 s); -1 elsewhere.
   */
  static double childrenCpuSeconds() {
    try {
      String stat = Files.readString(Path.of("/proc/self/stat"), StandardCharsets.US_ASCII);
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" +");
      // After the name: field 3 is at index 0, so fields 16 and 17 are at 13 and 14.
      return (Long.parseLong(fields[13]) + Long.parseLong(fields[14])) / 100.0;
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /** The fgc launcher at the root of the checkout this bench jar was built in. */
  static Path defaultLauncher() {
    try {
      Path jar =
          Path.of(CliCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      // bench/target/fgc-bench.jar (or bench/target/classes) -> the checkout root
      Path root = jar.getParent().getParent().getParent();
      Path fgc = root.resolve("fgc");
      if (Files.isExecutable(fgc)) {
        return fgc;
      }
    } catch (URISyntaxException | RuntimeException e) {
      // fall through to the message below
    }
    throw new IllegalArgumentException(
        "cannot find the fgc launcher beside this bench jar; give --fgc PATH");
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return Summary.quantile(sorted, 0.5);
  }

  private static String range(double[] values, String format) {
    return "("
        + String.format(Locale.ROOT, format, Arrays.stream(values).min().orElse(0))
        + ".."
        + String.format(Locale.ROOT, format, Arrays.stream(values).max().orElse(0))
        + ")";
  }
}
