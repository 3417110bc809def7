package fgc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

class ScaleChartTest {
  private static ScaleRow row(String algorithm, int size, double msPerUnit) {
    ScaleRow r = new ScaleRow("chain", size, size, size, 3L * size, algorithm);
    for (int s = 0; s < ScaleRow.Stage.values().length; s++) {
      r.millis[s] = msPerUnit * size * (s + 1);
    }
    return r;
  }

  @Test
  void onePanelPerAlgorithmEachStageALineOfItsOwnColourWithItsExponent() {
    List<ScaleRow> rows = new ArrayList<>();
    for (int size : new int[] {100, 1000, 10_000}) {
      rows.add(row("maxproduct", size, 0.01));
      rows.add(row("bp-pairwise", size, 0.02));
    }
    ScaleRow refused = new ScaleRow("chain", 5, 5, 5, 15, "sumproduct");
    refused.status = "refused: too large";
    rows.add(refused);
    List<XYChart> panels = ScaleChart.panels(rows);
    assertEquals(2, panels.size(), "a refused row draws no panel");
    for (XYChart panel : panels) {
      assertEquals(
          ScaleRow.Stage.values().length + 1,
          panel.getSeriesMap().size(),
          "every stage and the total");
      Set<java.awt.Color> colours = new HashSet<>();
      for (XYSeries s : panel.getSeriesMap().values()) {
        assertTrue(colours.add(s.getLineColor()), "colour of " + s.getName() + " used twice");
        assertTrue(s.getName().endsWith("(k = 1.00)"), s.getName());
      }
    }
  }
}
