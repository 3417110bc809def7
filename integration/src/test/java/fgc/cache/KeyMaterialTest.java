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
    List<Model> models = List.of(mixed, FgcLanguage.bundled("sudoku", Map.of("n", 2L)),
        FgcLanguage.bundled("killer", Map.of(), DataSet.example("killer-9x9")), FgcLanguage.bundled("chain", Map.of()));
    for (Model model : models) {
      if (model.canonicalText().contains(" ~ ")) {
        // A table written as its relation's formula (killer's one-cell cages) is not read back yet:
        // cache verify cannot re-check such an entry against its model.
        continue;
      }
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
