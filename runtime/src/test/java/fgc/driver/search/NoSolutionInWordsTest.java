package fgc.driver.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.driver.Assignments;
import fgc.driver.ExactDriver;
import fgc.driver.SolveResult;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** "No solution" is its own outcome, distinct from running out of budget, and said in words. */
class NoSolutionInWordsTest {
  @Test
  void threeQueensAreNoSolutionSaidInWords() {
    Model three = FgcLanguage.bundled("queens", Map.of("n", 3L));
    SolveResult result = ExactDriver.withDefaults().solve(null, three, Assignments.empty(three));
    assertEquals(SolveResult.Status.NO_SOLUTION, result.status());
    assertEquals("no solution", result.status().words());
    for (SolveResult.Status s : SolveResult.Status.values()) {
      assertTrue(s.words().matches("[a-z][a-z :]+"), s.words()); // words, not INCONSISTENT_EVIDENCE
    }
    // Givens that break the model are said apart from a model without solution.
    int[] clash = Assignments.empty(three);
    clash[0] = 0;
    clash[1] = 1;
    assertEquals(
        SolveResult.Status.INCONSISTENT_EVIDENCE,
        ExactDriver.withDefaults().solve(null, three, clash).status());
    int[] outside = Assignments.empty(three);
    outside[2] = 99;
    assertEquals(
        SolveResult.Status.INCONSISTENT_EVIDENCE,
        ExactDriver.withDefaults().solve(null, three, outside).status());
    assertEquals(
        SolveResult.Status.values().length,
        java.util.Arrays.stream(SolveResult.Status.values())
            .map(SolveResult.Status::words)
            .distinct()
            .count());
  }
}
