package fgc.compiler;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.algorithms.Algorithm;
import fgc.algorithms.Algorithms;
import fgc.compilation.AlgorithmSpec;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import fgc.plan.PlanException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A linear factor has no messages in any algorithm: each refuses the model when it plans it, in
 * words that place the factor and name the exact search, never with an internal error.
 */
class LinearRefusalTest {
  @Test
  void everyAlgorithmRefusesALinearFactorNamingTheExactDriver() {
    Model m =
        FgcLanguage.parse(
            "lin.fg",
            "var x[8] in 0..9;\nalldiff(x[i] for i in 0..7);\n"
                + "sum(x[i] * (i + 2) for i in 0..7) <= 100;\n",
            Map.of());
    for (String name : AlgorithmSpec.knownAlgorithms()) {
      Algorithm<?> algorithm = Algorithms.of(AlgorithmSpec.named(name));
      String message = assertThrows(PlanException.class, () -> algorithm.plan(m)).getMessage();
      assertTrue(message.startsWith("lin.fg:3:1: " + name + " has no messages"), message);
      assertTrue(message.contains("factor 1, a linear relation over 8 variables"), message);
      assertTrue(message.contains("--driver exact"), message);
    }
  }
}
