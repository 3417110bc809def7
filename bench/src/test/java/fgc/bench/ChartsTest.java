package fgc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;

class ChartsTest {
  @TempDir Path folder;

  private static PuzzleRow row(String algorithm, String driver, double ms) {
    return new PuzzleRow(
        "top95", 0, algorithm, driver, PuzzleRow.Outcome.SOLVED, ms, 1, 1, 0, 0, 0);
  }

  private static CategoryChart times(List<PuzzleRow> rows) {
    return Charts.chart(Summary.of(Charts.pooled(rows)), "t", "ms", true);
  }

  @Test
  void bothChartsAreWrittenAsSvgEvenWithTimesBelowAMicrosecond() throws Exception {
    List<PuzzleRow> rows =
        List.of(
            SummaryTest.row("top95", "exact", PuzzleRow.Outcome.SOLVED, 0.0, 4),
            SummaryTest.row("top95", "decimate", PuzzleRow.Outcome.TIME_LIMIT, 1000.0, 4),
            SummaryTest.row("easy50", "exact", PuzzleRow.Outcome.SOLVED, 0.05, 0));
    Charts.write(rows, folder);
    for (String name : new String[] {"solve-rate.svg", "time-per-grid.svg"}) {
      String svg = Files.readString(folder.resolve(name));
      // XChart draws text as outlines, so only the drawing's frame and its size are checked here.
      assertTrue(
          svg.contains("<svg") && svg.trim().endsWith("</svg>") && svg.length() > 10_000, name);
    }
  }

  @Test
  void theExactDriverIsOneSeriesOverEveryAlgorithmsRuns() {
    List<PuzzleRow> rows = new ArrayList<>();
    for (String algorithm : List.of("maxproduct", "sumproduct", "bp-pairwise")) {
      rows.add(row(algorithm, "decimate", 5));
      rows.add(row(algorithm, "exact-marginals", 2));
    }
    // The exact driver ignores the algorithm: its three runs differ only by when they ran.
    rows.add(row("maxproduct", "exact", 0.49));
    rows.add(row("sumproduct", "exact", 0.087));
    rows.add(row("bp-pairwise", "exact", 0.1));
    for (boolean logarithmic : new boolean[] {true, false}) {
      CategoryChart chart = Charts.chart(Summary.of(Charts.pooled(rows)), "t", "y", logarithmic);
      List<String> names = new ArrayList<>(chart.getSeriesMap().keySet());
      assertEquals(
          List.of(
              "maxproduct + decimate",
              "maxproduct + exact-marginals",
              "sumproduct + decimate",
              "sumproduct + exact-marginals",
              "bp-pairwise + decimate",
              "bp-pairwise + exact-marginals",
              "exact (any algorithm)"),
          names);
    }
    CategorySeries exact = times(rows).getSeriesMap().get("exact (any algorithm)");
    assertEquals(
        0.1,
        exact.getYData().iterator().next().doubleValue(),
        1e-12,
        "the median of the pooled runs");
  }

  @Test
  void anAlgorithmThatCannotTakeTheGridsDoesNotCountAgainstTheExactDriver() {
    // Elimination refuses 9x9 grids: every run under it is an error, the exact driver's included.
    // Pooled with the others they would draw exact at 50% solved where it solved every grid it ran.
    List<PuzzleRow> rows = new ArrayList<>();
    rows.add(row("maxproduct", "exact", 0.2));
    rows.add(row("maxproduct", "decimate", 5));
    rows.add(
        new PuzzleRow(
            "top95", 0, "elimination", "exact", PuzzleRow.Outcome.ERROR, 0.001, 0, 0, 0, 0, 0));
    rows.add(
        new PuzzleRow(
            "top95", 0, "elimination", "decimate", PuzzleRow.Outcome.ERROR, 0.001, 0, 0, 0, 0, 0));
    CategoryChart rate = Charts.chart(Summary.of(Charts.pooled(rows)), "t", "y", false);
    assertEquals(
        100.0,
        rate.getSeriesMap().get("exact (any algorithm)").getYData().iterator().next().doubleValue(),
        1e-9);
    assertEquals(
        0.2,
        times(rows)
            .getSeriesMap()
            .get("exact (any algorithm)")
            .getYData()
            .iterator()
            .next()
            .doubleValue(),
        1e-12);
  }

  @Test
  void theLogAxisEndsAtThePowerOfTenAboveTheTallestBar() {
    CategoryChart below10 =
        times(List.of(row("sumproduct", "decimate", 9.2), row("sumproduct", "single", 0.03)));
    assertEquals(
        10.0,
        below10.getStyler().getYAxisMax(),
        1e-9,
        "the 10 tick is on the axis above a 9.2 ms bar");
    assertEquals(0.01, below10.getStyler().getYAxisMin(), 1e-12);
    CategoryChart atLimit =
        times(List.of(row("sumproduct", "decimate", 1000.8), row("sumproduct", "single", 2)));
    assertEquals(10_000.0, atLimit.getStyler().getYAxisMax(), 1e-9);
    CategoryChart exactPower =
        times(List.of(row("sumproduct", "decimate", 100), row("sumproduct", "single", 2)));
    assertEquals(100.0, exactPower.getStyler().getYAxisMax(), 1e-9);
  }
}
