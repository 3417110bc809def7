package fgc.compiler;

import fgc.lang.FgcLanguage;
import fgc.model.Model;
import java.util.Map;

/** The W x W Ising grid of the tests, written as the bench writes it: two loops of couplings. */
public final class IsingGrid {
  private IsingGrid() {}

  /**
   * The grid of width {@code w}, a prior on one corner.
   *
   * @param w the width
   * @return the model
   */
  public static Model of(int w) {
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
}
