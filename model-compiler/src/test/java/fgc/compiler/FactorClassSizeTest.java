package fgc.compiler;

import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.compilation.AlgorithmSpec;
import fgc.compilation.CompiledSolver;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A factor-node class holds the model's families, not its unrolled factors: an Ising grid of 90,000
 * variables compiles to about the class of one of 900.
 */
class FactorClassSizeTest {
  private static Model grid(int w) {
    String coupling = "exp(0.5 * (2*s[i][j] - 1) * (2*s[%s] - 1))";
    int last = w - 1;
    String text =
        "model grid;\nvar s["
            + w
            + "]["
            + w
            + "] in 0..1;\nprior(s[0][0]) = [0.4, 0.6];\n"
            + "for i in 0.."
            + last
            + ", j in 0.."
            + (last - 1)
            + " {\n  weight(s[i][j], s[i][j+1]) = "
            + String.format(coupling, "i][j+1")
            + ";\n}\n"
            + "for i in 0.."
            + (last - 1)
            + ", j in 0.."
            + last
            + " {\n  weight(s[i][j], s[i+1][j]) = "
            + String.format(coupling, "i+1][j")
            + ";\n}\n";
    return FgcLanguage.parse("grid.fg", text, Map.of());
  }

  @Test
  void anIsingGridsClassIsAboutTheSameSizeAtWidth30And300() {
    for (String algorithm : new String[] {"sumproduct", "maxproduct"}) {
      AlgorithmSpec spec = AlgorithmSpec.named(algorithm);
      CompiledSolver small = ModelCompiler.compile(grid(30), spec);
      CompiledSolver big = ModelCompiler.compile(grid(300), spec);
      int a = small.classes().get(small.className()).length;
      int b = big.classes().get(big.className()).length;
      assertTrue(
          Math.abs(a - b) <= 64, algorithm + ": " + a + " bytes at W=30, " + b + " at W=300");
    }
  }
}
