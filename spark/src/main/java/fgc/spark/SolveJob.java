package fgc.spark;

import fgc.driver.Drivers;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;

/**
 * The example job: solves a file (or folder) of Sudoku puzzle lines on a Spark cluster and writes
 * one result row per puzzle ({@link FgcSpark#SOLVED}), then prints how many were solved and
 * checked.
 *
 * <pre>
 * spark-submit --class fgc.spark.SolveJob fgc-spark.jar INPUT OUTPUT [--driver exact|decimate|...]
 *     [--partitions N] [--format json|csv|parquet] [--master URL]
 * </pre>
 *
 * Exit codes: 0 every puzzle solved and checked valid, 1 some not (or some line not a puzzle), 2
 * usage errors or an OUTPUT that already exists (never overwritten).
 */
public final class SolveJob {
  static final String USAGE =
      "usage: SolveJob INPUT OUTPUT [--driver "
          + String.join("|", Drivers.names())
          + "] [--partitions N] [--format json|csv|parquet] [--master URL]";

  private SolveJob() {}

  /** The command line, read. */
  static final class Options {
    String input;
    String output;
    String driver = "exact";
    int partitions;
    String format = "json";
    String master;

    static Options parse(String... args) {
      Options o = new Options();
      List<String> positional = new ArrayList<>();
      for (int i = 0; i < args.length; i++) {
        String a = args[i];
        if (a.startsWith("--")) {
          if (i + 1 >= args.length) {
            throw new IllegalArgumentException(a + " needs a value");
          }
          String value = args[++i];
          switch (a) {
            case "--driver" -> {
              Drivers.named(value);
              o.driver = value;
            }
            case "--partitions" -> o.partitions = positive(a, value);
            case "--format" -> {
              o.format = value.toLowerCase(Locale.ROOT);
              if (!List.of("json", "csv", "parquet").contains(o.format)) {
                throw new IllegalArgumentException(
                    "--format is json, csv or parquet, not '" + value + "'");
              }
            }
            case "--master" -> o.master = value;
            default -> throw new IllegalArgumentException("unknown option " + a);
          }
        } else {
          positional.add(a);
        }
      }
      if (positional.size() != 2) {
        throw new IllegalArgumentException(
            "expected INPUT and OUTPUT, got " + positional.size() + " argument(s)");
      }
      o.input = positional.get(0);
      o.output = positional.get(1);
      return o;
    }

    private static int positive(String option, String value) {
      try {
        int n = Integer.parseInt(value);
        if (n >= 1) {
          return n;
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      throw new IllegalArgumentException(
          option + " takes a whole number of at least 1, not '" + value + "'");
    }
  }

  public static void main(String[] args) {
    Options options;
    try {
      options = Options.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("SolveJob: " + e.getMessage());
      System.err.println(USAGE);
      System.exit(2);
      return;
    }
    SparkSession.Builder builder = SparkSession.builder().appName("fgc solve " + options.input);
    if (options.master != null) {
      builder.master(options.master);
    }
    SparkSession spark = builder.getOrCreate();
    int code;
    try {
      code = run(spark, options, System.out, System.err);
    } finally {
      spark.stop();
    }
    System.exit(code);
  }

  /** Runs the job in {@code spark}; the exit code. */
  static int run(SparkSession spark, Options options, PrintStream out, PrintStream err) {
    Path output = new Path(options.output);
    try {
      FileSystem fs = output.getFileSystem(spark.sparkContext().hadoopConfiguration());
      if (fs.exists(output)) {
        err.println(
            "SolveJob: "
                + options.output
                + " already exists; give a new OUTPUT (results are never written over)");
        return 2;
      }
    } catch (IOException e) {
      err.println("SolveJob: cannot check OUTPUT " + options.output + ": " + e.getMessage());
      return 2;
    }
    long start = System.nanoTime();
    Dataset<String> lines = spark.read().textFile(options.input);
    if (options.partitions > 0) {
      lines = lines.repartition(options.partitions);
    }
    // Kept, so that writing and counting solve each puzzle once.
    Dataset<Row> results =
        FgcSpark.solvePuzzles(lines, options.driver).persist(StorageLevel.MEMORY_AND_DISK());
    try {
      results
          .write()
          .mode(SaveMode.ErrorIfExists)
          .format(options.format)
          .option("header", "true")
          .save(options.output);
      Map<String, Long> byOutcome = new TreeMap<>();
      for (Row r : results.groupBy("status", "valid").count().collectAsList()) {
        String outcome =
            r.getString(0) + (r.isNullAt(1) ? "" : r.getBoolean(1) ? " valid" : " INVALID");
        byOutcome.merge(outcome, r.getLong(2), Long::sum);
      }
      long total = byOutcome.values().stream().mapToLong(Long::longValue).sum();
      long good = byOutcome.getOrDefault("SOLVED valid", 0L);
      double seconds = (System.nanoTime() - start) / 1e9;
      out.printf(
          Locale.ROOT,
          "%d puzzle line(s) in %.1f s with %s: %d solved and checked valid%n",
          total,
          seconds,
          options.driver,
          good);
      byOutcome.forEach((outcome, n) -> out.printf(Locale.ROOT, "  %-28s %d%n", outcome, n));
      out.println("results: " + options.output + " (" + options.format + ")");
      return good == total ? 0 : 1;
    } finally {
      results.unpersist();
    }
  }
}
