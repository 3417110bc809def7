package fgc.bench;

import fgc.algorithms.Algorithms;
import fgc.cache.LoadedSolver;
import fgc.cache.SolverCache;
import fgc.cli.NumberOptions;
import fgc.cli.OutputFile;
import fgc.compilation.AlgorithmSpec;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code fgc bench scale}: how each stage from text to a ready solver grows with the model, for
 * families of generated models (chains, Ising grids, Sudoku, random sparse graphs) under each
 * algorithm: time, allocation and retained heap per stage, class bytes, reload from the cache in a
 * fresh JVM and in this one, and time per sweep; a table, a CSV, a log-log chart, and the exponent
 * of each stage fitted over the sizes. A model that the model's limits or the planner refuse is a
 * row saying so.
 */
@Command(
    name = "scale",
    mixinStandardHelpOptions = true,
    description = {
      "How each stage from .fg text to a ready solver grows with the model: parse, plan, key, "
          + "emit, Janino, "
          + "define, store, reload (fresh JVM and this one), sweep; time and memory per stage, "
          + "and fitted exponents.",
      "Families: chain (length L), ising (W x W grid), sudoku (box size n), random (N "
          + "variables, 2N random tables)."
    })
final class ScaleCommand implements Callable<Integer> {
  @Option(
      names = "--families",
      split = ",",
      paramLabel = "F",
      description = "Families (default: chain, ising, sudoku, random).")
  List<String> families;

  @Option(
      names = "--sizes",
      paramLabel = "FAMILY=N,N,...",
      description =
          "Sizes of a family (repeatable), e.g. --sizes chain=100,1000 --sizes ising=10,30 "
              + "(defaults: chain and random "
              + "100,1000,10000; ising 10,30,100; sudoku 3,4,5).")
  Map<String, String> sizes = new LinkedHashMap<>();

  @Option(
      names = "--algorithms",
      split = ",",
      paramLabel = "A",
      description = "Algorithms (default: every one the compiler has).")
  List<String> algorithms;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "Write scale.txt, scale.csv and scale.png here.")
  Path out;

  @Option(
      names = "--runs",
      paramLabel = "N",
      defaultValue = "1",
      description = "Runs of each model and algorithm; medians (default: ${DEFAULT-VALUE}).")
  @NumberOptions.Range(min = 1)
  int runs;

  @Option(
      names = "--probe",
      hidden = true,
      description =
          "Set in the fresh JVM this command starts: reload one entry and print its figures.")
  boolean probe;

  @Option(names = "--model-file", hidden = true)
  Path modelFile;

  @Option(names = "--algorithm", hidden = true)
  String algorithm;

  @Option(names = "--cache-dir", hidden = true)
  Path cacheDir;

  @Override
  public Integer call() throws Exception {
    if (probe) {
      System.out.println(probeOnce());
      return 0;
    }
    Map<String, List<Integer>> plan = plan();
    List<String> algs = algorithms != null ? algorithms : Algorithms.names();
    for (String a : algs) {
      Algorithms.named(a);
    }
    if (out != null) {
      Files.createDirectories(out);
      for (String name : new String[] {"scale.txt", "scale.csv", "scale.png"}) {
        OutputFile.check("--out", out.resolve(name));
      }
    }
    Path work = Files.createTempDirectory("fgc-bench-scale");
    List<ScaleRow> rows = new ArrayList<>();
    long start = System.nanoTime();
    try {
      // One small pass per algorithm first, not reported: the first compile in a JVM loads and
      // JIT-compiles the compiler itself, which would make the smallest models look slow.
      ScaleRun warmUp = new ScaleRun((file, a, dir) -> new double[] {Double.NaN, Double.NaN});
      for (String a : algs) {
        Path dir = work.resolve("warm-" + a);
        warmUp.measure(ScaleModels.chain(100), a, dir.resolve("chain.fg"), dir.resolve("cache"));
      }
      ScaleRun run = new ScaleRun(this::freshReload);
      int pass = 0;
      for (Map.Entry<String, List<Integer>> family : plan.entrySet()) {
        for (int size : family.getValue()) {
          ScaleModels.Generated generated = ScaleModels.of(family.getKey(), size);
          for (String a : algs) {
            List<ScaleRow> each = new ArrayList<>();
            for (int r = 0; r < runs; r++) {
              Path dir = work.resolve("run-" + pass++);
              Files.createDirectories(dir);
              Path file = dir.resolve(generated.sourceName());
              Files.writeString(file, generated.text(), StandardCharsets.UTF_8);
              ScaleRow row = run.measure(generated, a, file, dir.resolve("cache"));
              deleteTree(dir);
              each.add(row);
              if (!row.ok()) {
                break; // a refusal is the same every time
              }
            }
            ScaleRow row = ScaleRow.median(each);
            rows.add(row);
            System.err.printf(
                Locale.ROOT,
                "fgc bench scale: %s %d %s: %s%n",
                row.family,
                row.parameter,
                row.algorithm,
                row.ok()
                    ? ScaleTable.ms(row.toSolverMillis()) + " ms to a stored solver"
                    : row.status);
          }
        }
      }
    } finally {
      deleteTree(work);
    }
    String report =
        header(algs)
            + "\n"
            + ScaleTable.times(rows)
            + "\n"
            + ScaleTable.memory(rows)
            + "\n"
            + ScaleTable.exponents(rows)
            + String.format(
                Locale.ROOT, "%d rows in %.1f s%n", rows.size(), (System.nanoTime() - start) / 1e9);
    System.out.print(report);
    if (out != null) {
      OutputFile.writeString("--out", out.resolve("scale.txt"), report);
      OutputFile.writeString("--out", out.resolve("scale.csv"), ScaleTable.csv(rows));
      boolean chart = ScaleChart.write(rows, out.resolve("scale.png"));
      System.err.println(
          "fgc bench scale: wrote scale.txt, scale.csv"
              + (chart ? " and scale.png" : " (no chart: no row ran to the end)")
              + " in "
              + out);
    }
    return 0;
  }

  /**
   * The families and sizes asked for, in the order of {@link ScaleModels#FAMILIES}; unknown names
   * are errors.
   */
  Map<String, List<Integer>> plan() {
    List<String> chosen = families != null ? families : ScaleModels.FAMILIES;
    for (String f : chosen) {
      if (!ScaleModels.FAMILIES.contains(f)) {
        throw new IllegalArgumentException(
            "--families: unknown family '"
                + f
                + "'; known: "
                + String.join(", ", ScaleModels.FAMILIES));
      }
    }
    for (String f : sizes.keySet()) {
      if (!chosen.contains(f)) {
        throw new IllegalArgumentException(
            "--sizes "
                + f
                + "=...: "
                + (ScaleModels.FAMILIES.contains(f)
                    ? "the family is not among --families " + String.join(",", chosen)
                    : "unknown family; known: " + String.join(", ", ScaleModels.FAMILIES)));
      }
    }
    Map<String, List<Integer>> plan = new LinkedHashMap<>();
    for (String f : ScaleModels.FAMILIES) {
      if (!chosen.contains(f)) {
        continue;
      }
      List<Integer> list = new ArrayList<>();
      if (sizes.containsKey(f)) {
        for (String part : sizes.get(f).split(",")) {
          try {
            list.add(Integer.parseInt(part.trim()));
          } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                "--sizes "
                    + f
                    + "="
                    + sizes.get(f)
                    + ": '"
                    + part.trim()
                    + "' is not a whole number");
          }
        }
        for (int size : list) {
          ScaleModels.sizeCheck(f, size);
        }
      } else {
        list.addAll(ScaleModels.defaultSizes(f));
      }
      plan.put(f, list);
    }
    return plan;
  }

  private String header(List<String> algs) {
    StringBuilder b = new StringBuilder();
    b.append(
        String.format(
            Locale.ROOT,
            "fgc bench scale: %s; %d run%s each, medians; JVM %s, maximum heap %d MB, %d "
                + "processors%n",
            String.join(", ", algs),
            runs,
            runs == 1 ? "" : "s",
            System.getProperty("java.version"),
            Runtime.getRuntime().maxMemory() >> 20,
            Runtime.getRuntime().availableProcessors()));
    b.append("stages:\n");
    for (ScaleRow.Stage s : ScaleRow.Stage.values()) {
      b.append(String.format(Locale.ROOT, "  %-12s %s%n", s.label, s.meaning));
    }
    b.append(
        "  to-solver    parse + plan + key + emit + janino + define + store: text to a stored, "
            + "ready solver\n");
    return b.toString();
  }

  /** The fresh JVM's figures: SolverCache.load's ms and the heap in use after it, in bytes. */
  private double[] freshReload(Path file, String algorithmName, Path dir)
      throws IOException, InterruptedException {
    List<String> cmd =
        new ArrayList<>(
            List.of(javaBinary(), "-XX:+UseSerialGC", "-Xlog:disable", "-Xlog:all=warning:stderr"));
    // The same heap as this JVM's, when one was set: a reload is judged against the heap it was
    // given.
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (arg.startsWith("-Xmx") || arg.startsWith("-XX:MaxHeapSize")) {
        cmd.add(arg);
      }
    }
    cmd.addAll(
        List.of(
            "-cp",
            System.getProperty("java.class.path"),
            BenchMain.class.getName(),
            "scale",
            "--probe",
            "--model-file",
            file.toString(),
            "--algorithm",
            algorithmName,
            "--cache-dir",
            dir.toString()));
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    if (p.waitFor() != 0) {
      throw new IllegalStateException("the fresh JVM's reload failed: " + text);
    }
    String[] parts = text.split(" ");
    return new double[] {Double.parseDouble(parts[0]), Double.parseDouble(parts[1])};
  }

  /**
   * In the fresh JVM: parse the model, then time the cache's load (a hit) and measure the heap it
   * leaves.
   */
  private String probeOnce() throws IOException {
    Model model =
        FgcLanguage.parse(
            modelFile.getFileName().toString(),
            Files.readString(modelFile, StandardCharsets.UTF_8),
            Map.of());
    AlgorithmSpec spec = Algorithms.spec(algorithm, Map.of());
    // Made before the clock starts: the first lambda of a JVM costs about a millisecond to spin.
    Consumer<String> quiet = s -> {};
    long start = System.nanoTime();
    LoadedSolver loaded = new SolverCache(cacheDir, quiet).load(model, spec);
    long nanos = System.nanoTime() - start;
    if (!loaded.hit()) {
      throw new IllegalStateException(
          "expected a cache hit in " + cacheDir + ", got " + loaded.origin());
    }
    long heap = ScaleRun.heapInUse();
    // Keeps the solver and model reachable until the heap has been measured.
    String check = loaded.key() + model.variableCount();
    return String.format(Locale.ROOT, "%.3f %d", nanos / 1e6, heap) + (check.isEmpty() ? " ?" : "");
  }

  private static String javaBinary() {
    return ProcessHandle.current().info().command().orElse("java");
  }

  /** Removes a folder this command made, with everything in it. */
  static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) all.sorted(Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(p);
      }
    }
  }
}
