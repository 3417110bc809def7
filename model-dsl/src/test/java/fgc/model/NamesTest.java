package fgc.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

/** "Did you mean": the nearest name within two edits, never a far or a one-letter match. */
class NamesTest {
  @Test
  void theNearestNameWithinTwoEditsIsSuggested() {
    List<String> known = List.of("cell", "colour", "grade", "intelligence");
    assertEquals("colour", Names.closest("color", known));
    assertEquals("colour", Names.closest("colr", known));
    assertEquals("grade", Names.closest("garde", known), "two neighbours swapped is one edit");
    assertEquals("intelligence", Names.closest("inteligence", known));
    assertEquals("cell", Names.closest("Cell", known));
    assertNull(Names.closest("weight", known));
    assertNull(Names.closest("c", known), "a one-letter name matches nothing");
    assertNull(Names.closest("cell", known), "a name that exists needs no suggestion");
    assertEquals("; did you mean 'colour'?", Names.didYouMean("colour2", known));
    assertEquals("", Names.didYouMean("zebra", known));
  }

  @Test
  void aTieGoesToTheFirstKnownName() {
    assertEquals("x0", Names.closest("x9", List.of("x0", "x1")));
  }
}
