package fgc.bench;

import fgc.formats.UaiFormat;
import fgc.model.Evidence;
import fgc.model.Factor;
import fgc.model.Model;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * toulbar2 (a weighted-CSP solver that reads UAI files) finding a most probable assignment of the
 * same model, beside fgc's elimination: its wall time and whether its assignment is as probable as
 * fgc's. toulbar2 1.1.1 (Debian's) misreads a table whose scope is not in increasing variable
 * order, so it is given a copy written by fgc with every scope sorted and its table permuted to
 * match ({@link #sortedCopy}), never the original file.
 */
final class Toulbar2 {
  private static final long TIMEOUT_SECONDS = 120;

  private Toulbar2() {}

  /** The toulbar2 executable on the PATH, or null. */
  static Path onPath() {
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (dir.isEmpty()) {
        continue;
      }
      Path exe = Path.of(dir, "toulbar2");
      if (Files.isRegularFile(exe) && Files.isExecutable(exe)) {
        return exe;
      }
    }
    return null;
  }

  /**
   * {@code model} as UAI text with each scope in increasing variable order and its table permuted
   * to match.
   */
  static String sortedCopy(Model model) {
    return UaiFormat.write(model, true, UaiFormat.MAX_TABLE_ENTRIES);
  }

  /** What toulbar2 did on one model. */
  record Result(String model, String status, double millis, String sameOptimum) {}

  /**
   * Runs toulbar2 on a sorted copy of {@code model} with {@code evidence}, in {@code work}, and
   * compares its assignment's weight with that of {@code mostProbable} (fgc's, or null when fgc has
   * none).
   */
  static Result run(
      Path exe, String name, Model model, Evidence evidence, int[] mostProbable, Path work) {
    try {
      Files.createDirectories(work);
      Path uai = work.resolve("model.uai");
      Files.writeString(uai, sortedCopy(model), StandardCharsets.UTF_8);
      Path solution = work.resolve("solution.txt");
      List<String> command = new ArrayList<>(List.of(exe.toString(), uai.toString()));
      if (evidence.count() > 0) {
        Path evid = work.resolve("model.uai.evid");
        Files.writeString(evid, UaiFormat.writeEvidence(model, evidence), StandardCharsets.UTF_8);
        command.add(evid.toString());
      }
      command.add("-w=" + solution);
      Path log = work.resolve("toulbar2.log");
      long t0 = System.nanoTime();
      Process p =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return new Result(name, "timed out after " + TIMEOUT_SECONDS + " s", Double.NaN, "-");
      }
      double millis = (System.nanoTime() - t0) / 1e6;
      if (!Files.isRegularFile(solution)) {
        return new Result(
            name,
            "no solution written (exit " + p.exitValue() + "): " + lastLine(log),
            millis,
            "-");
      }
      int[] values = solutionValues(Files.readString(solution), model);
      if (values == null) {
        return new Result(
            name, "unreadable solution: " + Files.readString(solution).strip(), millis, "-");
      }
      if (mostProbable == null) {
        return new Result(name, "ok", millis, "- (fgc has no MPE)");
      }
      double theirs = logWeight(model, values);
      double ours = logWeight(model, mostProbable);
      boolean same = Math.abs(theirs - ours) <= 1e-9 * Math.max(1, Math.abs(ours));
      String detail =
          same
              ? "yes"
              : String.format(
                  Locale.ROOT, "no: log weight %.9g (toulbar2) vs %.9g (fgc)", theirs, ours);
      return new Result(name, "ok", millis, detail);
    } catch (IOException e) {
      return new Result(name, "failed: " + e.getMessage(), Double.NaN, "-");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Result(name, "interrupted", Double.NaN, "-");
    }
  }

  /**
   * The value indices toulbar2 wrote (one per variable), as model values; null when they do not fit
   * the model.
   */
  static int[] solutionValues(String text, Model model) {
    String[] tokens = text.trim().split("\\s+");
    if (tokens.length != model.variableCount()) {
      return null;
    }
    int[] values = new int[tokens.length];
    for (int i = 0; i < tokens.length; i++) {
      try {
        int v = Integer.parseInt(tokens[i]);
        if (v < 0 || v >= model.domainOf(i).size()) {
          return null;
        }
        values[i] = model.domainOf(i).lo() + v;
      } catch (NumberFormatException e) {
        return null;
      }
    }
    return values;
  }

  /**
   * The natural log of the product of every factor at {@code values} (model values, one per
   * variable).
   */
  static double logWeight(Model model, int[] values) {
    double sum = 0;
    for (Factor f : model.factors()) {
      int[] scope = f.scope();
      int[] at = new int[scope.length];
      for (int s = 0; s < scope.length; s++) {
        at[s] = values[scope[s]];
      }
      sum += Math.log(f.potential(at));
    }
    return sum;
  }

  private static String lastLine(Path log) throws IOException {
    List<String> lines = Files.readAllLines(log);
    for (int i = lines.size() - 1; i >= 0; i--) {
      if (!lines.get(i).isBlank()) {
        return lines.get(i).strip();
      }
    }
    return "(no output)";
  }
}
