package fgc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class RatioTableTest {
  @Test
  void ratioIsTheMedianOfTheRoundsSideBySideRatios() {
    RatioTable table = new RatioTable("algorithm", "grid", "state", "generated", "reference");
    // Round 2 is a slow moment for both sides: its ratio stays near the others.
    table.add("sumproduct", "9x9", "converged", false, new double[] {10, 11, 9});
    table.add("sumproduct", "9x9", "converged", true, new double[] {120, 130, 110});
    table.add("sumproduct", "9x9", "converged", false, new double[] {20, 22, 18});
    table.add("sumproduct", "9x9", "converged", true, new double[] {200, 210, 190});
    table.add("sumproduct", "9x9", "converged", false, new double[] {10, 10, 10});
    table.add("sumproduct", "9x9", "converged", true, new double[] {150, 150, 150});
    List<RatioTable.Row> rows = table.rows();
    assertEquals(1, rows.size());
    RatioTable.Row row = rows.get(0);
    assertEquals("9x9", row.size());
    assertEquals("converged", row.state());
    assertEquals(3, row.rounds());
    assertEquals(12.0, row.ratio(), 1e-12); // rounds: 12, 10, 15
    assertEquals(10.0, row.lowestRatio(), 1e-12);
    assertEquals(15.0, row.highestRatio(), 1e-12);
    assertEquals(10.0, row.fastMedian(), 1e-12); // of all nine iterations
    assertEquals(150.0, row.baselineMedian(), 1e-12);
    String text = table.render();
    assertTrue(
        text.startsWith("| algorithm | grid | state | generated µs | reference µs | ratio |"),
        text);
    assertTrue(
        text.contains("| sumproduct | 9x9 | converged | 10.0 | 150 | 12.0x | 10.0x to 15.0x (3) |"),
        text);
  }

  @Test
  void aSideWithoutItsCounterpartIsLeftOutAndEmptyRoundsAreRefused() {
    RatioTable table = new RatioTable("algorithm", "grid", "state", "generated", "reference");
    table.add("maxproduct", "4x4", "start", false, new double[] {1});
    table.add("maxproduct", "4x4", "converged", true, new double[] {1});
    assertTrue(
        table.rows().isEmpty()); // a generated start and a reference at the fixed point do not pair
    assertThrows(
        IllegalArgumentException.class,
        () -> table.add("maxproduct", "4x4", "start", true, new double[0]));
  }

  @Test
  void bothMaxProductKernelsAreSetAgainstTheOneHungarianBaseline() {
    RatioTable table =
        new RatioTable("messages", "arity", "rows", "all at once", "one problem per message");
    for (String method :
        List.of(
            "sumProductKernel",
            "sumProductRyserPerMessage",
            "maxProductKernel",
            "maxProductAssignmentKernel",
            "maxProductHungarianPerMessage")) {
      double micros =
          method.endsWith("PerMessage") ? 100 : method.equals("maxProductKernel") ? 10 : 4;
      for (RatioCommand.Side side : RatioCommand.messagePassSides(method)) {
        table.add(side.subject(), "9", "dense", side.baseline(), new double[] {micros});
      }
    }
    List<RatioTable.Row> rows = table.rows();
    assertEquals(3, rows.size());
    assertEquals(25.0, rows.get(0).ratio(), 1e-12); // sum: 100 / 4
    assertEquals(10.0, rows.get(1).ratio(), 1e-12); // max, subset passes: 100 / 10
    assertEquals(25.0, rows.get(2).ratio(), 1e-12); // max, assignment: 100 / 4
    assertThrows(IllegalStateException.class, () -> RatioCommand.messagePassSides("somethingElse"));
  }
}
