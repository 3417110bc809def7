package fgc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SummaryTest {
  @Test
  void quantilesInterpolateBetweenRanks() {
    double[] sorted = {1, 2, 3, 4, 10};
    assertEquals(3, Summary.quantile(sorted, 0.5), 1e-12);
    assertEquals(7.6, Summary.quantile(sorted, 0.9), 1e-12);
    assertEquals(5, Summary.quantile(new double[] {5}, 0.9), 1e-12);
  }

  @Test
  void onlyCheckedSolutionsCountAndGroupsKeepTheirOrder() {
    List<PuzzleRow> rows =
        List.of(
            row("top95", "exact", PuzzleRow.Outcome.SOLVED, 1.0, 4),
            row("top95", "exact", PuzzleRow.Outcome.INVALID_ANSWER, 3.0, 2),
            row("top95", "exact", PuzzleRow.Outcome.TIME_LIMIT, 2.0, 0),
            row("easy50", "decimate", PuzzleRow.Outcome.SOLVED, 5.0, 1));
    List<Summary> summaries = Summary.of(rows);
    assertEquals(2, summaries.size());
    Summary top = summaries.get(0);
    assertEquals("top95", top.corpus);
    assertEquals(3, top.puzzles);
    assertEquals(1, top.solved);
    assertEquals(2.0, top.medianMillis, 1e-12);
    assertEquals(2.0, top.meanDecisions, 1e-12);
    assertEquals(4.0, top.meanConflicts, 1e-12);
    String table = Summary.table(summaries);
    assertTrue(table.contains("median ms") && table.contains("33.3%"), table);
  }

  @Test
  void anAlgorithmThatCannotTakeTheGridsIsRefusedNotZeroPercent() {
    List<PuzzleRow> rows =
        List.of(
            row("top95", "exact", PuzzleRow.Outcome.ERROR, 0, 0),
            row("top95", "exact", PuzzleRow.Outcome.ERROR, 0, 0),
            row("top95", "decimate", PuzzleRow.Outcome.ERROR, 0, 0),
            row("top95", "decimate", PuzzleRow.Outcome.UNSOLVED, 4.0, 3));
    List<Summary> summaries = Summary.of(rows);
    assertTrue(summaries.get(0).refused);
    assertTrue(!summaries.get(1).refused, "one puzzle ran: its figures stand");
    String table = Summary.table(summaries);
    assertTrue(
        table.contains("exact            refused: the algorithm cannot take these grids"), table);
    assertTrue(!table.contains("exact              0.0%"), table);
  }

  static PuzzleRow row(
      String corpus, String driver, PuzzleRow.Outcome outcome, double ms, int decisions) {
    return new PuzzleRow(
        corpus, 0, "sumproduct", driver, outcome, ms, 1, decisions, 0, 0, 2 * decisions);
  }
}
