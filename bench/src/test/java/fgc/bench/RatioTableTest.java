package fgc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class RatioTableTest {
  @Test
  void ratioIsTheMedianOfTheRoundsSideBySideRatios() {
    RatioTable table = new RatioTable();
    // Round 2 is a slow moment for both sides: its ratio stays near the others.
    table.add("sumproduct", 3, "converged", "generated", new double[] {10, 11, 9});
    table.add("sumproduct", 3, "converged", "reference", new double[] {120, 130, 110});
    table.add("sumproduct", 3, "converged", "generated", new double[] {20, 22, 18});
    table.add("sumproduct", 3, "converged", "reference", new double[] {200, 210, 190});
    table.add("sumproduct", 3, "converged", "generated", new double[] {10, 10, 10});
    table.add("sumproduct", 3, "converged", "reference", new double[] {150, 150, 150});
    List<RatioTable.Row> rows = table.rows();
    assertEquals(1, rows.size());
    RatioTable.Row row = rows.get(0);
    assertEquals(9, row.side());
    assertEquals("converged", row.state());
    assertEquals(3, row.rounds());
    assertEquals(12.0, row.ratio(), 1e-12); // rounds: 12, 10, 15
    assertEquals(10.0, row.lowestRatio(), 1e-12);
    assertEquals(15.0, row.highestRatio(), 1e-12);
    assertEquals(10.0, row.generatedMedian(), 1e-12); // of all nine iterations
    assertEquals(150.0, row.referenceMedian(), 1e-12);
    assertTrue(table.render().contains("| sumproduct | 9x9 | converged | 10.0 | 150 | 12.0x | 10.0x to 15.0x (3) |"), table.render());
  }

  @Test
  void aSideWithoutItsCounterpartIsLeftOutAndBadInputIsRefused() {
    RatioTable table = new RatioTable();
    table.add("maxproduct", 2, "start", "generated", new double[] {1});
    table.add("maxproduct", 2, "converged", "reference", new double[] {1});
    assertTrue(table.rows().isEmpty()); // a generated start and a reference at the fixed point do not pair
    assertThrows(IllegalArgumentException.class, () -> table.add("maxproduct", 2, "start", "other", new double[] {1}));
    assertThrows(IllegalArgumentException.class, () -> table.add("maxproduct", 2, "start", "reference", new double[0]));
  }
}
