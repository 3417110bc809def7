package com.example.sprinkler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.lang.FgcLanguage;
import fgc.model.Evidence;
import fgc.model.Model;
import fgc.runtime.Marginals;
import fgc.runtime.Solver;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The precompiled sprinkler network against exact posteriors computed here by enumeration. */
class SprinklerTest {
  // Murphy's CPTs: P(x = 1 | parents).
  static final double CLOUDY = 0.5;
  static final double[] SPRINKLER = {0.5, 0.1}; // by cloudy
  static final double[] RAIN = {0.2, 0.8}; // by cloudy
  static final double[][] WET = {{0.0, 0.9}, {0.9, 0.99}}; // by sprinkler, rain

  static final Model MODEL = FgcLanguage.resource("sprinkler.fg", Map.of());

  static double bernoulli(double p, int x) {
    return x == 1 ? p : 1 - p;
  }

  /** P(variable = 1 | wet = 1) by summing the joint over all 16 assignments. */
  static double exactGivenWet(int variable) {
    double wet = 0;
    double both = 0;
    for (int c = 0; c < 2; c++) {
      for (int s = 0; s < 2; s++) {
        for (int r = 0; r < 2; r++) {
          double p =
              bernoulli(CLOUDY, c) * bernoulli(SPRINKLER[c], s) * bernoulli(RAIN[c], r) * WET[s][r];
          wet += p;
          int[] values = {c, s, r};
          both += values[variable] == 1 ? p : 0;
        }
      }
    }
    return both / wet;
  }

  @Test
  void posteriorsGivenWetGrassAreExact() {
    Solver solver = Solver.precompiled(MODEL, new SprinklerSumProduct());
    Marginals m = solver.marginals(Evidence.builder(MODEL).set("wet", 1).build());
    assertTrue(m.converged(), "converged after " + m.sweeps() + " sweeps");
    assertEquals(exactGivenWet(0), m.probability("cloudy", 1), 1e-9);
    assertEquals(exactGivenWet(1), m.probability("sprinkler", 1), 1e-9);
    assertEquals(exactGivenWet(2), m.probability("rain", 1), 1e-9);
    assertEquals(0.7079, m.probability("rain", 1), 5e-5);
    assertEquals(0.4298, m.probability("sprinkler", 1), 5e-5);
  }

  @Test
  void withoutEvidenceTheMarginalsAreThePriors() {
    Solver solver = Solver.precompiled(MODEL, new SprinklerSumProduct());
    Marginals m = solver.marginals(Evidence.builder(MODEL).build());
    assertEquals(0.5, m.probability("cloudy", 1), 1e-9);
    assertEquals(0.5 * 0.5 + 0.5 * 0.1, m.probability("sprinkler", 1), 1e-9);
    assertEquals(0.5 * 0.2 + 0.5 * 0.8, m.probability("rain", 1), 1e-9);
  }

  @Test
  void badEvidenceIsRefusedWithItsReason() {
    Exception e = assertThrows(RuntimeException.class, () -> Evidence.builder(MODEL).set("wet", 2));
    assertTrue(e.getMessage().contains("outside its domain"), e.getMessage());
    e = assertThrows(RuntimeException.class, () -> Evidence.builder(MODEL).set("rain", 1));
    assertTrue(e.getMessage().contains("not observed"), e.getMessage());
  }

  @Test
  void theCompilerIsNotOnTheClassPath() {
    assertThrows(
        ClassNotFoundException.class, () -> Class.forName("org.codehaus.janino.SimpleCompiler"));
    assertThrows(
        ClassNotFoundException.class, () -> Class.forName("com.squareup.javapoet.JavaFile"));
    assertThrows(ClassNotFoundException.class, () -> Class.forName("fgc.compiler.ModelCompiler"));
  }
}
