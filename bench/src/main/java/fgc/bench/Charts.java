package fgc.bench;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.style.Styler;

/**
 * The two charts of a bench run, drawn by XChart as SVG: solve rate and median time per grid, by
 * corpus and solver. Each algorithm has a hue and each of its drivers a shade of it; a driver that
 * ignores the algorithm ({@link #ALGORITHM_FREE}) is one series in grey, its runs under every
 * algorithm pooled, since drawing it once per algorithm would show timing noise as a difference.
 */
final class Charts {
  /**
   * Drivers that never use the compiled algorithm: {@code exact} searches with its own propagation
   * (ExactDriver; {@code exact-marginals} does consult the algorithm and keeps one series each).
   */
  static final Set<String> ALGORITHM_FREE = Set.of("exact");

  private static final Color[] HUES = {
    new Color(0x1f, 0x5f, 0xb4), new Color(0xd9, 0x6a, 0x10), new Color(0x2e, 0x8b, 0x3e),
    new Color(0x7b, 0x4f, 0xb0), new Color(0xb0, 0x3a, 0x4a), new Color(0x3a, 0x8f, 0x9a)
  };
  private static final Color ALGORITHM_FREE_COLOUR = new Color(0x55, 0x55, 0x55);
  private static final int LEGEND_ROW = 26;

  private Charts() {}

  static void write(List<PuzzleRow> rows, Path folder) throws IOException {
    List<Summary> summaries = new ArrayList<>(Summary.of(pooled(rows)));
    summaries.removeIf(
        s -> s.refused); // nothing to draw for an algorithm that cannot take the grids
    save(
        chart(summaries, "Solve rate by corpus and solver", "solved (%)", false),
        folder.resolve("solve-rate"));
    save(
        chart(
            summaries,
            "Median time per grid by corpus and solver (log scale)",
            "median ms per grid",
            true),
        folder.resolve("time-per-grid"));
  }

  /**
   * The rows with every algorithm-free driver's runs under one algorithm name, so they are
   * summarised together; its runs under an algorithm that refused the corpus (every row an error)
   * are left out, since they say nothing of the driver and would count as unsolved.
   */
  static List<PuzzleRow> pooled(List<PuzzleRow> rows) {
    Map<String, Boolean> refused = new LinkedHashMap<>();
    for (PuzzleRow r : rows) {
      refused.merge(
          r.corpus + "\n" + r.solverLabel(),
          r.outcome == PuzzleRow.Outcome.ERROR,
          Boolean::logicalAnd);
    }
    List<PuzzleRow> out = new ArrayList<>(rows.size());
    for (PuzzleRow r : rows) {
      if (!ALGORITHM_FREE.contains(r.driver)) {
        out.add(r);
      } else if (!refused.get(r.corpus + "\n" + r.solverLabel())) {
        out.add(
            new PuzzleRow(
                r.corpus,
                r.index,
                "",
                r.driver,
                r.outcome,
                r.millis,
                r.sweeps,
                r.decisions,
                r.restarts,
                r.backtracks,
                r.conflicts));
      }
    }
    return out;
  }

  private static String label(Summary s) {
    return s.algorithm.isEmpty() ? s.driver + " (any algorithm)" : s.algorithm + " + " + s.driver;
  }

  /** A chart of median times ({@code logarithmic}) or of solve rates. */
  static CategoryChart chart(
      List<Summary> summaries, String title, String yTitle, boolean logarithmic) {
    Set<String> corpora = new LinkedHashSet<>();
    Map<String, Map<String, Double>> bySolver = new LinkedHashMap<>();
    Map<String, Color> colours = new LinkedHashMap<>();
    List<String> algorithms = new ArrayList<>();
    Map<String, List<String>> drivers = new LinkedHashMap<>();
    for (Summary s : summaries) {
      corpora.add(s.corpus);
      if (!s.algorithm.isEmpty() && !algorithms.contains(s.algorithm)) {
        algorithms.add(s.algorithm);
      }
      List<String> own = drivers.computeIfAbsent(s.algorithm, k -> new ArrayList<>());
      if (!own.contains(s.driver)) {
        own.add(s.driver);
      }
    }
    // The algorithm-free series go last, beside no algorithm's group.
    List<Summary> ordered = new ArrayList<>();
    summaries.stream().filter(s -> !s.algorithm.isEmpty()).forEach(ordered::add);
    summaries.stream().filter(s -> s.algorithm.isEmpty()).forEach(ordered::add);
    for (Summary s : ordered) {
      // On a log axis a zero cannot be drawn: a solver's time floor is one microsecond.
      double value = logarithmic ? Math.max(s.medianMillis, 0.001) : s.solvedPercent();
      bySolver.computeIfAbsent(label(s), k -> new LinkedHashMap<>()).put(s.corpus, value);
      colours.computeIfAbsent(label(s), k -> colour(s, algorithms, drivers.get(s.algorithm)));
    }
    int height = Math.max(560, 120 + LEGEND_ROW * bySolver.size());
    CategoryChart chart =
        new CategoryChartBuilder()
            .width(1100)
            .height(height)
            .title(title)
            .xAxisTitle("corpus")
            .yAxisTitle(yTitle)
            .build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setYAxisLogarithmic(logarithmic);
    if (!logarithmic) {
      chart.getStyler().setYAxisMin(0.0);
      chart.getStyler().setYAxisMax(100.0);
    } else {
      double least = Double.MAX_VALUE;
      double most = 0;
      for (Map<String, Double> values : bySolver.values()) {
        for (double v : values.values()) {
          least = Math.min(least, v);
          most = Math.max(most, v);
        }
      }
      // Bars start at zero unless told otherwise, which a log axis cannot draw; and the axis ends
      // at the power of ten above the tallest bar, so the top of every bar has a labelled tick
      // above it.
      chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(least))));
      chart.getStyler().setYAxisMax(Math.pow(10, Math.ceil(Math.log10(most))));
      chart.getStyler().setYAxisDecimalPattern("#,##0.###");
    }
    List<String> xs = new ArrayList<>(corpora);
    for (Map.Entry<String, Map<String, Double>> e : bySolver.entrySet()) {
      List<Double> ys = new ArrayList<>();
      for (String corpus : xs) {
        ys.add(e.getValue().getOrDefault(corpus, logarithmic ? 0.001 : 0.0));
      }
      CategorySeries series = chart.addSeries(e.getKey(), xs, ys);
      series.setFillColor(colours.get(e.getKey()));
    }
    return chart;
  }

  /**
   * The algorithm's hue, lighter for each later driver; grey for a driver that ignores the
   * algorithm.
   */
  private static Color colour(Summary s, List<String> algorithms, List<String> drivers) {
    if (s.algorithm.isEmpty()) {
      return ALGORITHM_FREE_COLOUR;
    }
    Color hue = HUES[algorithms.indexOf(s.algorithm) % HUES.length];
    double lighten =
        drivers.size() <= 1 ? 0 : 0.65 * drivers.indexOf(s.driver) / (drivers.size() - 1);
    return new Color(
        mix(hue.getRed(), lighten), mix(hue.getGreen(), lighten), mix(hue.getBlue(), lighten));
  }

  private static int mix(int channel, double towardsWhite) {
    return (int) Math.round(channel + (255 - channel) * towardsWhite);
  }

  private static void save(CategoryChart chart, Path withoutExtension) throws IOException {
    VectorGraphicsEncoder.saveVectorGraphic(
        chart, withoutExtension.toString(), VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
  }
}
