package fgc.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartsTest {
  @TempDir
  Path folder;

  @Test
  void bothChartsAreWrittenAsSvgEvenWithTimesBelowAMicrosecond() throws Exception {
    List<PuzzleRow> rows = List.of(
        SummaryTest.row("top95", "exact", PuzzleRow.Outcome.SOLVED, 0.0, 4),
        SummaryTest.row("top95", "decimate", PuzzleRow.Outcome.TIME_LIMIT, 1000.0, 4),
        SummaryTest.row("easy50", "exact", PuzzleRow.Outcome.SOLVED, 0.05, 0));
    Charts.write(Summary.of(rows), folder);
    for (String name : new String[] {"solve-rate.svg", "time-per-grid.svg"}) {
      String svg = Files.readString(folder.resolve(name));
      // XChart draws text as outlines, so only the drawing's frame and its size are checked here.
      assertTrue(svg.contains("<svg") && svg.trim().endsWith("</svg>") && svg.length() > 10_000, name);
    }
  }
}
