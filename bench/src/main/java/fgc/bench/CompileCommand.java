package fgc.bench;

import fgc.cache.LoadedSolver;
import fgc.cache.SolverCache;
import fgc.cli.NumberOptions;
import fgc.compilation.AlgorithmSpec;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import fgc.puzzles.EmbeddedPuzzles;
import fgc.solver.GeneratedAlgorithm;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code fgc bench compile}: how long a model takes from DSL text to a ready solver. Cold: the
 * first compile in a fresh JVM (parse, generate, Janino, define, first sweep). Warm: the same again
 * in a JVM that has compiled before. Reload: a cache hit in a fresh JVM. Whole process: {@code fgc
 * solve} of one puzzle on a cache hit, as a new process. Fresh JVMs are started by this command (a
 * probe each) and their medians reported; every compile writes into an empty cache folder of its
 * own.
 *
 * <p>Each fresh-JVM figure is measured three ways, side by side in the same rounds: a plain JVM;
 * one that maps a dynamic class-data (CDS) archive, made here by one training run the way {@code
 * ./fgc} makes its own (a cold compile for the probes, {@code solve} of the embedded puzzles for
 * the CLI); and that archive with only the first JIT tier ({@code -XX:TieredStopAtLevel=1}), as
 * {@code ./fgc} runs its short commands ({@code show}, {@code cache}). The cold compile is also
 * measured with the CLI jar first on the class path: Janino's own jars are signed, and the first
 * class read from a signed jar makes the JVM check the jar's signature, which the shaded CLI jar
 * (signatures stripped) never does.
 */
@Command(
    name = "compile",
    mixinStandardHelpOptions = true,
    description =
        "Cold and warm compile, reload of a cache entry, and a whole 'fgc solve' process on a "
            + "hit: medians.")
final class CompileCommand implements Callable<Integer> {
  @Option(
      names = "--algorithm",
      paramLabel = "NAME",
      defaultValue = "sumproduct",
      description = "Algorithm (default: ${DEFAULT-VALUE}).")
  String algorithm;

  @Option(
      names = "--model",
      paramLabel = "NAME",
      defaultValue = "sudoku",
      description = "Bundled model (default: ${DEFAULT-VALUE}, n = 3).")
  String model;

  @Option(
      names = "--runs",
      paramLabel = "N",
      defaultValue = "9",
      description = "Fresh JVMs per figure (default: ${DEFAULT-VALUE}).")
  @NumberOptions.Range(min = 1)
  int runs;

  @Option(
      names = "--warm",
      paramLabel = "N",
      defaultValue = "30",
      description = "Warm compiles timed in this JVM (default: ${DEFAULT-VALUE}).")
  @NumberOptions.Range(min = 1)
  int warm;

  @Option(
      names = "--cli-jar",
      paramLabel = "JAR",
      description = "The fgc CLI jar (default: cli/target/fgc.jar beside this module).")
  Path cliJar;

  /** Set in the child JVMs this command starts: which single figure to measure and print. */
  @Option(names = "--probe", hidden = true)
  String probe;

  @Option(names = "--cache-dir", hidden = true)
  Path cacheDir;

  @Override
  public Integer call() throws Exception {
    if (probe != null) {
      System.out.println(probeOnce());
      return 0;
    }
    Path work = Files.createTempDirectory("fgc-bench-compile");
    Path filled = work.resolve("filled");
    readySolver(filled);
    Path puzzle = work.resolve("one.txt");
    Files.writeString(
        puzzle,
        EmbeddedPuzzles.all().stream().filter(g -> g.side() == 9).findFirst().orElseThrow().toLine()
            + "\n",
        StandardCharsets.UTF_8);
    Path cli = cliJar != null ? cliJar : defaultCliJar();
    // The class-data archives of the CDS columns, each made by one training run as ./fgc makes its
    // own.
    // Two class paths for the probes: this module's (the dependency jars as a library user has
    // them,
    // Janino's signed) and the CLI jar first (./fgc's: one shaded jar, signatures stripped).
    String benchPath = System.getProperty("java.class.path");
    String cliPath = cli + File.pathSeparator + benchPath;
    Path probeArchive =
        archive(
            work.resolve("probe.jsa"),
            probeCommand(List.of(), benchPath, "cold", work.resolve("train-probe")));
    Path cliProbeArchive =
        archive(
            work.resolve("cli-probe.jsa"),
            probeCommand(List.of(), cliPath, "cold", work.resolve("train-cli-probe")));
    Path cliArchive =
        archive(
            work.resolve("cli.jsa"),
            List.of(
                "-jar",
                cli.toString(),
                "solve",
                "-q",
                "--cache-dir",
                work.resolve("train-cli").toString()));
    double[][] cold = new double[JVMS.length][runs];
    double[][] coldCli = new double[JVMS.length][runs];
    double[][] reload = new double[JVMS.length][runs];
    double[][] reloadLoad = new double[JVMS.length][runs];
    double[][] process = new double[JVMS.length][runs];
    for (int r = 0; r < runs; r++) {
      for (int v = 0; v < JVMS.length; v++) {
        List<String> probeFlags = flags(v, probeArchive);
        List<String> cliProbeFlags = flags(v, cliProbeArchive);
        List<String> cliFlags = flags(v, cliArchive);
        if (probeFlags == null || cliProbeFlags == null || cliFlags == null) {
          cold[v][r] = coldCli[v][r] = reload[v][r] = reloadLoad[v][r] = process[v][r] = Double.NaN;
          continue;
        }
        cold[v][r] =
            Double.parseDouble(
                child(probeFlags, benchPath, "cold", work.resolve("cold" + v + "." + r))
                    .split(" ")[0]);
        coldCli[v][r] =
            Double.parseDouble(
                child(cliProbeFlags, cliPath, "cold", work.resolve("coldcli" + v + "." + r))
                    .split(" ")[0]);
        String[] hit = child(probeFlags, benchPath, "reload", filled).split(" ");
        reload[v][r] = Double.parseDouble(hit[0]);
        reloadLoad[v][r] = Double.parseDouble(hit[1]);
        process[v][r] = wholeProcess(cliFlags, cli, filled, puzzle);
      }
    }
    double[] warmMs = new double[warm];
    for (int i = 0; i < 5; i++) {
      readySolver(work.resolve("warmup" + i));
    }
    for (int i = 0; i < warm; i++) {
      long start = System.nanoTime();
      readySolver(work.resolve("warm" + i));
      warmMs[i] = (System.nanoTime() - start) / 1e6;
    }
    double[] warmReload = new double[warm];
    for (int i = 0; i < warm + 5; i++) {
      long start = System.nanoTime();
      LoadedSolver hit =
          new SolverCache(filled, s -> {}).load(parse(), AlgorithmSpec.named(algorithm));
      hit.newInstance().update(1);
      if (i >= 5) {
        warmReload[i - 5] = (System.nanoTime() - start) / 1e6;
      }
    }
    double[] bare = new double[runs];
    for (int r = 0; r < runs; r++) {
      bare[r] = timedProcess(List.of(javaBinary(), "-XX:+UseSerialGC", "-version"));
    }
    System.out.printf(
        Locale.ROOT,
        "model %s (n = 3), algorithm %s; medians (min..max) in ms%n",
        model,
        algorithm);
    System.out.printf(
        Locale.ROOT,
        "%-62s %-20s %-20s %-20s%n",
        "fresh JVMs: -XX:+UseSerialGC and",
        JVMS[0],
        JVMS[1],
        JVMS[2]);
    line("cold compile, fresh JVM (text to ready solver, first sweep)", cold);
    line("  the same on the CLI jar (./fgc's; Janino jar unsigned)", coldCli);
    line("warm compile, same JVM", warmMs);
    line("reload of a cache hit, fresh JVM (parse + load + first sweep)", reload);
    line("  of which SolverCache.load (read, hash, define)", reloadLoad);
    line("reload of a cache hit, same JVM (parse + load + first sweep)", warmReload);
    line("whole 'fgc solve' process, one puzzle, cache hit", process);
    line("  for scale: 'java -version' as a process", bare);
    return 0;
  }

  /** One figure in this (fresh) JVM: cold prints its ms; reload prints total and load-only ms. */
  private String probeOnce() {
    long start = System.nanoTime();
    if (probe.equals("cold")) {
      readySolver(cacheDir);
      return format((System.nanoTime() - start) / 1e6);
    }
    Model m = parse();
    AlgorithmSpec spec = AlgorithmSpec.named(algorithm);
    // The caller's notice sink, made before the clock starts: the first lambda of a JVM costs about
    // a millisecond to spin, which is this probe's cost, not the cache's.
    Consumer<String> quiet = s -> {};
    long loadStart = System.nanoTime();
    LoadedSolver loaded = new SolverCache(cacheDir, quiet).load(m, spec);
    long loadNanos = System.nanoTime() - loadStart;
    if (!loaded.hit()) {
      throw new IllegalStateException(
          "expected a cache hit in " + cacheDir + ", got " + loaded.origin());
    }
    loaded.newInstance().update(1);
    return format((System.nanoTime() - start) / 1e6) + " " + format(loadNanos / 1e6);
  }

  private Model parse() {
    return FgcLanguage.parse(model + ".fg", FgcLanguage.bundledText(model), Map.of("n", 3L));
  }

  /**
   * DSL text to a solver that has run one sweep, compiled into the empty cache folder {@code dir}.
   */
  private double readySolver(Path dir) {
    LoadedSolver loaded =
        new SolverCache(dir, s -> {}).load(parse(), AlgorithmSpec.named(algorithm));
    if (loaded.hit()) {
      throw new IllegalStateException("expected a compile in " + dir + ", got a cache hit");
    }
    GeneratedAlgorithm solver = loaded.newInstance();
    return solver.update(1);
  }

  /** The JVM options and arguments of a probe of {@code what} in {@code dir}. */
  private List<String> probeCommand(
      List<String> jvmFlags, String classPath, String what, Path dir) {
    List<String> cmd = new ArrayList<>(jvmFlags);
    cmd.addAll(
        List.of(
            "-cp",
            classPath,
            BenchMain.class.getName(),
            "compile",
            "--probe",
            what,
            "--cache-dir",
            dir.toString(),
            "--algorithm",
            algorithm,
            "--model",
            model));
    return cmd;
  }

  private String child(List<String> jvmFlags, String classPath, String what, Path dir)
      throws IOException, InterruptedException {
    List<String> cmd =
        new ArrayList<>(
            List.of(javaBinary(), "-XX:+UseSerialGC", "-Xlog:disable", "-Xlog:all=warning:stderr"));
    cmd.addAll(probeCommand(jvmFlags, classPath, what, dir));
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    if (p.waitFor() != 0) {
      throw new IllegalStateException("probe " + what + " failed: " + out);
    }
    return out;
  }

  private double wholeProcess(List<String> jvmFlags, Path cli, Path cache, Path puzzle)
      throws IOException, InterruptedException {
    List<String> cmd =
        new ArrayList<>(
            List.of(javaBinary(), "-XX:+UseSerialGC", "-Xlog:disable", "-Xlog:all=warning:stderr"));
    cmd.addAll(jvmFlags);
    cmd.addAll(
        List.of(
            "-jar",
            cli.toString(),
            "solve",
            "-q",
            "--algorithm",
            algorithm,
            "--cache-dir",
            cache.toString(),
            "--input",
            puzzle.toString()));
    return timedProcess(cmd);
  }

  /**
   * The columns: a plain JVM, one mapping a class-data archive, and one also stopping at the first
   * JIT tier.
   */
  private static final String[] JVMS = {"plain", "with CDS archive", "CDS + C1 only"};

  /**
   * The JVM options of column {@code v}, or null when it needs an archive that could not be made.
   */
  private static List<String> flags(int v, Path archive) {
    if (v == 0) {
      return List.of();
    }
    if (archive == null) {
      return null;
    }
    List<String> flags = new ArrayList<>(List.of("-XX:SharedArchiveFile=" + archive));
    if (v == 2) {
      flags.add("-XX:TieredStopAtLevel=1");
    }
    return flags;
  }

  /**
   * A dynamic class-data archive at {@code file} made by one run of {@code command} (JVM options
   * and arguments), or null (with a note on standard error) when the JVM could not make one.
   */
  private static Path archive(Path file, List<String> command)
      throws IOException, InterruptedException {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                javaBinary(),
                "-XX:+UseSerialGC",
                "-XX:ArchiveClassesAtExit=" + file,
                "-Xlog:disable"));
    cmd.addAll(command);
    Process p =
        new ProcessBuilder(cmd)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    int code =
        p.waitFor(); // any exit code: a training run that leaves puzzles unsolved still trains
    if (!Files.isRegularFile(file) || Files.size(file) == 0) {
      System.err.println(
          "fgc bench compile: could not make a class-data archive (exit "
              + code
              + "); CDS columns left out");
      return null;
    }
    return file;
  }

  /** Wall time of a process from start to exit; a failure stops the command with its output. */
  private static double timedProcess(List<String> cmd) throws IOException, InterruptedException {
    long start = System.nanoTime();
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    int code = p.waitFor();
    double ms = (System.nanoTime() - start) / 1e6;
    if (code != 0) {
      throw new IllegalStateException(String.join(" ", cmd) + " failed (" + code + "): " + out);
    }
    return ms;
  }

  private static Path defaultCliJar() {
    Path here =
        Path.of(System.getProperty("java.class.path").split(File.pathSeparator)[0])
            .toAbsolutePath();
    Path jar = here.getParent().getParent().getParent().resolve("cli/target/fgc.jar");
    if (!Files.isRegularFile(jar)) {
      throw new IllegalArgumentException(
          "no CLI jar at "
              + jar
              + "; build it (mvn -q -DskipTests package -pl cli -am) or give --cli-jar");
    }
    return jar;
  }

  private static String javaBinary() {
    return ProcessHandle.current().info().command().orElse("java");
  }

  private static String format(double ms) {
    return String.format(Locale.ROOT, "%.3f", ms);
  }

  /** A figure measured in this JVM: one column. */
  private static void line(String label, double[] ms) {
    System.out.printf(Locale.ROOT, "%-62s %s%n", label, cell(ms));
  }

  /** A figure measured in fresh JVMs: one column per kind of JVM. */
  private static void line(String label, double[][] ms) {
    System.out.printf(
        Locale.ROOT, "%-62s %-20s %-20s %s%n", label, cell(ms[0]), cell(ms[1]), cell(ms[2]));
  }

  private static String cell(double[] ms) {
    double[] sorted = ms.clone();
    Arrays.sort(sorted);
    if (sorted.length == 0 || Double.isNaN(sorted[sorted.length - 1])) {
      return "n/a";
    }
    return String.format(
        Locale.ROOT,
        "%.1f (%.0f..%.0f)",
        Summary.quantile(sorted, 0.5),
        sorted[0],
        sorted[sorted.length - 1]);
  }
}
