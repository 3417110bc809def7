package fgc.spark;

import com.sun.management.OperatingSystemMXBean;
import fgc.driver.Drivers;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Puzzles per second on one corpus: a plain loop in this JVM (one {@link PuzzleLines}, no Spark),
 * then Spark in local mode with each master given. Each run is timed after a warm-up pass over the
 * first lines, and every run's rows must equal the plain loop's, or the figures are not printed.
 * The load average is printed with each round: on a busy machine the figures say little.
 *
 * <pre>
 * Throughput CORPUS [--count N] [--driver exact] [--partitions P] [--warmup W] [MASTER...]
 * </pre>
 *
 * (masters default to local[1] local[2]; the corpus's puzzle lines are repeated up to N).
 */
public final class Throughput {
  private Throughput() {}

  public static void main(String[] args) throws IOException {
    String corpus = null;
    int count = 20_000;
    int partitions = 8;
    int warmup = 1_000;
    int rounds = 2;
    String driver = "exact";
    List<String> masters = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--count" -> count = Integer.parseInt(args[++i]);
        case "--partitions" -> partitions = Integer.parseInt(args[++i]);
        case "--warmup" -> warmup = Integer.parseInt(args[++i]);
        case "--rounds" -> rounds = Integer.parseInt(args[++i]);
        case "--driver" ->
            driver =
                Drivers.names().contains(args[i + 1])
                    ? args[++i]
                    : fail("unknown driver " + args[i + 1]);
        default -> {
          if (corpus == null) {
            corpus = args[i];
          } else {
            masters.add(args[i]);
          }
        }
      }
    }
    if (corpus == null) {
      fail(
          "usage: Throughput CORPUS [--count N] [--driver NAME] [--partitions P] [--warmup W] "
              + "[--rounds R] [MASTER...]");
    }
    if (masters.isEmpty()) {
      masters = List.of("local[1]", "local[2]");
    }
    List<String> lines = repeated(corpus, count);
    warmup = Math.min(warmup, lines.size());
    System.out.printf(
        Locale.ROOT,
        "%d puzzles (%s repeated), driver %s, %d partitions; %d cores%n",
        lines.size(),
        Paths.get(corpus).getFileName(),
        driver,
        partitions,
        Runtime.getRuntime().availableProcessors());

    for (int round = 1; round <= rounds; round++) {
      // Every round runs all configurations again: the later ones of a round ran on a JIT-warmer
      // JVM.
      System.out.printf(
          Locale.ROOT, "round %d of %d (load average %s)%n", round, rounds, loadAverage());
      List<Row> reference = plainLoop(lines, warmup, driver);
      for (String master : masters) {
        onSpark(master, lines, warmup, partitions, driver, reference);
      }
    }
  }

  private static List<Row> plainLoop(List<String> lines, int warmup, String driver) {
    PuzzleLines plain = new PuzzleLines(driver);
    for (String line : lines.subList(0, warmup)) {
      plain.solve(line);
    }
    long cpu = processCpuNanos();
    long start = System.nanoTime();
    List<Row> reference = new ArrayList<>(lines.size());
    for (String line : lines) {
      reference.add(plain.solve(line));
    }
    report(
        "plain loop, 1 thread",
        lines.size(),
        System.nanoTime() - start,
        processCpuNanos() - cpu,
        reference);
    return reference;
  }

  private static void onSpark(
      String master,
      List<String> lines,
      int warmup,
      int partitions,
      String driver,
      List<Row> reference) {
    SparkSession spark =
        SparkSession.builder()
            .master(master)
            .appName("fgc throughput")
            .config("spark.ui.enabled", "false")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .config("spark.driver.host", "127.0.0.1")
            .getOrCreate();
    try {
      // The warm-up has the timed query's shape, so Spark's generated code for it is compiled by
      // then.
      Dataset<String> first = FgcSpark.lines(spark, lines.subList(0, warmup), partitions).cache();
      first.count();
      FgcSpark.solvePuzzles(first, driver).collectAsList();
      Dataset<String> input = FgcSpark.lines(spark, lines, partitions).cache();
      input.count(); // the input is in executor memory before the clock starts
      long cpu = processCpuNanos();
      long start = System.nanoTime();
      List<Row> rows = FgcSpark.solvePuzzles(input, driver).collectAsList();
      long nanos = System.nanoTime() - start;
      cpu = processCpuNanos() - cpu;
      if (!rows.equals(reference)) {
        fail(master + ": the rows differ from the plain loop's");
      }
      report("Spark " + master, lines.size(), nanos, cpu, rows);
    } finally {
      spark.stop();
    }
  }

  private static String loadAverage() {
    try {
      String[] parts = Files.readString(Paths.get("/proc/loadavg")).trim().split("\\s+");
      return parts[0] + " " + parts[1] + " " + parts[2];
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  private static List<String> repeated(String corpus, int count) throws IOException {
    List<String> puzzles = new ArrayList<>();
    for (String line : Files.readAllLines(Paths.get(corpus), StandardCharsets.UTF_8)) {
      if (!line.isBlank() && !line.stripLeading().startsWith("#")) {
        puzzles.add(line.strip());
      }
    }
    if (puzzles.isEmpty()) {
      fail(corpus + " has no puzzle lines");
    }
    List<String> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      out.add(puzzles.get(i % puzzles.size()));
    }
    return out;
  }

  /**
   * CPU time of the whole process (every thread, the JIT's and the collector's too), so a busy
   * machine shows.
   */
  private static long processCpuNanos() {
    return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  private static void report(String what, int puzzles, long nanos, long cpuNanos, List<Row> rows) {
    long valid = rows.stream().filter(r -> !r.isNullAt(3) && r.getBoolean(3)).count();
    System.out.printf(
        Locale.ROOT,
        "  %-22s %8.1f puzzles/s  (%.2f s, %.2f s of CPU; %d of %d solved and checked valid)%n",
        what,
        puzzles / (nanos / 1e9),
        nanos / 1e9,
        cpuNanos / 1e9,
        valid,
        puzzles);
  }

  private static <T> T fail(String message) {
    System.err.println("Throughput: " + message);
    System.exit(2);
    return null;
  }
}
