package fgc.puzzles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SymbolsTest {

  @ParameterizedTest
  @ValueSource(ints = {4, 9, 16, 25})
  void everyValueRoundTripsInBothCases(int side) {
    for (int v = 1; v <= side; v++) {
      char c = Symbols.symbolOf(side, v);
      assertEquals(v, Symbols.valueOf(side, c));
      assertEquals(v, Symbols.valueOf(side, Character.toLowerCase(c)));
      assertFalse(Symbols.isBlank(c), "symbol " + c + " must not read as blank");
    }
  }

  @Test
  void lettersFollowTheDigits() {
    assertEquals('9', Symbols.symbolOf(16, 9));
    assertEquals('A', Symbols.symbolOf(16, 10));
    assertEquals('G', Symbols.symbolOf(16, 16));
    assertEquals('P', Symbols.symbolOf(25, 25));
    assertEquals(16, Symbols.valueOf(16, 'g'));
    assertEquals(25, Symbols.valueOf(25, 'p'));
  }

  @Test
  void symbolsBeyondTheSideAreRejected() {
    assertEquals(-1, Symbols.valueOf(4, '5'));
    assertEquals(-1, Symbols.valueOf(9, 'A'));
    assertEquals(-1, Symbols.valueOf(16, 'H'));
    assertEquals(-1, Symbols.valueOf(25, 'Q'));
    assertEquals(-1, Symbols.valueOf(9, 'Z'));
    assertEquals(-1, Symbols.valueOf(9, '*'));
    assertThrows(IllegalArgumentException.class, () -> Symbols.symbolOf(9, 10));
    assertThrows(IllegalArgumentException.class, () -> Symbols.symbolOf(9, 0));
    assertThrows(IllegalArgumentException.class, () -> Symbols.valueOf(8, '1'));
  }

  @Test
  void blanksReadAsZeroForEverySide() {
    for (char c : ".0-Xx_".toCharArray()) {
      assertTrue(Symbols.isBlank(c));
      for (int side : new int[] {4, 9, 16, 25}) {
        assertEquals(0, Symbols.valueOf(side, c), "'" + c + "' in side " + side);
      }
    }
    assertFalse(Symbols.isBlank(' '));
    assertFalse(Symbols.isBlank('1'));
  }
}
