package fgc.bench;

import fgc.bench.ScaleRow.Stage;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/** The text and CSV of {@code fgc bench scale}: times, memory, and fitted exponents per stage. */
final class ScaleTable {
  private ScaleTable() {}

  /**
   * A figure with an exponent: every stage's time, then the sizes and memory that should grow
   * alike.
   */
  record Series(String label, ToDoubleFunction<ScaleRow> value) {}

  /** What exponents are fitted for, in the exponent table's order. */
  static List<Series> fitted() {
    List<Series> all = new ArrayList<>();
    for (Stage s : Stage.values()) {
      all.add(new Series(s.label, r -> r.millis(s)));
    }
    all.add(new Series("to-solver", ScaleRow::toSolverMillis));
    all.add(new Series("class-bytes", r -> r.classBytes));
    all.add(new Series("alloc", ScaleRow::allocatedTotal));
    all.add(new Series("heap", r -> r.retainedBytes[Stage.STORE.ordinal()]));
    return all;
  }

  /** The rows that ran to the end, by family and algorithm in the order first seen. */
  static Map<String, List<ScaleRow>> groups(List<ScaleRow> rows) {
    Map<String, List<ScaleRow>> groups = new LinkedHashMap<>();
    for (ScaleRow r : rows) {
      if (r.ok()) {
        groups.computeIfAbsent(r.family + " " + r.algorithm, k -> new ArrayList<>()).add(r);
      }
    }
    return groups;
  }

  /** The exponent of {@code series} over {@code rows} in their size. */
  static double exponent(List<ScaleRow> rows, Series series) {
    double[] xs = rows.stream().mapToDouble(r -> r.size).toArray();
    double[] ys = rows.stream().mapToDouble(series.value()).toArray();
    return Exponents.fit(xs, ys);
  }

  static String times(List<ScaleRow> rows) {
    StringBuilder b = new StringBuilder();
    b.append(
        "times in ms (median of the runs); class in KB; heap: MB retained by the ready solver "
            + "and its model (in this JVM,"
            + " after the store; in the fresh JVM, after its reload)\n");
    String head =
        String.format(
            Locale.ROOT,
            "%-7s %6s %8s %8s %-12s",
            "family",
            "param",
            "vars",
            "factors",
            "algorithm");
    for (Stage s : ScaleRow.TO_SOLVER) {
      head += String.format(Locale.ROOT, " %8s", s.label);
    }
    head +=
        String.format(
            Locale.ROOT,
            " %9s %12s %11s %8s %8s %9s %8s %10s",
            "to-solver",
            "reload-fresh",
            "reload-here",
            "digest",
            "sweep",
            "class KB",
            "heap MB",
            "fresh MB");
    b.append(head).append('\n');
    for (ScaleRow r : rows) {
      b.append(
          String.format(
              Locale.ROOT,
              "%-7s %6d %8d %8d %-12s",
              r.family,
              r.parameter,
              r.variables,
              r.factors,
              r.algorithm));
      if (!r.ok()) {
        for (Stage s : ScaleRow.TO_SOLVER) {
          if (Double.isNaN(r.millis(s))) {
            break;
          }
          b.append(String.format(Locale.ROOT, " %8s", ms(r.millis(s))));
        }
        b.append(' ').append(r.status).append('\n');
        continue;
      }
      for (Stage s : ScaleRow.TO_SOLVER) {
        b.append(String.format(Locale.ROOT, " %8s", ms(r.millis(s))));
      }
      b.append(
          String.format(
              Locale.ROOT,
              " %9s %12s %11s %8s %8s %9s %8s %10s%n",
              ms(r.toSolverMillis()),
              ms(r.millis(Stage.RELOAD_FRESH)),
              ms(r.millis(Stage.RELOAD_HERE)),
              ms(r.millis(Stage.DIGEST)),
              ms(r.millis(Stage.SWEEP)),
              number(r.classBytes / 1024),
              mb(r.retainedBytes[Stage.STORE.ordinal()]),
              mb(r.freshHeapBytes)));
    }
    return b.toString();
  }

  static String memory(List<ScaleRow> rows) {
    StringBuilder b = new StringBuilder();
    b.append(
        "memory in MB: allocated by the stage / heap retained after it (define and store: "
            + "retained only,"
            + " their call compiles again)\n");
    String head = String.format(Locale.ROOT, "%-7s %6s %-12s", "family", "param", "algorithm");
    for (Stage s : Stage.values()) {
      if (s != Stage.DEFINE && s != Stage.RELOAD_FRESH) {
        head += String.format(Locale.ROOT, " %15s", s.label);
      }
    }
    b.append(head).append('\n');
    for (ScaleRow r : rows) {
      if (!r.ok()) {
        continue;
      }
      b.append(String.format(Locale.ROOT, "%-7s %6d %-12s", r.family, r.parameter, r.algorithm));
      for (Stage s : Stage.values()) {
        if (s != Stage.DEFINE && s != Stage.RELOAD_FRESH) {
          b.append(
              String.format(
                  Locale.ROOT,
                  " %15s",
                  mb(r.allocatedBytes[s.ordinal()]) + " / " + mb(r.retainedBytes[s.ordinal()])));
        }
      }
      b.append('\n');
    }
    return b.toString();
  }

  /**
   * Two tables of exponents: fitted over every size, and between the two largest sizes only, where
   * the fixed costs that flatten the small sizes' figures (a Janino call, a JVM's start) weigh
   * least.
   */
  static String exponents(List<ScaleRow> rows) {
    return exponents(rows, false) + "\n" + exponents(rows, true);
  }

  static String exponents(List<ScaleRow> rows, boolean largestTwo) {
    StringBuilder b = new StringBuilder();
    b.append(
        largestTwo
            ? "exponents between the two largest sizes of each family and algorithm (log ratio "
                + "of figures over log ratio of sizes)\n"
            : "fitted exponents k of figure = c * size^k over every size (least squares of log "
                + "figure on log size;"
                + " size = variables + factor scope entries; rows refused left out)\n");
    List<Series> series = fitted();
    String head = String.format(Locale.ROOT, "%-7s %-12s %6s", "family", "algorithm", "sizes");
    for (Series s : series) {
      head += String.format(Locale.ROOT, " %12s", s.label());
    }
    b.append(head).append('\n');
    for (Map.Entry<String, List<ScaleRow>> g : groups(rows).entrySet()) {
      List<ScaleRow> fit = g.getValue();
      if (largestTwo) {
        fit = new ArrayList<>(fit);
        fit.sort(Comparator.comparingLong(r -> r.size));
        fit = fit.subList(Math.max(0, fit.size() - 2), fit.size());
      }
      ScaleRow first = fit.get(0);
      b.append(
          String.format(Locale.ROOT, "%-7s %-12s %6d", first.family, first.algorithm, fit.size()));
      for (Series s : series) {
        double k = exponent(fit, s);
        b.append(
            String.format(
                Locale.ROOT,
                " %12s",
                Double.isNaN(k) ? "n/a" : String.format(Locale.ROOT, "%.2f", k)));
      }
      b.append('\n');
    }
    return b.toString();
  }

  /** Every row, every figure: one column per stage and figure, empty where there is none. */
  static String csv(List<ScaleRow> rows) {
    StringBuilder b = new StringBuilder();
    List<String> head =
        new ArrayList<>(
            List.of("family", "parameter", "variables", "factors", "size", "algorithm", "status"));
    for (Stage s : Stage.values()) {
      head.add(s.label + "_ms");
      head.add(s.label + "_allocated_bytes");
      head.add(s.label + "_retained_bytes");
    }
    head.addAll(List.of("to_solver_ms", "class_bytes", "source_chars", "reload_fresh_heap_bytes"));
    b.append(String.join(",", head).replace('-', '_')).append('\n');
    for (ScaleRow r : rows) {
      List<String> cells =
          new ArrayList<>(
              List.of(
                  r.family,
                  Integer.toString(r.parameter),
                  Integer.toString(r.variables),
                  Integer.toString(r.factors),
                  Long.toString(r.size),
                  r.algorithm,
                  quoted(r.status)));
      for (Stage s : Stage.values()) {
        cells.add(plain(r.millis(s)));
        cells.add(plain(r.allocatedBytes[s.ordinal()]));
        cells.add(plain(r.retainedBytes[s.ordinal()]));
      }
      cells.addAll(
          List.of(
              plain(r.toSolverMillis()),
              plain(r.classBytes),
              plain(r.sourceChars),
              plain(r.freshHeapBytes)));
      b.append(String.join(",", cells)).append('\n');
    }
    return b.toString();
  }

  private static String quoted(String text) {
    return text.indexOf(',') < 0 && text.indexOf('"') < 0
        ? text
        : '"' + text.replace("\"", "\"\"") + '"';
  }

  private static String plain(double v) {
    if (Double.isNaN(v)) {
      return "";
    }
    return v == Math.rint(v) && Math.abs(v) < 1e15
        ? Long.toString((long) v)
        : String.format(Locale.ROOT, "%.4f", v);
  }

  static String ms(double v) {
    if (Double.isNaN(v)) {
      return "-";
    }
    return String.format(Locale.ROOT, v < 10 ? "%.2f" : v < 1000 ? "%.1f" : "%.0f", v);
  }

  private static String mb(double bytes) {
    return Double.isNaN(bytes) ? "-" : number(bytes / (1 << 20));
  }

  private static String number(double v) {
    if (Double.isNaN(v)) {
      return "-";
    }
    return String.format(Locale.ROOT, v < 10 ? "%.2f" : v < 1000 ? "%.1f" : "%.0f", v);
  }
}
