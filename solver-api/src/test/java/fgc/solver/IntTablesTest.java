package fgc.solver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class IntTablesTest {
  @Test
  void decodesCommaSeparatedChunksAndChecksTheCount() {
    assertArrayEquals(new int[] {0, 12, 345, 6}, IntTables.decode(4, "0,12,3", "45,6"));
    assertThrows(IllegalStateException.class, () -> IntTables.decode(3, "1,2"));
    assertThrows(IllegalStateException.class, () -> IntTables.decode(2, "1;2"));
  }

  @Test
  void aVariableInThreeFactorsNamesItsTwoOtherEdgesAndEveryOtherEdgePointsPastTheMessages() {
    // Variable 0 on edges 4, 0, 2 (three factors); variable 1 on edges 1, 3 (two); width 5.
    int[] starts = {0, 3, 5};
    int[] edges = {4, 0, 2, 1, 3};
    int[] other = IntTables.otherEdgesOfThree(starts, edges, 5, 5);
    int past = 5 * 5;
    assertArrayEquals(
        new int[] {
          4 * 5, 2 * 5, // edge 0: the others are 4 and 2
          past, past, // edge 1: variable 1 has two edges
          4 * 5, 0, // edge 2: the others are 4 and 0
          past, past, // edge 3
          0, 2 * 5
        }, // edge 4: the others are 0 and 2
        other);
  }
}
