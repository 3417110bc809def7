package fgc.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import fgc.solver.DoubleTables;
import fgc.solver.IntTables;
import fgc.solver.PackedTables;
import fgc.solver.PlanDigest;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LoweredTest {
  /** The table back from its text, as the class's initialiser decodes it. */
  private static int[] decoded(TableText text) {
    switch (text.form()) {
      case FILLED:
        return PackedTables.filled(text.length(), Integer.parseInt(text.chunks()[0]));
      case PACKED:
        return PackedTables.ints(text.length(), text.chunks());
      default:
        return IntTables.decode(text.length(), text.chunks());
    }
  }

  @Test
  void eachTableIsWrittenInTheFormThatFitsAndReadsBackAsItself() {
    Random random = new Random(7);
    int[] small = {3, 1, 4, 1, 5};
    int[] run = new int[4096];
    java.util.Arrays.fill(run, 9);
    int[] big = new int[50_000];
    for (int i = 0; i < big.length; i++) {
      big[i] = random.nextInt(1 << 20);
    }
    assertEquals(TableText.Form.DECIMAL, TableText.of(small).form());
    assertEquals(TableText.Form.FILLED, TableText.of(run).form());
    assertEquals(TableText.Form.PACKED, TableText.of(big).form());
    for (int[] table : new int[][] {small, run, big}) {
      TableText text = TableText.of(table);
      assertArrayEquals(table, decoded(text));
      long chars = 0;
      for (String chunk : text.chunks()) {
        chars += chunk.length();
        assertEquals(true, chunk.length() <= 65_535, "a chunk fits a constant-pool entry");
      }
      assertEquals(chars, text.chars(), "the footprint counts the characters written");
    }
    double[] weights = {0.25, 1e-300, 3.0};
    TableText text = TableText.of(weights);
    assertEquals(TableText.Form.DECIMAL, text.form());
    assertArrayEquals(weights, DoubleTables.decode(text.length(), text.chunks()));
    double[] many = random.doubles(1000).toArray();
    TableText packed = TableText.of(many);
    assertEquals(TableText.Form.PACKED, packed.form());
    assertArrayEquals(many, PackedTables.doubles(packed.length(), packed.chunks()));
    assertThrows(IllegalArgumentException.class, () -> TableText.of(new int[] {1, -2}));
  }

  @Test
  void theDigestIsTheHashOfTheConstantsInTheOrderOfTheirNamesAndATableIsMadeOnce() {
    int[] families = {2, 1, 0, 0, 4};
    Lowered lowered =
        Lowered.builder()
            .add("W", 2)
            .add("ALGORITHM", "bp-pairwise")
            .add("FAMILIES", families)
            .add("DAMPING", 0.5)
            .build();
    String expected = new PlanDigest().add("bp-pairwise").add(0.5).add(families).add(2).hex();
    assertEquals(expected, lowered.digest());
    assertEquals(
        expected,
        Lowered.builder()
            .add("DAMPING", 0.5)
            .add("FAMILIES", families)
            .add("ALGORITHM", "bp-pairwise")
            .add("W", 2)
            .build()
            .digest(),
        "the order of lowering does not matter, only the names");
    assertNotEquals(
        expected,
        Lowered.builder()
            .add("W", 2)
            .add("ALGORITHM", "bp-pairwise")
            .add("FAMILIES", new int[] {2, 1, 0, 0, 5})
            .add("DAMPING", 0.5)
            .build()
            .digest());
    Lowered.Constant table = lowered.constant("FAMILIES");
    assertEquals(true, table.table());
    assertEquals(table.text(), table.text(), "the text is made once and kept");
    assertThrows(
        IllegalArgumentException.class,
        () -> Lowered.builder().add("W", 2).add("W", 3).build(),
        "a constant lowered twice");
    assertThrows(IllegalArgumentException.class, () -> lowered.constant("V"));
  }

  @Test
  void aDerivedConstantIsInTheDigestButNotATableTheClassWrites() {
    int[] calls = {0};
    Lowered lowered =
        Lowered.builder()
            .add("S", 3)
            .derived(
                "T",
                () -> {
                  calls[0]++;
                  return new double[] {1.0, 2.0};
                })
            .build();
    assertEquals(false, lowered.constant("T").table());
    assertEquals(0, calls[0], "a derived value is worked out only when the digest needs it");
    assertEquals(new PlanDigest().add(3).add(new double[] {1.0, 2.0}).hex(), lowered.digest());
    lowered.digest();
    assertEquals(1, calls[0]);
  }
}
