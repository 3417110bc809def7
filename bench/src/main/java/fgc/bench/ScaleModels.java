package fgc.bench;

import fgc.lang.FgcLanguage;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;

/**
 * The model families of {@code fgc bench scale}, each written as {@code .fg} text, as a user would
 * write it, so that parsing is one of the stages measured. Each model knows how many variables and
 * factors it unrolls to, so a generator that drifts from what it claims is caught by a test.
 */
final class ScaleModels {
  /** The families, in the order runs and tables list them. */
  static final List<String> FAMILIES = List.of("chain", "ising", "sudoku", "random");

  /** The coupling of the Ising models. */
  static final double ISING_J = 0.5;

  private ScaleModels() {}

  /**
   * One generated model: its family, the size parameter it was made for (chain length L, grid width
   * W, Sudoku box size n, random graph variables N), its text, and what it unrolls to.
   */
  record Generated(
      String family, int parameter, String text, int variables, int factors, long scopeEntries) {
    /**
     * The size exponents are fitted on: variables plus factor scope entries (the factor graph's
     * nodes and edges).
     */
    long size() {
      return variables + scopeEntries;
    }

    String sourceName() {
      return family + "-" + parameter + ".fg";
    }
  }

  /**
   * The model of {@code family} at size {@code parameter}; an unknown family or a size out of range
   * is an error that says so.
   */
  static Generated of(String family, int parameter) {
    switch (family) {
      case "chain":
        return chain(parameter);
      case "ising":
        return ising(parameter);
      case "sudoku":
        return sudoku(parameter);
      case "random":
        return random(parameter, 1);
      default:
        throw new IllegalArgumentException(
            "unknown family '" + family + "'; known: " + String.join(", ", FAMILIES));
    }
  }

  /** Throws when {@code size} is out of the family's range, without generating anything. */
  static void sizeCheck(String family, int size) {
    int least = family.equals("random") ? 3 : 2;
    atLeast(family, size, least);
    if (family.equals("sudoku") && size > 16) {
      throw new IllegalArgumentException(
          "sudoku box size " + size + " is past 16 (256 values, the largest domain)");
    }
  }

  /**
   * The sizes run when none are given: small enough for the whole command to take a couple of
   * minutes.
   */
  static List<Integer> defaultSizes(String family) {
    switch (family) {
      case "chain":
        return List.of(100, 1000, 10_000);
      case "ising":
        return List.of(10, 30, 100);
      case "sudoku":
        return List.of(3, 4, 5);
      default:
        return List.of(100, 1000, 10_000);
    }
  }

  /**
   * A binary Markov chain of {@code length} variables: a prior on the first, one transition table
   * per link.
   */
  static Generated chain(int length) {
    atLeast("chain", length, 2);
    String text =
        "model chain_"
            + length
            + ";\n"
            + "var x["
            + length
            + "] in 0..1;\n"
            + "prior(x[0]) = [0.6, 0.4];\n"
            + "for t in 1.."
            + (length - 1)
            + " {\n"
            + "  table(x[t-1], x[t]) = [0.7, 0.3, 0.2, 0.8];\n"
            + "}\n";
    return new Generated("chain", length, text, length, length, 1 + 2L * (length - 1));
  }

  /**
   * A {@code width} x {@code width} Ising model: spins s in {0, 1} read as -1 and +1, a coupling
   * {@code exp(J * spin * spin')} between horizontal and vertical neighbours, and a small field on
   * one corner so the model is not symmetric under flipping every spin.
   */
  static Generated ising(int width) {
    atLeast("ising", width, 2);
    int last = width - 1;
    String coupling = "exp(J * (2*s[i][j] - 1) * (2*s[%s] - 1))";
    String text =
        "model ising_"
            + width
            + ";\n"
            + "let J = "
            + ISING_J
            + ";\n"
            + "var s["
            + width
            + "]["
            + width
            + "] in 0..1;\n"
            + "prior(s[0][0]) = [0.4, 0.6];\n"
            + "for i in 0.."
            + last
            + ", j in 0.."
            + (last - 1)
            + " {\n"
            + "  weight(s[i][j], s[i][j+1]) = "
            + String.format(Locale.ROOT, coupling, "i][j+1")
            + ";\n"
            + "}\n"
            + "for i in 0.."
            + (last - 1)
            + ", j in 0.."
            + last
            + " {\n"
            + "  weight(s[i][j], s[i+1][j]) = "
            + String.format(Locale.ROOT, coupling, "i+1][j")
            + ";\n"
            + "}\n";
    int couplings = 2 * width * (width - 1);
    return new Generated("ising", width, text, width * width, couplings + 1, 2L * couplings + 1);
  }

  /**
   * The bundled Sudoku model of box size {@code n}: n^4 cells, 3 n^2 alldiffs of n^2 cells each.
   */
  static Generated sudoku(int n) {
    atLeast("sudoku", n, 2);
    if (n > 16) {
      throw new IllegalArgumentException(
          "sudoku box size " + n + " is past 16 (256 values, the largest domain)");
    }
    String text = FgcLanguage.bundledText("sudoku").replace("param n = 3;", "param n = " + n + ";");
    if (!text.contains("param n = " + n + ";")) {
      throw new IllegalStateException("the bundled sudoku model no longer declares 'param n = 3;'");
    }
    int side = n * n;
    return new Generated("sudoku", n, text, side * side, 3 * side, 3L * side * side);
  }

  /**
   * A random sparse graph of {@code variables} ternary variables: a random tree (each variable
   * after the first tied to an earlier one) plus as many again random distinct pairs, each with a
   * table of random weights, all from {@code seed}. Written out factor by factor, so the text grows
   * with the model, as a model exported from elsewhere would.
   */
  static Generated random(int variables, long seed) {
    atLeast("random", variables, 3);
    Random rnd = new Random(seed * 1_000_003L + variables);
    Set<Long> pairs = new HashSet<>();
    StringBuilder text = new StringBuilder(variables * 140);
    text.append("model random_").append(variables).append(";\n");
    text.append("var x[").append(variables).append("] in 0..2;\n");
    int factors = 0;
    for (int i = 1; i < variables; i++) {
      factors += edge(text, pairs, rnd, rnd.nextInt(i), i) ? 1 : 0;
    }
    // As many extra edges as variables, where the graph has room for them (a tiny graph may not).
    long room = (long) variables * (variables - 1) / 2 - factors;
    long extra = Math.min(variables, room);
    while (extra > 0) {
      int a = rnd.nextInt(variables);
      int b = rnd.nextInt(variables);
      if (a != b && edge(text, pairs, rnd, Math.min(a, b), Math.max(a, b))) {
        factors++;
        extra--;
      }
    }
    return new Generated("random", variables, text.toString(), variables, factors, 2L * factors);
  }

  /** Writes a table between {@code a < b} unless they are joined already. */
  private static boolean edge(StringBuilder text, Set<Long> pairs, Random rnd, int a, int b) {
    if (!pairs.add((long) a * Integer.MAX_VALUE + b)) {
      return false;
    }
    text.append("table(x[").append(a).append("], x[").append(b).append("]) = [");
    for (int k = 0; k < 9; k++) {
      // Weights in [0.05, 1): never zero, so no random model is without solutions.
      text.append(k == 0 ? "" : ", ")
          .append(String.format(Locale.ROOT, "%.3f", 0.05 + 0.95 * rnd.nextDouble()));
    }
    text.append("];\n");
    return true;
  }

  private static void atLeast(String family, int size, int least) {
    if (size < least) {
      throw new IllegalArgumentException(family + " size " + size + " is below " + least);
    }
  }
}
