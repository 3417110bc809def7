package fgc.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The specialisation-ratio table: per algorithm and grid, the median time of a generated sweep and
 * of a reference sweep over every measured iteration, and the ratio measured side by side. Each
 * round runs both implementations one right after the other; a round's ratio is its reference
 * median over its generated median, and the table reports the median of the rounds' ratios with
 * their range, so one slow moment of the machine moves one round, not the figure.
 */
final class RatioTable {
  private record Key(String algorithm, int box, String state) {}

  /** Per algorithm and box: each round's iteration times (µs per sweep) of one side. */
  private final Map<Key, List<double[]>> generated = new LinkedHashMap<>();
  private final Map<Key, List<double[]>> reference = new LinkedHashMap<>();

  /** Records one round's iteration times of {@code implementation} ("generated" or "reference") in {@code state}. */
  void add(String algorithm, int box, String state, String implementation, double[] micros) {
    if (micros.length == 0) {
      throw new IllegalArgumentException("no iterations for " + algorithm + " " + box + " " + implementation);
    }
    Map<Key, List<double[]>> side = switch (implementation) {
      case "generated" -> generated;
      case "reference" -> reference;
      default -> throw new IllegalArgumentException("unknown implementation " + implementation);
    };
    side.computeIfAbsent(new Key(algorithm, box, state), k -> new ArrayList<>()).add(micros.clone());
  }

  /** One row of the table, for tests and for the text below. */
  record Row(String algorithm, int side, String state, double generatedMedian, double referenceMedian,
      double ratio, double lowestRatio, double highestRatio, int rounds) {}

  List<Row> rows() {
    List<Row> rows = new ArrayList<>();
    for (Map.Entry<Key, List<double[]>> entry : generated.entrySet()) {
      List<double[]> gen = entry.getValue();
      List<double[]> ref = reference.get(entry.getKey());
      if (ref == null) {
        continue;
      }
      int rounds = Math.min(gen.size(), ref.size());
      double[] ratios = new double[rounds];
      for (int r = 0; r < rounds; r++) {
        ratios[r] = median(ref.get(r)) / median(gen.get(r));
      }
      Key key = entry.getKey();
      rows.add(new Row(key.algorithm(), key.box() * key.box(), key.state(), median(concat(gen)), median(concat(ref)),
          median(ratios), Arrays.stream(ratios).min().orElseThrow(), Arrays.stream(ratios).max().orElseThrow(), rounds));
    }
    return rows;
  }

  /** The table as Markdown, µs per sweep. */
  String render() {
    StringBuilder out = new StringBuilder();
    out.append("| algorithm | grid | state | generated µs | reference µs | ratio | rounds' range |\n");
    out.append("|---|---|---|---|---|---|---|\n");
    for (Row row : rows()) {
      out.append(String.format(Locale.ROOT, "| %s | %dx%d | %s | %s | %s | %sx | %sx to %sx (%d) |%n",
          row.algorithm(), row.side(), row.side(), row.state(), figure(row.generatedMedian()), figure(row.referenceMedian()),
          ratio(row.ratio()), ratio(row.lowestRatio()), ratio(row.highestRatio()), row.rounds()));
    }
    return out.toString();
  }

  /** One decimal below 100, whole numbers with thousands separated above. */
  private static String ratio(double x) {
    return x >= 100 ? String.format(Locale.ROOT, "%,.0f", x) : String.format(Locale.ROOT, "%.1f", x);
  }

  /** Three significant figures, with thousands separated. */
  private static String figure(double micros) {
    if (micros >= 100) {
      return String.format(Locale.ROOT, "%,.0f", micros);
    }
    return micros >= 10 ? String.format(Locale.ROOT, "%.1f", micros) : String.format(Locale.ROOT, "%.3f", micros);
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
