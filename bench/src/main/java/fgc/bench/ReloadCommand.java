package fgc.bench;

import fgc.cli.NumberOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code fgc bench reload}: what a user's {@code fgc compile} costs as a whole process, JVM start
 * included, on a generated model of each size: text to stored solver (an empty cache) and the
 * reload of that entry (a hit), medians of several processes, with the class's bytes. Given a
 * second launcher ({@code --baseline}, another checkout's {@code fgc}), both are run in turn, each
 * process of one beside the same process of the other, so their ratios are measured side by side.
 * Every process runs with the same maximum heap, so a model that needs more fails here as it would
 * for the user.
 */
@Command(
    name = "reload",
    mixinStandardHelpOptions = true,
    description =
        "Whole 'fgc compile' processes (miss, then hit) on generated models of growing size; "
            + "medians, ratios to the smallest size"
            + " and, with --baseline, to another launcher.")
final class ReloadCommand implements Callable<Integer> {
  @Option(
      names = "--family",
      paramLabel = "F",
      defaultValue = "ising",
      description = "Model family (chain, ising, sudoku, random; default: ${DEFAULT-VALUE}).")
  String family;

  @Option(
      names = "--sizes",
      split = ",",
      paramLabel = "N",
      defaultValue = "30,100,300,1000",
      description = "Sizes (default: ${DEFAULT-VALUE}).")
  List<Integer> sizes;

  @Option(
      names = "--algorithms",
      split = ",",
      paramLabel = "A",
      defaultValue = "bp-pairwise,maxproduct",
      description = "Algorithms (default: ${DEFAULT-VALUE}).")
  List<String> algorithms;

  @Option(
      names = "--runs",
      paramLabel = "N",
      defaultValue = "3",
      description = "Processes of each kind per size (default: ${DEFAULT-VALUE}).")
  @NumberOptions.Range(min = 1)
  int runs;

  @Option(
      names = "--heap",
      paramLabel = "SIZE",
      defaultValue = "1g",
      description = "Maximum heap of every process (default: ${DEFAULT-VALUE}).")
  String heap;

  @Option(
      names = "--fgc",
      paramLabel = "PATH",
      description = "The fgc launcher measured (default: the one at this checkout's root).")
  Path launcher;

  @Option(
      names = "--baseline",
      paramLabel = "PATH",
      description = "Another fgc launcher, run beside it (e.g. an older checkout's).")
  Path baseline;

  @Override
  public Integer call() throws IOException, InterruptedException {
    Path fgc = launcher != null ? launcher : CliCommand.defaultLauncher();
    List<Path> launchers = new ArrayList<>(List.of(fgc));
    if (baseline != null) {
      launchers.add(baseline);
    }
    for (int size : sizes) {
      ScaleModels.sizeCheck(family, size);
    }
    Path work = Files.createTempDirectory("fgc-bench-reload-");
    try {
      System.out.printf(
          Locale.ROOT,
          "fgc bench reload: %s, sizes %s; %d processes of each kind, medians; -Xmx%s; JVM %s, "
              + "%d processors%n",
          family,
          sizes,
          runs,
          heap,
          System.getProperty("java.version"),
          Runtime.getRuntime().availableProcessors());
      for (Path l : launchers) {
        System.out.println((l == fgc ? "fgc:      " : "baseline: ") + l);
        warm(l, work);
      }
      System.out.println(
          "algorithm        size  launcher   miss (text to stored solver)   hit (reload)   "
              + "class bytes");
      for (String algorithm : algorithms) {
        Map<String, double[]> smallest = new LinkedHashMap<>();
        for (int size : sizes) {
          ScaleModels.Generated model = ScaleModels.of(family, size);
          Path file = work.resolve(model.sourceName());
          Files.writeString(file, model.text(), StandardCharsets.UTF_8);
          double[][] miss = new double[launchers.size()][runs];
          double[][] hit = new double[launchers.size()][runs];
          long[] bytes = new long[launchers.size()];
          String[] failed = new String[launchers.size()];
          for (int r = 0; r < runs; r++) {
            for (int k = 0; k < launchers.size(); k++) {
              if (failed[k] != null) {
                continue;
              }
              Path cache = work.resolve("cache-" + k + "-" + size + "-" + r);
              Timed m = compile(launchers.get(k), file, algorithm, cache);
              Timed h = m.failure == null ? compile(launchers.get(k), file, algorithm, cache) : m;
              if (h.failure != null) {
                failed[k] = h.failure;
                continue;
              }
              miss[k][r] = m.seconds;
              hit[k][r] = h.seconds;
              bytes[k] = classBytes(cache);
              ScaleCommand.deleteTree(cache);
            }
          }
          for (int k = 0; k < launchers.size(); k++) {
            String who = k == 0 ? "fgc" : "baseline";
            if (failed[k] != null) {
              System.out.printf(
                  Locale.ROOT, "%-15s %5d  %-9s  failed: %s%n", algorithm, size, who, failed[k]);
              continue;
            }
            double mm = median(miss[k]);
            double hh = median(hit[k]);
            double[] first = smallest.computeIfAbsent(who, x -> new double[] {mm, hh});
            System.out.printf(
                Locale.ROOT,
                "%-15s %5d  %-9s  %6.2f s (%5.1fx the smallest)   %6.2f s (%5.1fx)   %,d%n",
                algorithm,
                size,
                who,
                mm,
                mm / first[0],
                hh,
                hh / first[1],
                bytes[k]);
          }
          if (launchers.size() == 2 && failed[0] == null && failed[1] == null) {
            System.out.printf(
                Locale.ROOT,
                "%-15s %5d  baseline / fgc: miss %.2f, hit %.2f%n",
                algorithm,
                size,
                median(miss[1]) / median(miss[0]),
                median(hit[1]) / median(hit[0]));
          }
        }
      }
    } finally {
      ScaleCommand.deleteTree(work);
    }
    return 0;
  }

  /**
   * One untimed process per launcher: builds its jar if it must, and brings the files it reads into
   * the page cache.
   */
  private void warm(Path fgc, Path work) throws IOException, InterruptedException {
    ScaleModels.Generated model = ScaleModels.of(family, sizes.get(0));
    Path file = work.resolve("warm-" + model.sourceName());
    Files.writeString(file, model.text(), StandardCharsets.UTF_8);
    Timed t = compile(fgc, file, algorithms.get(0), work.resolve("cache-warm"));
    if (t.failure != null) {
      throw new IllegalStateException(fgc + " compile failed: " + t.failure);
    }
    ScaleCommand.deleteTree(work.resolve("cache-warm"));
  }

  private record Timed(double seconds, String failure) {}

  private Timed compile(Path fgc, Path file, String algorithm, Path cache)
      throws IOException, InterruptedException {
    ProcessBuilder pb =
        new ProcessBuilder(
            fgc.toString(),
            "compile",
            file.toString(),
            "--algorithm",
            algorithm,
            "--cache-dir",
            cache.toString());
    pb.environment().put("JAVA_TOOL_OPTIONS", "-Xmx" + heap);
    pb.redirectErrorStream(true);
    long start = System.nanoTime();
    Process p = pb.start();
    byte[] out = p.getInputStream().readAllBytes();
    int code = p.waitFor();
    double seconds = (System.nanoTime() - start) / 1e9;
    if (code != 0) {
      String text = new String(out, StandardCharsets.UTF_8).trim();
      String[] lines = text.split("\n");
      return new Timed(seconds, "exit " + code + ": " + lines[lines.length - 1]);
    }
    return new Timed(seconds, null);
  }

  /** The bytes of the class files in the cache folder (one entry). */
  private static long classBytes(Path cache) throws IOException {
    if (!Files.isDirectory(cache)) {
      return 0;
    }
    try (var files = Files.walk(cache)) {
      return files
          .filter(f -> f.getFileName().toString().endsWith(".class"))
          .mapToLong(
              f -> {
                try {
                  return Files.size(f);
                } catch (IOException e) {
                  return 0;
                }
              })
          .sum();
    }
  }

  private static double median(double[] values) {
    double[] v = values.clone();
    Arrays.sort(v);
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }
}
