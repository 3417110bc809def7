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
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An entry's key material reads back as the very model and algorithm it was made for: the same key. */
class KeyMaterialTest {
  @Test
  void everyKindOfModelAndAlgorithmReadsBackToItsKey() {
    ModelBuilder b = Model.builder("mixed");
    VariableArray x = b.variables("x", Domain.range(-2, 1), 2, 2);
    VariableArray y = b.variables("y", Domain.range(0, 3));
    b.alldiff(x.at(0, 0), x.at(0, 1), x.at(1, 0)).neq(x.at(1, 1), x.at(0, 0)).eq(x.at(1, 0), y.at());
    b.sum(1, x.at(0, 0), y.at()).table(new int[] {x.at(0, 1), y.at()}, new double[] {1, 0.5, 1e-300, 7, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
    b.prior(y.at(), new double[] {0.1, 0.2, 0.3, 0.4});
    Model mixed = b.observe("y").build();
    // Tables computed from formulas are written as the formula (" ~ "): killer's one-cell cages,
    // futoshiki's inequalities, kenken's cages, queens' diagonals, a grid's weights.
    ModelBuilder g = Model.builder("grid");
    VariableArray s = g.variables("s", Domain.range(0, 1), 2, 2);
    fgc.model.Formula spin0 = fgc.model.Formula.sub(fgc.model.Formula.mul(fgc.model.Formula.constant(2), fgc.model.Formula.variable(s.at(0, 0))),
        fgc.model.Formula.constant(1));
    fgc.model.Formula spin1 = fgc.model.Formula.sub(fgc.model.Formula.mul(fgc.model.Formula.constant(2), fgc.model.Formula.variable(s.at(0, 1))),
        fgc.model.Formula.constant(1));
    g.weight(new int[] {s.at(0, 0), s.at(0, 1)}, fgc.model.Formula.exp(fgc.model.Formula.mul(fgc.model.Formula.real(0.3), spin0, spin1)));
    g.relation(fgc.model.Formula.or(fgc.model.Formula.compare(fgc.model.Formula.Op.LT, fgc.model.Formula.variable(s.at(1, 0)),
        fgc.model.Formula.variable(s.at(1, 1))), fgc.model.Formula.not(fgc.model.Formula.compare(fgc.model.Formula.Op.EQ,
        fgc.model.Formula.variable(s.at(0, 0)), fgc.model.Formula.constant(-1)))));
    List<Model> models = List.of(mixed, g.build(), FgcLanguage.bundled("sudoku", Map.of("n", 2L)),
        FgcLanguage.bundled("killer", Map.of(), DataSet.example("killer-9x9")), FgcLanguage.bundled("chain", Map.of()),
        FgcLanguage.bundled("futoshiki", Map.of(), DataSet.example("futoshiki-5x5")),
        FgcLanguage.bundled("kenken", Map.of(), DataSet.example("kenken-6x6")), FgcLanguage.bundled("queens", Map.of()),
        FgcLanguage.bundled("magic", Map.of()), FgcLanguage.bundled("sprinkler", Map.of()),
        FgcLanguage.bundled("sudoku_locked", Map.of("n", 2L)));
    assertTrue(models.stream().filter(m -> m.canonicalText().contains(" ~ ")).count() >= 4, "models whose tables are formulas");
    for (Model model : models) {
      for (String algorithm : AlgorithmSpec.knownAlgorithms()) {
        AlgorithmSpec spec = algorithm.equals(AlgorithmSpec.ELIMINATION) ? AlgorithmSpec.named(algorithm) // no options
            : AlgorithmSpec.named(algorithm, Map.of("damping", 0.25));
        KeyMaterial read = KeyMaterial.parse(SolverKey.material(model, spec), model.name());
        assertEquals(model.canonicalText(), read.model.canonicalText());
        assertEquals(spec, read.spec);
        assertEquals(SolverKey.of(model, spec), SolverKey.of(read.model, read.spec));
      }
    }
  }

  @Test
  void materialThatIsNotAModelSaysWhichLine() {
    String good = SolverKey.material(FgcLanguage.bundled("chain", Map.of()), AlgorithmSpec.defaults());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KeyMaterial.parse(good.replace("table", "tabel"), "chain"));
    assertTrue(e.getMessage().startsWith("line ") && e.getMessage().contains("tabel"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> KeyMaterial.parse(good.replace("\nend\n", "\n"), "chain"));
    assertThrows(IllegalArgumentException.class, () -> KeyMaterial.parse("compiler x\n", "chain"));
  }
}
