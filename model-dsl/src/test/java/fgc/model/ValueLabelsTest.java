package fgc.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Names of values: labels on an array that print and read values, and change nothing a solver sees.
 */
class ValueLabelsTest {
  private static ModelBuilder grade() {
    ModelBuilder b = Model.builder("m");
    b.variables("g", Domain.range(0, 2));
    b.variables("h", Domain.range(1, 2), 2);
    return b;
  }

  @Test
  void labelsNameTheValuesInOrderAndSurviveObserve() {
    Model m =
        grade()
            .labels("g", List.of("A", "B", "C"))
            .observe("g")
            .labels("h", List.of("lo", "hi"))
            .build();
    assertEquals(List.of("A", "B", "C"), m.array("g").labels());
    assertTrue(m.array("g").observed());
    assertEquals("C", m.valueText(0, 2));
    assertEquals("hi", m.valueText(m.variableIndex("h[1]"), 2), "domain value lo + k has name k");
  }

  @Test
  void anArrayWithoutLabelsWritesNumbers() {
    Model m = grade().build();
    assertEquals(List.of(), m.array("g").labels());
    assertEquals("2", m.valueText(0, 2));
  }

  @Test
  void labelsAreLeftOutOfTheCanonicalTextButNotOutOfTheArray() {
    Model plain = grade().build();
    Model named = grade().labels("g", List.of("A", "B", "C")).build();
    assertEquals(plain.canonicalText(), named.canonicalText());
    assertEquals(plain, named, "one model for the compiler");
    assertNotEquals(plain.array("g"), named.array("g"));
  }

  @Test
  void badLabelsAreRefusedWithTheReason() {
    assertEquals(
        "'g' has 3 values but 2 names were given",
        assertThrows(ModelException.class, () -> grade().labels("g", List.of("A", "B")))
            .getMessage());
    assertEquals(
        "'g' names two values 'A'",
        assertThrows(ModelException.class, () -> grade().labels("g", List.of("A", "B", "A")))
            .getMessage());
    assertEquals(
        "cannot name the values of 'k': no such variable",
        assertThrows(ModelException.class, () -> grade().labels("k", List.of("A"))).getMessage());
    for (String bad :
        List.of(
            "", " A", "a=b", "p:q", "tab\there", "x".repeat(ModelBuilder.MAX_LABEL_LENGTH + 1))) {
      String message =
          assertThrows(ModelException.class, () -> grade().labels("g", List.of("A", "B", bad)))
              .getMessage();
      assertTrue(message.contains("cannot name a value of 'g'"), message);
    }
  }
}
