package fgc.bench;

import fgc.bench.ScaleRow.Stage;
import fgc.cli.OutputFile;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.imageio.ImageIO;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The chart of {@code fgc bench scale}: one log-log panel per family and algorithm, time against
 * size, one line per stage with its fitted exponent in the legend; the panels drawn by XChart into
 * one PNG.
 */
final class ScaleChart {
  private static final int PANEL_WIDTH = 760;
  private static final int PANEL_HEIGHT = 460;
  private static final int COLUMNS = 2;
  private static final Color[] COLOURS = {
    new Color(0x1f, 0x5f, 0xb4), new Color(0xd9, 0x6a, 0x10), new Color(0x2e, 0x8b, 0x3e),
        new Color(0x7b, 0x4f, 0xb0),
    new Color(0xb0, 0x3a, 0x4a), new Color(0x3a, 0x8f, 0x9a), new Color(0x8a, 0x6d, 0x1e),
        new Color(0xc0, 0x4f, 0xa0),
    new Color(0x55, 0x55, 0x55), new Color(0x00, 0x00, 0x00), new Color(0x99, 0x99, 0x99),
        new Color(0xe0, 0x1a, 0x1a)
  };

  private ScaleChart() {}

  /** The panels, one per family and algorithm that has rows run to the end. */
  static List<XYChart> panels(List<ScaleRow> rows) {
    List<XYChart> charts = new ArrayList<>();
    for (Map.Entry<String, List<ScaleRow>> g : ScaleTable.groups(rows).entrySet()) {
      XYChart chart =
          new XYChartBuilder()
              .width(PANEL_WIDTH)
              .height(PANEL_HEIGHT)
              .title(g.getKey() + ": time per stage")
              .xAxisTitle("size (variables + factor scope entries)")
              .yAxisTitle("ms")
              .build();
      chart.getStyler().setXAxisLogarithmic(true);
      chart.getStyler().setYAxisLogarithmic(true);
      chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
      chart.getStyler().setXAxisDecimalPattern("#,##0");
      chart.getStyler().setYAxisDecimalPattern("#,##0.###");
      int colour = 0;
      List<ScaleTable.Series> times = new ArrayList<>();
      for (Stage s : Stage.values()) {
        times.add(new ScaleTable.Series(s.label, r -> r.millis(s)));
      }
      times.add(new ScaleTable.Series("to-solver", ScaleRow::toSolverMillis));
      for (ScaleTable.Series s : times) {
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (ScaleRow r : g.getValue()) {
          double y = s.value().applyAsDouble(r);
          if (y > 0) {
            xs.add((double) r.size);
            ys.add(y);
          }
        }
        if (xs.isEmpty()) {
          continue;
        }
        double k = ScaleTable.exponent(g.getValue(), s);
        String label =
            s.label() + (Double.isNaN(k) ? "" : String.format(Locale.ROOT, " (k = %.2f)", k));
        XYSeries series = chart.addSeries(label, xs, ys);
        series.setMarker(SeriesMarkers.CIRCLE);
        series.setLineColor(COLOURS[colour % COLOURS.length]);
        series.setMarkerColor(COLOURS[colour % COLOURS.length]);
        colour++;
      }
      if (!chart.getSeriesMap().isEmpty()) {
        charts.add(chart);
      }
    }
    return charts;
  }

  /**
   * Writes the panels as one PNG at {@code file}; false (nothing written) when no row ran to the
   * end.
   */
  static boolean write(List<ScaleRow> rows, Path file) throws IOException {
    List<XYChart> charts = panels(rows);
    if (charts.isEmpty()) {
      return false;
    }
    int columns = Math.min(COLUMNS, charts.size());
    int lines = (charts.size() + columns - 1) / columns;
    BufferedImage image =
        new BufferedImage(columns * PANEL_WIDTH, lines * PANEL_HEIGHT, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, image.getWidth(), image.getHeight());
    for (int i = 0; i < charts.size(); i++) {
      Graphics2D panel =
          (Graphics2D)
              g.create(
                  (i % columns) * PANEL_WIDTH,
                  (i / columns) * PANEL_HEIGHT,
                  PANEL_WIDTH,
                  PANEL_HEIGHT);
      charts.get(i).paint(panel, PANEL_WIDTH, PANEL_HEIGHT);
      panel.dispose();
    }
    g.dispose();
    try (OutputFile out = OutputFile.create("--out", file)) {
      try (OutputStream stream = Files.newOutputStream(out.temp())) {
        ImageIO.write(image, "png", stream);
      }
      out.commit();
    }
    return true;
  }
}
