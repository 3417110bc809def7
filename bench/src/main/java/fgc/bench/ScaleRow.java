package fgc.bench;

import java.util.Arrays;
import java.util.List;

/**
 * One line of {@code fgc bench scale}: a model of one family and size under one algorithm, with the
 * time, allocation and retained heap of each stage (NaN where a stage was not reached or has no
 * such figure), or the refusal that stopped it.
 */
final class ScaleRow {
  /** The stages, in the order they run. */
  enum Stage {
    PARSE("parse", "FgcLanguage.parse: text to model"),
    PLAN("plan", "Algorithm.plan, its footprint and the limits' check"),
    KEY("key", "SolverKey.of: the cache key of model and algorithm"),
    EMIT("emit", "Algorithm.emit: plan to Java source text"),
    JANINO("janino", "JaninoBackend.compile: source to class bytes"),
    DEFINE("define", "SolverCache on a miss: define, plan digest and smoke run (its loadNanos)"),
    STORE(
        "store",
        "SolverCache on a miss beyond compiling and defining: key, folder checks, writing the "
            + "entry"),
    RELOAD_FRESH(
        "reload-fresh",
        "SolverCache.load of the stored entry in a fresh JVM (model parsed before the clock)"),
    RELOAD_HERE("reload-here", "SolverCache.load of the stored entry in this JVM"),
    DIGEST(
        "digest",
        "Algorithm.planDigest in this JVM: the plan check that define and every reload repeat"),
    SWEEP("sweep", "GeneratedAlgorithm.update(1), median over up to 10 sweeps after a first one");

    final String label;
    final String meaning;

    Stage(String label, String meaning) {
      this.label = label;
      this.meaning = meaning;
    }
  }

  /** The stages whose sum is the time from text to a stored, ready solver. */
  static final List<Stage> TO_SOLVER =
      List.of(
          Stage.PARSE, Stage.PLAN, Stage.KEY, Stage.EMIT, Stage.JANINO, Stage.DEFINE, Stage.STORE);

  final String family;
  final int parameter;
  final int variables;
  final int factors;
  final long size;
  final String algorithm;

  /**
   * "ok", or "refused: why" (the model or the planner refused it), or "failed: why" (the run
   * broke).
   */
  String status = "ok";

  final double[] millis = nans();
  final double[] allocatedBytes = nans();
  final double[] retainedBytes = nans();
  double classBytes = Double.NaN;
  double sourceChars = Double.NaN;

  /**
   * Heap in use after the fresh JVM's reload (after a collection): what a reloaded solver costs a
   * program.
   */
  double freshHeapBytes = Double.NaN;

  ScaleRow(ScaleModels.Generated model, String algorithm) {
    this(
        model.family(),
        model.parameter(),
        model.variables(),
        model.factors(),
        model.size(),
        algorithm);
  }

  ScaleRow(String family, int parameter, int variables, int factors, long size, String algorithm) {
    this.family = family;
    this.parameter = parameter;
    this.variables = variables;
    this.factors = factors;
    this.size = size;
    this.algorithm = algorithm;
  }

  boolean ok() {
    return status.equals("ok");
  }

  double millis(Stage s) {
    return millis[s.ordinal()];
  }

  /**
   * Text to a stored, ready solver: the sum of {@link #TO_SOLVER}, NaN unless every one was
   * measured.
   */
  double toSolverMillis() {
    double sum = 0;
    for (Stage s : TO_SOLVER) {
      sum += millis(s);
    }
    return sum;
  }

  /**
   * Allocation of every stage that reports one, added up (define and store have none of their own).
   */
  double allocatedTotal() {
    double sum = 0;
    boolean any = false;
    for (double a : allocatedBytes) {
      if (!Double.isNaN(a)) {
        sum += a;
        any = true;
      }
    }
    return any ? sum : Double.NaN;
  }

  /** The largest heap retained after any stage. */
  double retainedPeak() {
    double peak = Double.NaN;
    for (double r : retainedBytes) {
      if (!Double.isNaN(r) && !(r <= peak)) {
        peak = r;
      }
    }
    return peak;
  }

  /**
   * The median of each figure over {@code runs} of one model and algorithm; a refusal or failure in
   * any run is the row.
   */
  static ScaleRow median(List<ScaleRow> runs) {
    for (ScaleRow r : runs) {
      if (!r.ok()) {
        return r;
      }
    }
    ScaleRow first = runs.get(0);
    ScaleRow m =
        new ScaleRow(
            first.family,
            first.parameter,
            first.variables,
            first.factors,
            first.size,
            first.algorithm);
    for (int s = 0; s < Stage.values().length; s++) {
      final int k = s;
      m.millis[k] = median(runs.stream().mapToDouble(r -> r.millis[k]).toArray());
      m.allocatedBytes[k] = median(runs.stream().mapToDouble(r -> r.allocatedBytes[k]).toArray());
      m.retainedBytes[k] = median(runs.stream().mapToDouble(r -> r.retainedBytes[k]).toArray());
    }
    m.classBytes = median(runs.stream().mapToDouble(r -> r.classBytes).toArray());
    m.sourceChars = median(runs.stream().mapToDouble(r -> r.sourceChars).toArray());
    m.freshHeapBytes = median(runs.stream().mapToDouble(r -> r.freshHeapBytes).toArray());
    return m;
  }

  /** The median of the values; NaN if any is NaN (a figure missing from one run is missing). */
  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    if (sorted.length == 0 || Double.isNaN(sorted[sorted.length - 1])) {
      return Double.NaN;
    }
    return Summary.quantile(sorted, 0.5);
  }

  private static double[] nans() {
    double[] a = new double[Stage.values().length];
    Arrays.fill(a, Double.NaN);
    return a;
  }
}
