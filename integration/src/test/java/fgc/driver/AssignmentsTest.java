package fgc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import fgc.lang.FgcLanguage;
import fgc.model.Domain;
import fgc.model.Factor;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.VariableArray;
import java.util.Map;
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
    assertEquals(
        "b[1] has no value in its domain",
        Assignments.firstViolation(model, new int[] {1, 2, 3, 5, 3}));
    assertEquals(
        "a[2] has no value in its domain",
        Assignments.firstViolation(model, new int[] {1, 2, 5, 5, 6}));
    assertEquals(
        "b[0] has no value in its domain",
        Assignments.firstViolation(model, new int[] {1, 2, 3, Assignments.NONE, 6}));
  }

  @Test
  void aRelationIsCheckedByTheIrsOwnDefinitionAndNamedInWords() {
    Model model =
        FgcLanguage.parse(
            "r.fg",
            "var x[3] in 1..4;\nx[0] < x[1];\nx[0] + x[1] + x[2] == 6;\nx[1] * x[2] != 6;",
            Map.of());
    assertNull(Assignments.firstViolation(model, new int[] {1, 4, 1}));
    assertEquals(
        "factor 0 (table): the relation (< $0 $1) does not hold where x[0] = 2, x[1] = 1",
        Assignments.firstViolation(model, new int[] {2, 1, 3}));
    assertEquals(
        "factor 2 (table): the relation (!= (* $0 $1) 6) does not hold where x[1] = 3, x[2] = 2",
        Assignments.firstViolation(model, new int[] {1, 3, 2}));
    assertEquals(
        "factor 1 (sum): the given values add up to 7, not 6",
        Assignments.firstViolationAmongGiven(model, new int[] {3, 4, Assignments.NONE}));
    assertNull(
        Assignments.firstViolationAmongGiven(model, new int[] {1, 2, Assignments.NONE}),
        "a relation with a free variable holds");
    // The count of broken factors agrees with Factor.allows on every assignment.
    for (int k = 0; k < 64; k++) {
      int[] v = {1 + (k >> 4 & 3), 1 + (k >> 2 & 3), 1 + (k & 3)};
      int broken = 0;
      for (Factor f : model.factors()) {
        int[] own = new int[f.arity()];
        for (int p = 0; p < own.length; p++) {
          own[p] = v[f.variable(p)];
        }
        broken += f.allows(own) ? 0 : 1;
      }
      assertEquals(broken, Assignments.countViolations(model, v));
    }
  }

  @Test
  void anAssignmentOfTheWrongLengthIsReportedNotThrown() {
    Model model = twoArrays();
    assertEquals(
        "the assignment has 4 values for 5 variables",
        Assignments.firstViolation(model, new int[] {1, 2, 3, 5}));
    assertEquals(
        "the assignment has 6 values for 5 variables",
        Assignments.firstViolation(model, new int[] {1, 2, 3, 5, 6, 1}));
  }
}
