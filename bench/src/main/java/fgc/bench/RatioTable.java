package fgc.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A side-by-side ratio table: per subject (an algorithm, a kernel), size and state, the median time
 * of the fast side (a generated sweep, an all-at-once kernel) and of its baseline (the reference
 * interpreter, one problem per message) over every measured iteration, and the ratio. Each round
 * runs both sides one right after the other; a round's ratio is its baseline median over its fast
 * median, and the table reports the median of the rounds' ratios with their range, so one slow
 * moment of the machine moves one round, not the figure.
 */
final class RatioTable {
  private record Key(String subject, String size, String state) {}

  private final String[] headers;

  /** Per key: each round's iteration times (µs per operation) of one side. */
  private final Map<Key, List<double[]>> fast = new LinkedHashMap<>();

  private final Map<Key, List<double[]>> baseline = new LinkedHashMap<>();

  /**
   * Column titles: subject, size, state, fast side, baseline (e.g. "algorithm", "grid", "state",
   * "generated", "reference").
   */
  RatioTable(String subject, String size, String state, String fastSide, String baselineSide) {
    this.headers = new String[] {subject, size, state, fastSide, baselineSide};
  }

  /** Records one round's iteration times (µs) of the fast side, or of the baseline. */
  void add(String subject, String size, String state, boolean isBaseline, double[] micros) {
    if (micros.length == 0) {
      throw new IllegalArgumentException("no iterations for " + subject + " " + size + " " + state);
    }
    (isBaseline ? baseline : fast)
        .computeIfAbsent(new Key(subject, size, state), k -> new ArrayList<>())
        .add(micros.clone());
  }

  /** One row of the table, for tests and for the text below. */
  record Row(
      String subject,
      String size,
      String state,
      double fastMedian,
      double baselineMedian,
      double ratio,
      double lowestRatio,
      double highestRatio,
      int rounds) {}

  List<Row> rows() {
    List<Row> rows = new ArrayList<>();
    for (Map.Entry<Key, List<double[]>> entry : fast.entrySet()) {
      List<double[]> quick = entry.getValue();
      List<double[]> slow = baseline.get(entry.getKey());
      if (slow == null) {
        continue;
      }
      int rounds = Math.min(quick.size(), slow.size());
      double[] ratios = new double[rounds];
      for (int r = 0; r < rounds; r++) {
        ratios[r] = median(slow.get(r)) / median(quick.get(r));
      }
      Key key = entry.getKey();
      rows.add(
          new Row(
              key.subject(),
              key.size(),
              key.state(),
              median(concat(quick)),
              median(concat(slow)),
              median(ratios),
              Arrays.stream(ratios).min().orElseThrow(),
              Arrays.stream(ratios).max().orElseThrow(),
              rounds));
    }
    return rows;
  }

  /** The table as Markdown, µs per operation. */
  String render() {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "| %s | %s | %s | %s µs | %s µs | ratio | rounds' range |%n",
            (Object[]) headers));
    out.append("|---|---|---|---|---|---|---|\n");
    for (Row row : rows()) {
      out.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %s | %s | %s | %sx | %sx to %sx (%d) |%n",
              row.subject(),
              row.size(),
              row.state(),
              figure(row.fastMedian()),
              figure(row.baselineMedian()),
              ratio(row.ratio()),
              ratio(row.lowestRatio()),
              ratio(row.highestRatio()),
              row.rounds()));
    }
    return out.toString();
  }

  /** One decimal below 100, whole numbers with thousands separated above. */
  private static String ratio(double x) {
    return x >= 100
        ? String.format(Locale.ROOT, "%,.0f", x)
        : String.format(Locale.ROOT, "%.1f", x);
  }

  /** Three significant figures, with thousands separated. */
  private static String figure(double micros) {
    if (micros >= 100) {
      return String.format(Locale.ROOT, "%,.0f", micros);
    }
    return micros >= 10
        ? String.format(Locale.ROOT, "%.1f", micros)
        : String.format(Locale.ROOT, "%.3f", micros);
  }

  private static double[] concat(List<double[]> parts) {
    return parts.stream().flatMapToDouble(Arrays::stream).toArray();
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return Summary.quantile(sorted, 0.5);
  }
}
