package fgc.bench;

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
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.style.Styler;

/** The two charts of a bench run, drawn by XChart as SVG: solve rate and median time per grid, by corpus and solver. */
final class Charts {
  private Charts() {}

  static void write(List<Summary> summaries, Path folder) throws IOException {
    save(chart(summaries, "Solve rate by corpus and solver", "solved (%)", false, true), folder.resolve("solve-rate"));
    save(chart(summaries, "Median time per grid by corpus and solver (log scale)", "median ms per grid", true, false),
        folder.resolve("time-per-grid"));
  }

  private static CategoryChart chart(List<Summary> summaries, String title, String yTitle, boolean logarithmic, boolean rate) {
    Set<String> corpora = new LinkedHashSet<>();
    Map<String, Map<String, Double>> bySolver = new LinkedHashMap<>();
    for (Summary s : summaries) {
      corpora.add(s.corpus);
      // On a log axis a zero cannot be drawn: a solver's time floor is one microsecond.
      double value = rate ? s.solvedPercent() : Math.max(s.medianMillis, 0.001);
      bySolver.computeIfAbsent(s.algorithm + " + " + s.driver, k -> new LinkedHashMap<>()).put(s.corpus, value);
    }
    CategoryChart chart = new CategoryChartBuilder().width(1000).height(560).title(title).xAxisTitle("corpus").yAxisTitle(yTitle).build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setYAxisLogarithmic(logarithmic);
    if (rate) {
      chart.getStyler().setYAxisMin(0.0);
      chart.getStyler().setYAxisMax(100.0);
    }
    if (logarithmic) {
      // Bars start at zero unless told otherwise, which a log axis cannot draw.
      double least = Double.MAX_VALUE;
      for (Map<String, Double> values : bySolver.values()) {
        for (double v : values.values()) {
          least = Math.min(least, v);
        }
      }
      chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(least))));
    }
    List<String> xs = new ArrayList<>(corpora);
    for (Map.Entry<String, Map<String, Double>> e : bySolver.entrySet()) {
      List<Double> ys = new ArrayList<>();
      for (String corpus : xs) {
        ys.add(e.getValue().getOrDefault(corpus, rate ? 0.0 : 0.001));
      }
      chart.addSeries(e.getKey(), xs, ys);
    }
    return chart;
  }

  private static void save(CategoryChart chart, Path withoutExtension) throws IOException {
    VectorGraphicsEncoder.saveVectorGraphic(chart, withoutExtension.toString(), VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
  }
}
