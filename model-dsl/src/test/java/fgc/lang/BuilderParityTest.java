package fgc.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.model.Domain;
import fgc.model.Formula;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.VariableArray;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each bundled model, written again with the Java builder, gives the identical canonical IR. */
class BuilderParityTest {
  @Test
  void latin() {
    int n = 5;
    ModelBuilder b = Model.builder("latin");
    VariableArray x = b.variables("x", Domain.range(1, n), n, n);
    b.observe("x");
    for (int r = 0; r < n; r++) {
      int[] s = new int[n];
      for (int c = 0; c < n; c++) {
        s[c] = x.at(r, c);
      }
      b.alldiff(s);
    }
    for (int c = 0; c < n; c++) {
      int[] s = new int[n];
      for (int r = 0; r < n; r++) {
        s[r] = x.at(r, c);
      }
      b.alldiff(s);
    }
    assertSame(b.build(), FgcLanguage.bundled("latin", Map.of()));
  }

  @Test
  void killer() {
    DataSet data = DataSet.example("killer-9x9");
    Model sudoku = FgcLanguage.bundled("sudoku", Map.of());
    ModelBuilder b = Model.builder("killer");
    VariableArray cell = b.variables("cell", Domain.range(1, 9), 9, 9);
    b.observe("cell");
    sudoku.factors().forEach(f -> b.alldiff(f.scope()));
    for (List<DataSet.Item> cage : data.entry("cages").rows()) {
      List<Integer> scope = new ArrayList<>();
      for (int k = 1; k + 1 < cage.size(); k += 2) {
        scope.add(cell.at((int) cage.get(k).longValue(), (int) cage.get(k + 1).longValue()));
      }
      // A cage is the relation sum(cells) == total, which is a sum factor over two or more cells
      // and a table over one.
      b.relation(
          Formula.compare(
              Formula.Op.EQ,
              Formula.add(scope.stream().map(Formula::variable).toList()),
              Formula.constant(cage.get(0).longValue())));
      if (scope.size() >= 2) {
        b.alldiff(scope);
      }
    }
    Model parsed = FgcLanguage.bundled("killer", Map.of(), data);
    assertTrue(parsed.canonicalText().contains("\nsum 0 1 10 = 15\n"), parsed.canonicalText());
    assertTrue(parsed.canonicalText().contains("\ntable 2 ~ (== $0 4)\n"), parsed.canonicalText());
    assertSame(b.build(), parsed);
  }

  @Test
  void colouring() {
    DataSet data = DataSet.example("petersen");
    ModelBuilder b = Model.builder("colouring");
    VariableArray colour = b.variables("colour", Domain.range(1, 3), 10);
    b.observe("colour");
    for (List<DataSet.Item> edge : data.entry("edges").rows()) {
      b.neq(colour.at((int) edge.get(0).longValue()), colour.at((int) edge.get(1).longValue()));
    }
    assertSame(b.build(), FgcLanguage.bundled("colouring", Map.of(), data));
  }

  @Test
  void chain() {
    int days = 6;
    ModelBuilder b = Model.builder("chain");
    VariableArray weather = b.variables("weather", Domain.range(0, 1), days);
    VariableArray seen = b.variables("seen", Domain.range(0, 1), days);
    b.observe("seen");
    b.prior(weather.at(0), new double[] {0.5, 0.5});
    for (int t = 1; t < days; t++) {
      b.table(new int[] {weather.at(t - 1), weather.at(t)}, new double[] {0.7, 0.3, 0.3, 0.7});
    }
    for (int t = 0; t < days; t++) {
      b.table(new int[] {weather.at(t), seen.at(t)}, new double[] {0.8, 0.2, 0.1, 0.9});
    }
    Model parsed = FgcLanguage.bundled("chain", Map.of());
    assertTrue(
        parsed.canonicalText().contains("\ntable 0 1 x 5 step 1 1 : 0.7 0.3 0.3 0.7\n"),
        parsed.canonicalText());
    assertTrue(parsed.canonicalText().contains("\nprior 0 : 0.5 0.5\n"));
    assertSame(b.build(), parsed);
  }

  @Test
  void queensRelations() {
    int n = 8;
    ModelBuilder b = Model.builder("queens");
    VariableArray q = b.variables("q", Domain.range(0, n - 1), n);
    b.observe("q");
    List<Integer> all = new ArrayList<>();
    for (int r = 0; r < n; r++) {
      all.add(q.at(r));
    }
    b.alldiff(all);
    for (int r = 0; r < n; r++) {
      for (int s = r + 1; s < n; s++) {
        Formula distance =
            Formula.abs(Formula.sub(Formula.variable(q.at(r)), Formula.variable(q.at(s))));
        b.relation(Formula.compare(Formula.Op.NE, distance, Formula.constant(s - r)));
      }
    }
    assertSame(b.build(), FgcLanguage.bundled("queens", Map.of()));
  }

  @Test
  void sprinklerCpts() {
    ModelBuilder b = Model.builder("sprinkler");
    int cloudy = b.variables("cloudy", Domain.range(0, 1)).at();
    int sprinkler = b.variables("sprinkler", Domain.range(0, 1)).at();
    int rain = b.variables("rain", Domain.range(0, 1)).at();
    int wet = b.variables("wet", Domain.range(0, 1)).at();
    b.observe("cloudy").observe("sprinkler").observe("rain").observe("wet");
    b.cpt(cloudy, new int[0], new double[][] {{0.5, 0.5}});
    b.cpt(sprinkler, new int[] {cloudy}, new double[][] {{0.5, 0.5}, {0.9, 0.1}});
    b.cpt(rain, new int[] {cloudy}, new double[][] {{0.8, 0.2}, {0.2, 0.8}});
    b.cpt(
        wet,
        new int[] {sprinkler, rain},
        new double[][] {{1.0, 0.0}, {0.1, 0.9}, {0.1, 0.9}, {0.01, 0.99}});
    assertSame(b.build(), FgcLanguage.bundled("sprinkler", Map.of()));
  }

  @Test
  void isingWeightFormula() {
    Model parsed =
        FgcLanguage.parse(
            "ising.fg",
            "var s[2] in -1..1;\nlet J = 0.5;\nweight(s[0], s[1]) = exp(J * s[0] * s[1]);",
            Map.of());
    ModelBuilder b = Model.builder("ising");
    VariableArray s = b.variables("s", Domain.range(-1, 1), 2);
    b.weight(
        new int[] {s.at(0), s.at(1)},
        Formula.exp(
            Formula.mul(Formula.real(0.5), Formula.variable(s.at(0)), Formula.variable(s.at(1)))));
    assertSame(b.build(), parsed);
  }

  @Test
  void eqAndExactDecimalWeights() {
    Model parsed =
        FgcLanguage.parse(
            "t.fg", "var x[2] in 1..2;\neq(x[0], x[1]);\nprior(x[1]) = [1e-3, 0.1];", Map.of());
    ModelBuilder b = Model.builder("t");
    VariableArray x = b.variables("x", Domain.range(1, 2), 2);
    b.eq(x.at(0), x.at(1)).prior(x.at(1), new double[] {0.001, 0.1});
    assertSame(b.build(), parsed);
    assertTrue(
        parsed.canonicalText().endsWith("eq 0 1\nprior 1 : 0.001 0.1\nend\n"),
        parsed.canonicalText());
  }

  private static void assertSame(Model built, Model parsed) {
    assertEquals(built.canonicalText(), parsed.canonicalText());
  }
}
