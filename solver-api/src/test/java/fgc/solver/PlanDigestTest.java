package fgc.solver;

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
    String base = new PlanDigest().add(81).add(9).add(new int[] {1, 2, 3}).add(0.5).hex();
    assertTrue(base.matches("[0-9a-f]{32}"), base);
    assertEquals(base, new PlanDigest().add(81).add(9).add(new int[] {1, 2, 3}).add(0.5).hex());
    Set<String> others = new HashSet<>();
    others.add(new PlanDigest().add(81).add(9).add(new int[] {1, 2, 4}).add(0.5).hex());
    others.add(new PlanDigest().add(81).add(9).add(new int[] {1, 2, 3, 0}).add(0.5).hex());
    others.add(new PlanDigest().add(9).add(81).add(new int[] {1, 2, 3}).add(0.5).hex());
    others.add(new PlanDigest().add(81).add(9).add(new double[] {1, 2, 3}).add(0.5).hex());
    others.add(
        new PlanDigest().add(81).add(9).add(new int[] {1, 2, 3}).add(Math.nextUp(0.5)).hex());
    others.add(new PlanDigest().add(81).add(9).add(1).add(2).add(3).add(0.5).hex());
    others.add(new PlanDigest().add(81).add(9).add(new int[] {1, 2, 3}).add(0.5).add("x").hex());
    others.add(new PlanDigest().add(81).add(9.0).add(new int[] {1, 2, 3}).add(0.5).hex());
    assertEquals(8, others.size());
    assertTrue(!others.contains(base));
    assertNotEquals(new PlanDigest().add(0.0).hex(), new PlanDigest().add(-0.0).hex());
  }

  @Test
  void aSingleChangedEntryOfALargeTableChangesTheDigest() {
    Random random = new Random(7);
    int[] table = new int[100_000];
    for (int i = 0; i < table.length; i++) {
      table[i] = random.nextInt(1000);
    }
    String base = new PlanDigest().add(table).hex();
    Set<String> seen = new HashSet<>();
    for (int k = 0; k < 200; k++) {
      int[] changed = table.clone();
      changed[random.nextInt(table.length)] += 1 + random.nextInt(5);
      seen.add(new PlanDigest().add(changed).hex());
    }
    assertTrue(!seen.contains(base));
  }
}
