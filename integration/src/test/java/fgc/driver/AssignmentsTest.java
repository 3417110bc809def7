package fgc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import fgc.model.Domain;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.VariableArray;
import org.junit.jupiter.api.Test;

/** The model check every driver's answer passes: domains array by array, then the factors. */
class AssignmentsTest {
  /** Two arrays with different domains: a in 1..3 (3 variables), b in 5..6 (2), a[0] != b[0]. */
  private static Model twoArrays() {
    ModelBuilder builder = Model.builder("two");
    VariableArray a = builder.variables("a", Domain.range(1, 3), 3);
    VariableArray b = builder.variables("b", Domain.range(5, 6), 2);
    builder.neq(a.firstIndex(), b.firstIndex());
    return builder.build();
  }

  @Test
  void eachVariableIsCheckedAgainstItsOwnArraysDomain() {
    Model model = twoArrays();
    assertNull(Assignments.firstViolation(model, new int[] {1, 2, 3, 5, 6}));
    // 3 is in a's domain but not in b's; 5 is in b's but not in a's.
    assertEquals("b[1] has no value in its domain", Assignments.firstViolation(model, new int[] {1, 2, 3, 5, 3}));
    assertEquals("a[2] has no value in its domain", Assignments.firstViolation(model, new int[] {1, 2, 5, 5, 6}));
    assertEquals("b[0] has no value in its domain",
        Assignments.firstViolation(model, new int[] {1, 2, 3, Assignments.NONE, 6}));
  }

  @Test
  void anAssignmentOfTheWrongLengthIsReportedNotThrown() {
    Model model = twoArrays();
    assertEquals("the assignment has 4 values for 5 variables", Assignments.firstViolation(model, new int[] {1, 2, 3, 5}));
    assertEquals("the assignment has 6 values for 5 variables",
        Assignments.firstViolation(model, new int[] {1, 2, 3, 5, 6, 1}));
  }
}
