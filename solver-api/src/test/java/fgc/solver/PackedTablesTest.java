package fgc.solver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PackedTablesTest {
  private static Map<String, int[]> intTables() {
    Random random = new Random(19);
    Map<String, int[]> tables = new LinkedHashMap<>();
    tables.put("empty", new int[0]);
    tables.put("one", new int[] {7});
    tables.put("all equal", new int[100_000]);
    int[] arithmetic = new int[100_000];
    for (int k = 0; k < arithmetic.length; k++) {
      arithmetic[k] = 3 + 5 * k;
    }
    tables.put("arithmetic", arithmetic);
    // The reverse edges of a W x W grid's directed edges, as pairwise BP lists them: periodic
    // differences.
    int w = 300;
    int[] reverse = new int[4 * w * w];
    for (int k = 0; k < reverse.length; k++) {
      reverse[k] = (k % 4) * 7 + (k / 4) * 4 + ((k / 4) % w == w - 1 ? -3 : 1);
    }
    tables.put("periodic", reverse);
    // Records of five ints, a weight offset climbing by four and two variables' lowest values and
    // sizes.
    int[] records = new int[5 * 100_000];
    for (int r = 0; r < 100_000; r++) {
      System.arraycopy(new int[] {4 * r, 0, 2, r % 2, 2}, 0, records, 5 * r, 5);
    }
    tables.put("records", records);
    tables.put("random", random.ints(50_000).toArray());
    tables.put("random small", random.ints(50_000, 0, 10).toArray());
    tables.put(
        "extremes",
        new int[] {
          Integer.MIN_VALUE,
          Integer.MAX_VALUE,
          0,
          -1,
          Integer.MIN_VALUE,
          Integer.MIN_VALUE,
          1,
          Integer.MAX_VALUE
        });
    tables.put("negative", random.ints(10_000, -1000, 0).toArray());
    return tables;
  }

  private static Map<String, double[]> doubleTables() {
    Random random = new Random(23);
    Map<String, double[]> tables = new LinkedHashMap<>();
    tables.put("empty", new double[0]);
    tables.put("one", new double[] {0.1});
    double[] equal = new double[100_000];
    java.util.Arrays.fill(equal, Math.exp(0.5));
    tables.put("all equal", equal);
    double[] periodic = new double[400_000];
    for (int k = 0; k < periodic.length; k++) {
      periodic[k] = Math.exp(0.5 * (k % 4 == 0 || k % 4 == 3 ? 1 : -1));
    }
    tables.put("periodic", periodic);
    tables.put("random", random.doubles(50_000).toArray());
    // Past the dictionary: raw bits.
    tables.put("random many", random.doubles(PackedTables.MAX_DICTIONARY + 10).toArray());
    tables.put(
        "extremes",
        new double[] {
          0.0,
          -0.0,
          Double.MIN_VALUE,
          Double.MAX_VALUE,
          Double.POSITIVE_INFINITY,
          Double.NEGATIVE_INFINITY,
          Double.NaN,
          Double.longBitsToDouble(0x7FF0_0000_0000_0001L),
          -1e-300,
          1.0 / 3
        });
    return tables;
  }

  @Test
  void intTablesComeBackExactly() {
    for (Map.Entry<String, int[]> t : intTables().entrySet()) {
      String[] chunks = PackedTables.packInts(t.getValue());
      for (String c : chunks) {
        assertTrue(c.length() <= PackedTables.CHUNK_CHARS, t.getKey());
        assertTrue(c.chars().allMatch(ch -> ch >= '#' && ch <= 'x' && ch != '\\'), t.getKey());
      }
      assertArrayEquals(t.getValue(), PackedTables.ints(t.getValue().length, chunks), t.getKey());
    }
  }

  @Test
  void doubleTablesComeBackBitForBit() {
    for (Map.Entry<String, double[]> t : doubleTables().entrySet()) {
      double[] table = t.getValue();
      double[] back = PackedTables.doubles(table.length, PackedTables.packDoubles(table));
      assertEquals(table.length, back.length, t.getKey());
      for (int k = 0; k < table.length; k++) {
        assertEquals(
            Double.doubleToRawLongBits(table[k]),
            Double.doubleToRawLongBits(back[k]),
            t.getKey() + " at " + k);
      }
    }
  }

  @Test
  void regularTablesAreSmallAndBigOnesSpanChunks() {
    Map<String, int[]> ints = intTables();
    // 360,000 ints, 2.6 MB as decimal text.
    assertTrue(PackedTables.chars(PackedTables.packInts(ints.get("periodic"))) < 20_000);
    assertTrue(PackedTables.chars(PackedTables.packInts(ints.get("all equal"))) < 1_000);
    // 500,000 ints, 3.4 MB as text: the differences of each field from the record before repeat.
    assertTrue(PackedTables.chars(PackedTables.packInts(ints.get("records"))) < 5_000);
    assertTrue(
        PackedTables.chars(PackedTables.packDoubles(doubleTables().get("periodic"))) < 5_000);
    // Random ints do not compress: about 5 bytes each, in chunks.
    String[] random = PackedTables.packInts(ints.get("random"));
    assertTrue(random.length > 2, "chunks: " + random.length);
    assertArrayEquals(ints.get("random"), PackedTables.ints(50_000, random));
  }

  @Test
  void aDamagedTableThrowsAndNeverReadsAsOtherNumbers() {
    int[] table = new Random(5).ints(300, -50, 50).toArray();
    String packed = PackedTables.packInts(table)[0];
    int threw = 0;
    for (int at = 0; at < packed.length(); at++) {
      for (char c :
          new char[] {'#', 'x', 'M', '\\', '"', (char) 0xE9, (char) (packed.charAt(at) + 1)}) {
        String damaged = packed.substring(0, at) + c + packed.substring(at + 1);
        if (damaged.equals(packed)) {
          continue;
        }
        try {
          int[] back = PackedTables.ints(table.length, damaged);
          // A changed padding digit of the last group may spell the same bytes: the same table.
          assertArrayEquals(table, back, "damage at " + at + " read as other numbers");
        } catch (IllegalStateException e) {
          assertTrue(e.getMessage().startsWith("packed table is damaged: "), e.getMessage());
          threw++;
        }
      }
    }
    assertTrue(threw > 6 * packed.length(), "threw " + threw);
    for (int cut = 0; cut < packed.length(); cut++) {
      String shorter = packed.substring(0, cut);
      assertThrows(
          IllegalStateException.class,
          () -> PackedTables.ints(table.length, shorter),
          "cut at " + cut);
    }
    assertThrows(
        IllegalStateException.class, () -> PackedTables.ints(table.length, packed, "####"));
    assertThrows(IllegalStateException.class, () -> PackedTables.ints(table.length + 1, packed));
    assertThrows(IllegalStateException.class, () -> PackedTables.doubles(table.length, packed));
    String doubles = PackedTables.packDoubles(new double[] {1, 2, 3})[0];
    assertThrows(IllegalStateException.class, () -> PackedTables.ints(3, doubles));
    String[] chunks = PackedTables.packInts(intTables().get("random"));
    String[] swapped = chunks.clone();
    swapped[0] = chunks[1];
    swapped[1] = chunks[0];
    assertThrows(IllegalStateException.class, () -> PackedTables.ints(50_000, swapped));
  }

  @Test
  void aDamagedDoubleTableThrows() {
    double[] table = new Random(3).doubles(200).toArray();
    String packed = PackedTables.packDoubles(table)[0];
    for (int at = 0; at < packed.length(); at++) {
      String damaged =
          packed.substring(0, at)
              + (packed.charAt(at) == '#' ? '$' : '#')
              + packed.substring(at + 1);
      try {
        double[] back = PackedTables.doubles(table.length, damaged);
        assertArrayEquals(table, back, "damage at " + at + " read as other numbers");
      } catch (IllegalStateException e) {
        continue;
      }
      if (at < packed.length() - 4) {
        fail("damage at " + at + " of " + packed.length() + " went unnoticed");
      }
    }
  }
}
