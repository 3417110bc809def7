package fgc.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.compilation.AlgorithmSpec;
import fgc.compilation.SolverKey;
import fgc.lang.DataSet;
import fgc.lang.FgcLanguage;
import fgc.model.Domain;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.VariableArray;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An entry's key material reads back as the very model and algorithm it was made for: the same key.
 */
class KeyMaterialTest {
  @Test
  void everyKindOfModelAndAlgorithmReadsBackToItsKey() {
    ModelBuilder b = Model.builder("mixed");
    VariableArray x = b.variables("x", Domain.range(-2, 1), 2, 2);
    VariableArray y = b.variables("y", Domain.range(0, 3));
    b.alldiff(x.at(0, 0), x.at(0, 1), x.at(1, 0))
        .neq(x.at(1, 1), x.at(0, 0))
        .eq(x.at(1, 0), y.at());
    b.sum(1, x.at(0, 0), y.at())
        .table(
            new int[] {x.at(0, 1), y.at()},
            new double[] {1, 0.5, 1e-300, 7, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
    b.prior(y.at(), new double[] {0.1, 0.2, 0.3, 0.4});
    Model mixed = b.observe("y").build();
    // Tables computed from formulas are written as the formula (" ~ "): killer's one-cell cages,
    // futoshiki's inequalities, kenken's cages, queens' diagonals, a grid's weights.
    ModelBuilder g = Model.builder("grid");
    VariableArray s = g.variables("s", Domain.range(0, 1), 2, 2);
    fgc.model.Formula spin0 =
        fgc.model.Formula.sub(
            fgc.model.Formula.mul(
                fgc.model.Formula.constant(2), fgc.model.Formula.variable(s.at(0, 0))),
            fgc.model.Formula.constant(1));
    fgc.model.Formula spin1 =
        fgc.model.Formula.sub(
            fgc.model.Formula.mul(
                fgc.model.Formula.constant(2), fgc.model.Formula.variable(s.at(0, 1))),
            fgc.model.Formula.constant(1));
    g.weight(
        new int[] {s.at(0, 0), s.at(0, 1)},
        fgc.model.Formula.exp(fgc.model.Formula.mul(fgc.model.Formula.real(0.3), spin0, spin1)));
    g.relation(
        fgc.model.Formula.or(
            fgc.model.Formula.compare(
                fgc.model.Formula.Op.LT,
                fgc.model.Formula.variable(s.at(1, 0)),
                fgc.model.Formula.variable(s.at(1, 1))),
            fgc.model.Formula.not(
                fgc.model.Formula.compare(
                    fgc.model.Formula.Op.EQ,
                    fgc.model.Formula.variable(s.at(0, 0)),
                    fgc.model.Formula.constant(-1)))));
    List<Model> models =
        new ArrayList<>(
            List.of(
                mixed,
                g.build(),
                FgcLanguage.bundled("sudoku", Map.of("n", 2L)),
                FgcLanguage.bundled("sudoku_locked", Map.of("n", 2L)),
                grid(6),
                runsAndParts()));
    // Linear factors (relations too large for a table), one by one and as a family with a part
    // that repeats.
    models.add(
        FgcLanguage.parse(
            "linear.fg",
            "var x[3][8] in 0..9;\n"
                + "for r in 0..2 { 3*x[r][0] - 2*x[r][1] + x[r][2] + x[r][3] + x[r][4] + x[r][5]"
                + " + x[r][6] - x[r][7] > 20; }\n"
                + "sum(x[0][c] * (c + 1) for c in 0..7) != 40;\n"
                + "sum(x[1][c] * (c - 9) for c in 0..7) == -200;\n",
            Map.of()));
    assertTrue(models.get(models.size() - 1).canonicalText().contains("linear"), "linear factors");
    // A data table read at a variable's value: a table computed from comparisons with it.
    models.add(
        FgcLanguage.parse(
            "element.fg",
            "data field;\nvar x[2] in 0..3;\nvar y[2] in 0..9;\n"
                + "for r in 0..1 { y[r] == field[r][x[r]]; }\n",
            Map.of(),
            DataSet.parse("element.fgd", "field = [3 1 4 1, 5 9 2 6];\n")));
    // Every bundled model, with its example data where it reads some.
    Map<String, String> data =
        Map.of(
            "killer",
            "killer-9x9",
            "futoshiki",
            "futoshiki-5x5",
            "kenken",
            "kenken-6x6",
            "colouring",
            "petersen",
            "latin",
            "latin-5",
            "chain",
            "umbrella");
    for (String name : FgcLanguage.bundledNames()) {
      models.add(
          data.containsKey(name)
              ? FgcLanguage.bundled(name, Map.of(), DataSet.example(data.get(name)))
              : FgcLanguage.bundled(name, Map.of()));
    }
    assertTrue(
        models.stream().filter(m -> m.canonicalText().contains(" ~ ")).count() >= 4,
        "models whose tables are formulas");
    assertTrue(
        models.stream().filter(m -> m.canonicalText().contains(" x ")).count() >= 4,
        "models with families of factors");
    assertTrue(
        models.stream()
                .filter(m -> m.canonicalText().matches("(?s).* x \\d+ step [^\n]* x \\d+ step .*"))
                .count()
            >= 2,
        "models with families of two dimensions");
    assertTrue(
        models.stream().filter(m -> m.canonicalText().contains(" @")).count() >= 3,
        "models whose parts repeat");
    for (Model model : models) {
      for (String algorithm : AlgorithmSpec.knownAlgorithms()) {
        AlgorithmSpec spec =
            algorithm.equals(AlgorithmSpec.ELIMINATION)
                ? AlgorithmSpec.named(algorithm) // no options
                : AlgorithmSpec.named(algorithm, Map.of("damping", 0.25));
        KeyMaterial read = KeyMaterial.parse(SolverKey.material(model, spec), model.name());
        assertEquals(model.canonicalText(), read.model.canonicalText());
        assertEquals(spec, read.spec);
        assertEquals(SolverKey.of(model, spec), SolverKey.of(read.model, read.spec));
      }
    }
  }

  /**
   * A W x W Ising grid as the language writes it: rows of couplings of one formula, runs broken at
   * each row's end.
   */
  private static Model grid(int width) {
    return FgcLanguage.parse(
        "grid.fg",
        "let J = 0.5;\nvar s["
            + width
            + "]["
            + width
            + "] in 0..1;\nprior(s[0][0]) = [0.4, 0.6];\n"
            + "for i in 0.."
            + (width - 1)
            + ", j in 0.."
            + (width - 2)
            + " { weight(s[i][j], s[i][j+1]) = exp(J * (2*s[i][j] - 1) * (2*s[i][j+1] - 1)); }\n"
            + "for i in 0.."
            + (width - 2)
            + ", j in 0.."
            + (width - 1)
            + " { weight(s[i][j], s[i+1][j]) = exp(J * (2*s[i][j] - 1) * (2*s[i+1][j] - 1)); }\n",
        Map.of());
  }

  /**
   * Runs with negative and zero steps, one broken by another table, sums, and tables and priors
   * whose weights repeat.
   */
  private static Model runsAndParts() {
    ModelBuilder b = Model.builder("runs");
    VariableArray x = b.variables("x", Domain.range(0, 2), 12);
    double[] t = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    for (int i = 10; i >= 1; i--) {
      b.table(new int[] {x.at(i), x.at(0)}, t);
    }
    b.table(new int[] {x.at(0), x.at(1)}, new double[] {9, 8, 7, 6, 5, 4, 3, 2, 1});
    for (int i = 2; i < 6; i++) {
      b.table(
          new int[] {x.at(i), x.at(i + 1)}, i == 4 ? new double[] {9, 8, 7, 6, 5, 4, 3, 2, 1} : t);
    }
    for (int i = 0; i < 5; i++) {
      b.sum(3, x.at(i), x.at(i + 1), x.at(i + 2));
      b.prior(x.at(i), new double[] {0.25, 0.5, 0.25});
    }
    for (int i = 0; i < 4; i++) {
      b.neq(x.at(i), x.at(i + 2));
    }
    return b.build();
  }

  @Test
  void materialThatIsNotAModelSaysWhichLine() {
    String good =
        SolverKey.material(FgcLanguage.bundled("chain", Map.of()), AlgorithmSpec.defaults());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> KeyMaterial.parse(good.replace("table", "tabel"), "chain"));
    assertTrue(
        e.getMessage().startsWith("line ") && e.getMessage().contains("tabel"), e.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> KeyMaterial.parse(good.replace("\nend\n", "\n"), "chain"));
    assertThrows(IllegalArgumentException.class, () -> KeyMaterial.parse("compiler x\n", "chain"));
  }

  /** Words of the material's own grammar and of the readers', which a name may also be. */
  private static final List<String> KEYWORDS =
      List.of(
          "in",
          "var",
          "model",
          "observed",
          "latent",
          "end",
          "repeat",
          "step",
          "table",
          "prior",
          "sum",
          "alldiff",
          "neq",
          "eq",
          "fgc",
          "param",
          "let",
          "for",
          "true",
          "false",
          "variable",
          "probability",
          "network",
          "type",
          "discrete",
          "MARKOV",
          "BAYES",
          "in_",
          "_in",
          "IN",
          "var_in",
          "x");

  /** A random name the readers accept: an identifier of 1 to 64 characters, often a keyword. */
  private static String randomName(java.util.Random random) {
    if (random.nextInt(3) == 0) {
      return KEYWORDS.get(random.nextInt(KEYWORDS.size()));
    }
    String first = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_";
    String rest = first + "0123456789";
    StringBuilder name = new StringBuilder().append(first.charAt(random.nextInt(first.length())));
    int length = random.nextInt(4) == 0 ? random.nextInt(64) : random.nextInt(6);
    for (int k = 0; k < length; k++) {
      name.append(rest.charAt(random.nextInt(rest.length())));
    }
    return name.toString();
  }

  @Test
  void everyNameTheReadersAcceptReadsBackAsWritten() {
    java.util.Random random = new java.util.Random(32);
    int models = 2000;
    for (int m = 0; m < models; m++) {
      ModelBuilder b = Model.builder("fuzz");
      java.util.Set<String> names = new java.util.LinkedHashSet<>();
      int arrays = 1 + random.nextInt(4);
      while (names.size() < arrays) {
        names.add(randomName(random));
      }
      List<Integer> flat = new ArrayList<>();
      for (String name : names) {
        int[] dims = new int[random.nextInt(3)];
        for (int d = 0; d < dims.length; d++) {
          dims[d] = 1 + random.nextInt(3);
        }
        VariableArray a =
            b.variables(name, Domain.range(-random.nextInt(2), 1 + random.nextInt(2)), dims);
        for (int i = 0; i < a.size(); i++) {
          flat.add(a.firstIndex() + i);
        }
        if (random.nextBoolean()) {
          b.observe(name);
        }
      }
      if (flat.size() >= 2) {
        b.neq(flat.get(0), flat.get(flat.size() - 1));
      }
      Model model = b.build();
      AlgorithmSpec spec = AlgorithmSpec.named("sumproduct");
      KeyMaterial read = KeyMaterial.parse(SolverKey.material(model, spec), model.name());
      assertEquals(model.canonicalText(), read.model.canonicalText(), names.toString());
      assertEquals(
          SolverKey.of(model, spec), SolverKey.of(read.model, read.spec), names.toString());
    }
  }

  @Test
  void aBifVariableNamedInReadsBack() {
    Model model =
        fgc.formats.BifFormat.parse(
                "in.bif",
                "network n { }\n"
                    + "variable in { type discrete [ 2 ] { a, b }; }\n"
                    + "variable var { type discrete [ 2 ] { a, b }; }\n"
                    + "probability ( in ) { table 0.3, 0.7; }\n"
                    + "probability ( var | in ) { (a) 0.1, 0.9; (b) 0.5, 0.5; }\n")
            .model();
    AlgorithmSpec spec = AlgorithmSpec.named("sumproduct");
    KeyMaterial read = KeyMaterial.parse(SolverKey.material(model, spec), model.name());
    assertEquals(SolverKey.of(model, spec), SolverKey.of(read.model, read.spec));
  }
}
