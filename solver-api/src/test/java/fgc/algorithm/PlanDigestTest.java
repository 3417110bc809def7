package fgc.algorithm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PlanDigestTest {
  @Test
  void theSameConstantsGiveTheSameDigestAndAnyChangeAnother() {
    String base = new PlanDigest().add("V", 81).add("W", 9).add("T", new int[] {1, 2, 3}).add("D", 0.5).hex();
    assertTrue(base.matches("[0-9a-f]{32}"), base);
    assertEquals(base, new PlanDigest().add("V", 81).add("W", 9).add("T", new int[] {1, 2, 3}).add("D", 0.5).hex());
    Set<String> others = new HashSet<>();
    others.add(new PlanDigest().add("V", 81).add("W", 9).add("T", new int[] {1, 2, 4}).add("D", 0.5).hex());
    others.add(new PlanDigest().add("V", 81).add("W", 9).add("T", new int[] {1, 2, 3, 0}).add("D", 0.5).hex());
    others.add(new PlanDigest().add("W", 9).add("V", 81).add("T", new int[] {1, 2, 3}).add("D", 0.5).hex());
    others.add(new PlanDigest().add("V", 81).add("X", 9).add("T", new int[] {1, 2, 3}).add("D", 0.5).hex());
    others.add(new PlanDigest().add("V", 81).add("W", 9).add("T", new double[] {1, 2, 3}).add("D", 0.5).hex());
    others.add(new PlanDigest().add("V", 81).add("W", 9).add("T", new int[] {1, 2, 3}).add("D", Math.nextUp(0.5)).hex());
    others.add(new PlanDigest().add("V", 81).add("W", 9).add("T", 1).add("T", 2).add("T", 3).add("D", 0.5).hex());
    others.add(new PlanDigest().add("V", 81).add("W", 9).add("T", new int[] {1, 2, 3}).add("D", 0.5).add("A", "x").hex());
    assertEquals(8, others.size());
    assertTrue(!others.contains(base));
    assertNotEquals(new PlanDigest().add("D", 0.0).hex(), new PlanDigest().add("D", -0.0).hex());
  }

  @Test
  void aSingleChangedEntryOfALargeTableChangesTheDigest() {
    Random random = new Random(7);
    int[] table = new int[100_000];
    for (int i = 0; i < table.length; i++) {
      table[i] = random.nextInt(1000);
    }
    String base = new PlanDigest().add("T", table).hex();
    Set<String> seen = new HashSet<>();
    for (int k = 0; k < 200; k++) {
      int[] changed = table.clone();
      changed[random.nextInt(table.length)] += 1 + random.nextInt(5);
      seen.add(new PlanDigest().add("T", changed).hex());
    }
    assertTrue(!seen.contains(base));
  }
}
