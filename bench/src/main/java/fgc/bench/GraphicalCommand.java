package fgc.bench;

import fgc.algorithms.Algorithms;
import fgc.cli.NumberOptions;
import fgc.cli.OutputFile;
import fgc.driver.ExactDriver;
import fgc.driver.MostProbable;
import fgc.driver.SolveEvents;
import fgc.formats.BifFormat;
import fgc.formats.UaiFormat;
import fgc.formats.UaiModel;
import fgc.formats.UaiResults;
import fgc.model.Evidence;
import fgc.model.Model;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code fgc bench graphical}: the field's models (UAI and BIF files) under every algorithm, with
 * the marginals' errors against the exact answer and log Z against the competition's {@code .PR};
 * toulbar2's MPE beside fgc's when it is installed. A markdown table.
 */
@Command(
    name = "graphical",
    mixinStandardHelpOptions = true,
    description = {
      "Every algorithm on UAI (.uai) and BIF (.bif) models: compile time, time per inference, "
          + "marginal errors "
          + "against the exact answer (elimination where it fits, else the .MAR beside the "
          + "model), log Z error against the .PR; "
          + "toulbar2's MPE beside fgc's when toulbar2 is on the PATH.",
      "FILES default to every .uai and .bif file in the nearest shared/graphical folder "
          + "(../shared/graphical beside the checkout)."
    })
final class GraphicalCommand implements Callable<Integer> {
  @Parameters(
      paramLabel = "FILES",
      arity = "0..*",
      description = "UAI or BIF model files, or folders of them (default: shared/graphical).")
  List<Path> files = new ArrayList<>();

  @Option(names = "--out", paramLabel = "DIR", description = "Write the table to DIR/graphical.md.")
  Path out;

  @Option(
      names = "--inference-ms",
      paramLabel = "MS",
      defaultValue = "500",
      description =
          "Repeat each inference for about this long, at least three times; the median counts "
              + "(default: ${DEFAULT-VALUE}).")
  @NumberOptions.Range(min = 0)
  long inferenceMs;

  @Option(
      names = "--mpe-seconds",
      paramLabel = "S",
      defaultValue = "10",
      description =
          "The branch and bound's time limit per model in the MPE table (default: "
              + "${DEFAULT-VALUE}; 0 skips the table).")
  @NumberOptions.Range(min = 0)
  double mpeSeconds;

  @Override
  public Integer call() throws IOException {
    List<Path> models =
        files.isEmpty() ? defaultFiles(Path.of("").toAbsolutePath()) : expand(files);
    if (out != null) {
      Files.createDirectories(out);
      OutputFile.check("--out", out.resolve("graphical.md"));
    }
    Path work = Files.createTempDirectory("fgc-bench-graphical");
    String report;
    try {
      report = report(models, work, Toulbar2.onPath(), inferenceMs * 1_000_000L, mpeSeconds);
    } finally {
      ScaleCommand.deleteTree(work);
    }
    System.out.print(report);
    if (out != null) {
      OutputFile.writeString("--out", out.resolve("graphical.md"), report);
      System.err.println("fgc bench graphical: wrote " + out.resolve("graphical.md"));
    }
    return 0;
  }

  /** A small loop of three variables, for the warm-up pass. */
  private static final String WARM_UP =
      "MARKOV\n3\n2 2 2\n3\n2 0 1\n2 1 2\n2 2 0\n4 2 1 1 2\n4 1 2 2 1\n4 3 1 1 3\n";

  /**
   * The table and the toulbar2 section for {@code models}, solvers compiled under {@code work};
   * {@code toulbar2} may be null.
   */
  static String report(List<Path> models, Path work, Path toulbar2, long budgetNanos) {
    return report(models, work, toulbar2, budgetNanos, 0);
  }

  /**
   * As {@link #report(List, Path, Path, long)}, with the MPE table: fgc's branch and bound within
   * {@code mpeSeconds} per model (0: no table) beside elimination's most probable assignment.
   */
  static String report(
      List<Path> models, Path work, Path toulbar2, long budgetNanos, double mpeSeconds) {
    List<String> mpe = new ArrayList<>();
    GraphicalRun run = new GraphicalRun(work.resolve("cache"), budgetNanos);
    List<GraphicalRun.Row> rows = new ArrayList<>();
    List<Toulbar2.Result> peers = new ArrayList<>();
    int k = 0;
    // One unreported pass first: the first compile in a JVM loads and JIT-compiles the compiler
    // itself, which would be charged to whichever model came first.
    Model warm = UaiFormat.parse("warm-up.uai", WARM_UP).model();
    run.measure(
        new GraphicalRun.Input("warm-up", warm, Evidence.none(warm), "none", null, null, null, 0));
    for (Path file : models) {
      String name = file.getFileName().toString();
      GraphicalRun.Input input;
      try {
        input = input(file);
      } catch (RuntimeException e) {
        GraphicalRun.Row row = new GraphicalRun.Row(name, "-");
        row.status = "unreadable: " + ScaleRun.firstLine(e.getMessage());
        rows.add(row);
        continue;
      }
      List<GraphicalRun.Row> each = run.measure(input);
      for (GraphicalRun.Row row : each) {
        System.err.printf(
            Locale.ROOT, "fgc bench graphical: %s %s: %s%n", name, row.algorithm, row.status);
      }
      rows.addAll(each);
      if (mpeSeconds > 0) {
        mpe.add(mpeRow(name, input, each.get(0), mpeSeconds));
        System.err.println("fgc bench graphical: " + name + " MPE: " + mpe.get(mpe.size() - 1));
      }
      if (toulbar2 != null) {
        GraphicalRun.Row exact = each.get(0);
        peers.add(
            Toulbar2.run(
                toulbar2,
                name,
                input.model(),
                input.evidence(),
                exact.ok() ? exact.mostProbable : null,
                work.resolve("toulbar2-" + k++)));
      }
    }
    StringBuilder sb = new StringBuilder();
    sb.append("# fgc bench graphical\n\n");
    sb.append(
        "Compile: planning, emitting and compiling into an empty cache. Inference: the median "
            + "over at least three runs of a new "
            + "instance, the evidence, the whole computation (elimination's one pass, or BP "
            + "until no message entry changes by more than "
            + GraphicalRun.TOLERANCE_TEXT
            + ", at most "
            + GraphicalRun.SWEEP_LIMIT
            + " sweeps) and reading every marginal. Errors: the "
            + "largest and the mean absolute difference over every (variable, value) marginal "
            + "entry, against the reference named. "
            + "log10 Z: against the .PR file, which is rounded to six significant digits (its "
            + "rounding is given). maxproduct's "
            + "beliefs are max-marginals, not probabilities: their errors say how far they are "
            + "from the marginals, not a fault.\n\n");
    sb.append(table(rows));
    sb.append('\n');
    if (!mpe.isEmpty()) {
      sb.append(
          "MPE (the most probable assignment given the evidence, as `fgc run` answers it): "
              + "elimination's (exact, where it fits) and "
              + "fgc's branch and bound's (`run --driver exact`, within "
              + mpeSeconds
              + " s a model), each as log10 of its unnormalised weight "
              + "(log10 P* = that minus log10 Z, given where Z is known); elimination ms is one "
              + "query in process (a new instance, the evidence, mostProbable), repeated as the "
              + "inference is: the median:\n\n");
      sb.append(
          "| model | elimination log10 weight | log10 P* | elimination ms | branch and bound log10 "
              + "weight | status | nodes | ms | same optimum |\n");
      sb.append("|---|---:|---:|---:|---:|---|---:|---:|---|\n");
      mpe.forEach(line -> sb.append(line).append('\n'));
      sb.append('\n');
    }
    if (toulbar2 == null) {
      sb.append("toulbar2: skipped (no toulbar2 on the PATH; the Debian package is toulbar2).\n");
    } else {
      sb.append("toulbar2 (")
          .append(toulbar2)
          .append("), MPE on a copy of each model with every scope sorted:\n\n");
      sb.append("| model | status | toulbar2 ms | same optimum as fgc |\n|---|---|---:|---|\n");
      for (Toulbar2.Result r : peers) {
        sb.append("| ")
            .append(r.model())
            .append(" | ")
            .append(r.status())
            .append(" | ")
            .append(ms(r.millis()))
            .append(" | ")
            .append(r.sameOptimum())
            .append(" |\n");
      }
    }
    return sb.toString();
  }

  /**
   * One row of the MPE table: elimination's answer (from {@code exact}, its row) beside the branch
   * and bound's.
   */
  static String mpeRow(
      String name, GraphicalRun.Input input, GraphicalRun.Row exact, double seconds) {
    Model m = input.model();
    String elimination = "-";
    String probability = "-";
    String eliminationMs =
        Double.isNaN(exact.mostProbableMillis) ? "-" : ms(exact.mostProbableMillis);
    double eliminationWeight = Double.NaN;
    if (exact.ok() && exact.mostProbable != null) {
      eliminationWeight = MostProbable.log10Weight(m, exact.mostProbable);
      elimination = String.format(Locale.ROOT, "%.6f", eliminationWeight);
      if (!Double.isNaN(exact.logZ)) {
        probability =
            String.format(Locale.ROOT, "%.6f", eliminationWeight - exact.logZ / Math.log(10));
      }
    }
    long deadline = System.nanoTime() + (long) (seconds * 1e9);
    MostProbable best;
    try {
      best =
          ExactDriver.withDefaults()
              .mostProbable(
                  m,
                  input.evidence().values(),
                  Long.MAX_VALUE,
                  deadline,
                  x -> {},
                  SolveEvents.NONE);
    } catch (IllegalArgumentException e) {
      return "| "
          + name
          + " | "
          + elimination
          + " | "
          + probability
          + " | "
          + eliminationMs
          + " | - | "
          + ScaleRun.firstLine(e.getMessage()).replace("|", "/")
          + " | - | - | - |";
    }
    String weight =
        best.values() == null ? "-" : String.format(Locale.ROOT, "%.6f", best.log10Weight());
    String status =
        best.values() == null
            ? (best.proven() ? "no assignment" : "none found in time")
            : best.proven() ? "proven optimal" : "stopped at " + seconds + " s";
    String same =
        Double.isNaN(eliminationWeight) || best.values() == null
            ? "-"
            : Math.abs(best.log10Weight() - eliminationWeight)
                    <= 1e-6 * Math.max(1, Math.abs(eliminationWeight))
                ? "yes"
                : best.log10Weight() < eliminationWeight
                    ? "no (below)"
                    : "no (above: elimination's is not optimal)";
    return "| "
        + name
        + " | "
        + elimination
        + " | "
        + probability
        + " | "
        + eliminationMs
        + " | "
        + weight
        + " | "
        + status
        + " | "
        + best.nodes()
        + " | "
        + ms(best.nanos() / 1e6)
        + " | "
        + same
        + " |";
  }

  /** The markdown table of {@code rows}. */
  static String table(List<GraphicalRun.Row> rows) {
    StringBuilder sb = new StringBuilder();
    sb.append(
        "| model | algorithm | status | compile ms | inference ms | sweeps | max error | mean "
            + "error | against | log10 Z error |\n");
    sb.append("|---|---|---|---:|---:|---:|---:|---:|---|---:|\n");
    for (GraphicalRun.Row r : rows) {
      String status = r.status;
      if (r.ok() && !r.converged) {
        status = "not converged after " + r.sweeps + " sweeps";
      } else if (r.ok() && !Algorithms.capabilities(r.algorithm).marginals().probabilities()) {
        status = "ok (" + Algorithms.capabilities(r.algorithm).marginals().what() + ")";
      }
      boolean exact = Algorithms.capabilities(r.algorithm).exact();
      sb.append("| ")
          .append(r.model)
          .append(" | ")
          .append(r.algorithm)
          .append(" | ")
          .append(status.replace("|", "/"))
          .append(" | ")
          .append(ms(r.compileMillis))
          .append(" | ")
          .append(ms(r.inferenceMillis))
          .append(" | ")
          .append(r.ok() ? (exact ? "-" : Integer.toString(r.sweeps)) : "-")
          .append(" | ")
          .append(error(r.maxError))
          .append(" | ")
          .append(error(r.meanError))
          .append(" | ")
          .append(r.ok() ? r.reference : "-")
          .append(" | ")
          .append(logZ(r))
          .append(" |\n");
    }
    return sb.toString();
  }

  private static String logZ(GraphicalRun.Row r) {
    if (Double.isNaN(r.log10ZError)) {
      return r.ok() && !Double.isNaN(r.logZ) ? "(no .PR)" : "-";
    }
    return error(r.log10ZError)
        + (r.log10ZResolution > 0 ? " (.PR ±" + error(r.log10ZResolution) + ")" : "");
  }

  static String ms(double millis) {
    if (Double.isNaN(millis)) {
      return "-";
    }
    return millis >= 100
        ? String.format(Locale.ROOT, "%.0f", millis)
        : String.format(Locale.ROOT, "%.3g", millis);
  }

  static String error(double e) {
    if (Double.isNaN(e)) {
      return "-";
    }
    return e == 0 ? "0" : String.format(Locale.ROOT, "%.1e", e);
  }

  /**
   * A model file and what lies beside it: {@code NAME.uai.evid}, {@code NAME.uai.MAR}, {@code
   * NAME.uai.PR}.
   */
  static GraphicalRun.Input input(Path file) {
    String name = file.getFileName().toString();
    String lower = name.toLowerCase(Locale.ROOT);
    if (lower.endsWith(".bif")) {
      Model m = BifFormat.read(file).model();
      return new GraphicalRun.Input(name, m, Evidence.none(m), "none", null, null, null, 0);
    }
    if (!lower.endsWith(".uai")) {
      throw new IllegalArgumentException(file + " is neither a UAI (.uai) nor a BIF (.bif) model");
    }
    UaiModel uai = UaiFormat.read(file);
    Model m = uai.model();
    Path evid = sibling(file, ".evid");
    Evidence evidence =
        Files.isRegularFile(evid) ? UaiFormat.readEvidence(evid, uai) : Evidence.none(m);
    Path mar = sibling(file, ".MAR");
    double[][] marginals = Files.isRegularFile(mar) ? UaiResults.readMar(mar) : null;
    Path pr = sibling(file, ".PR");
    Double log10Z = null;
    double resolution = 0;
    if (Files.isRegularFile(pr)) {
      log10Z = UaiResults.readPr(pr);
      try {
        resolution = rounding(Files.readString(pr));
      } catch (IOException e) {
        resolution = 0;
      }
    }
    return new GraphicalRun.Input(
        name,
        m,
        evidence,
        Files.isRegularFile(evid) ? evid.getFileName().toString() : "none",
        marginals,
        marginals == null ? null : mar.getFileName().toString(),
        log10Z,
        resolution);
  }

  /**
   * Half a unit in the last written digit of the PR text's number ({@code 169.408} gives 5e-4): how
   * far the true value may be from it. 0 when the number is not plain decimal text.
   */
  static double rounding(String prText) {
    String[] tokens = prText.trim().split("\\s+");
    String t = tokens[tokens.length - 1];
    int e = Math.max(t.indexOf('e'), t.indexOf('E'));
    int exponent = 0;
    String mantissa = t;
    if (e >= 0) {
      try {
        exponent = Integer.parseInt(t.substring(e + 1));
      } catch (NumberFormatException x) {
        return 0;
      }
      mantissa = t.substring(0, e);
    }
    int dot = mantissa.indexOf('.');
    int decimals = dot < 0 ? 0 : mantissa.length() - dot - 1;
    return 0.5 * Math.pow(10, exponent - decimals);
  }

  private static Path sibling(Path file, String suffix) {
    return file.resolveSibling(file.getFileName() + suffix);
  }

  /** Files as given, each folder replaced by its .uai and .bif files in name order. */
  static List<Path> expand(List<Path> given) throws IOException {
    List<Path> models = new ArrayList<>();
    for (Path p : given) {
      if (Files.isDirectory(p)) {
        List<Path> inside = modelsIn(p);
        if (inside.isEmpty()) {
          throw new IllegalArgumentException(p + " holds no .uai or .bif file");
        }
        models.addAll(inside);
      } else if (!Files.isRegularFile(p)) {
        throw new IllegalArgumentException("cannot read " + p + ": no such file");
      } else {
        models.add(p);
      }
    }
    return models;
  }

  /**
   * Every .uai and .bif file of the nearest {@code shared/graphical} from {@code start} upwards
   * ({@code -Dfgc.shared} names the shared folder instead); an error saying where it looked when
   * there is none.
   */
  static List<Path> defaultFiles(Path start) throws IOException {
    Path folder = null;
    String configured = System.getProperty("fgc.shared");
    if (configured != null) {
      folder = Path.of(configured).resolve("graphical");
      if (!Files.isDirectory(folder)) {
        throw new IllegalArgumentException(
            "no graphical models: "
                + folder
                + " (from -Dfgc.shared) is not a folder; "
                + "pass model files: fgc bench graphical FILE.uai FILE.bif ...");
      }
    } else {
      for (Path p = start; p != null; p = p.getParent()) {
        if (Files.isDirectory(p.resolve("shared/graphical"))) {
          folder = p.resolve("shared/graphical");
          break;
        }
      }
      if (folder == null) {
        throw new IllegalArgumentException(
            "no graphical models: found no shared/graphical folder in "
                + start
                + " or above it (../shared/graphical beside the checkout); pass model files: "
                + "fgc bench graphical FILE.uai FILE.bif ...");
      }
    }
    List<Path> models = modelsIn(folder);
    if (models.isEmpty()) {
      throw new IllegalArgumentException(
          "no graphical models: " + folder + " holds no .uai or .bif file");
    }
    return models;
  }

  private static List<Path> modelsIn(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(Files::isRegularFile)
          .filter(
              f -> {
                String n = f.getFileName().toString().toLowerCase(Locale.ROOT);
                return n.endsWith(".uai") || n.endsWith(".bif");
              })
          .sorted(Comparator.comparing(f -> f.getFileName().toString()))
          .toList();
    }
  }
}
