package fgc.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.algorithms.Algorithm;
import fgc.algorithms.Algorithms;
import fgc.algorithms.Capabilities;
import fgc.compilation.AlgorithmSpec;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The registry is the one list of algorithms: each has an emitter in the compiler, each option is
 * checked by its range.
 */
class AlgorithmRegistryTest {
  @Test
  void theRegistryListsTheDefaultFirstAndTheCompilerEmitsEveryAlgorithm() {
    for (Algorithm<?> a : Algorithms.all()) {
      assertTrue(Emitters.of(a) != null, a + " has an emitter");
    }
    assertEquals(Algorithms.names(), AlgorithmSpec.knownAlgorithms());
    assertEquals(AlgorithmSpec.DEFAULT, Algorithms.names().get(0));
    Set<String> unique = new HashSet<>(Algorithms.names());
    assertEquals(Algorithms.names().size(), unique.size(), "names are unique");
  }

  @Test
  void everyDefaultIsInItsRangeAndEveryBoundIsEnforced() {
    for (Algorithm<?> a : Algorithms.all()) {
      AlgorithmSpec defaults = a.spec(Map.of());
      assertEquals(a.name(), defaults.name());
      for (Algorithm.Option o : a.options()) {
        assertEquals(o.defaultValue(), defaults.option(o.name()), a + " " + o.name());
        for (double outside :
            List.of(
                o.low() - (o.lowIncluded() ? 1e-9 : 0), o.high() + (o.highIncluded() ? 1e-9 : 0))) {
          IllegalArgumentException e =
              assertThrows(
                  IllegalArgumentException.class,
                  () -> a.spec(Map.of(o.name(), outside)),
                  a + " " + o.name() + "=" + outside);
          assertTrue(
              e.getMessage().startsWith(o.name() + " must be in " + o.range() + ", got "),
              e.getMessage());
        }
      }
    }
  }

  @Test
  void unknownNamesAndOptionsSayWhatIsKnown() {
    IllegalArgumentException name =
        assertThrows(IllegalArgumentException.class, () -> Algorithms.named("bp"));
    assertEquals(
        "unknown algorithm 'bp'; known: " + String.join(", ", Algorithms.names()),
        name.getMessage());
    IllegalArgumentException option =
        assertThrows(
            IllegalArgumentException.class,
            () -> Algorithms.spec("sumproduct", Map.of("alpha", 1.0)));
    assertEquals(
        "algorithm sumproduct has no option 'alpha'; options: [damping]", option.getMessage());
    assertEquals("maxproduct", Algorithms.named("MaxProduct").name(), "names are read in any case");
  }

  @Test
  void everyAlgorithmSaysWhatItsAnswersAre() {
    for (Algorithm<?> a : Algorithms.all()) {
      Capabilities can = a.capabilities();
      assertTrue(!can.marginals().what().isBlank(), a + " names its marginals");
      if (can.exact()) {
        assertTrue(can.marginals().probabilities(), a + ": exact marginals are probabilities");
        assertEquals(
            null, can.exactOnTree(), a + ": exact on every graph, so no tree graph to judge");
      }
      assertEquals(can, Algorithms.capabilities(a.name().toUpperCase(java.util.Locale.ROOT)));
    }
    assertTrue(Algorithms.exact().capabilities().exact());
    assertEquals(AlgorithmSpec.ELIMINATION, Algorithms.exact().name());
  }

  @Test
  void oneAlldiffOverThreeVariablesIsATreeOfTheFactorGraphButNotOfThePairwiseGraph() {
    fgc.model.ModelBuilder b = fgc.model.Model.builder("triangle");
    fgc.model.VariableArray x = b.variables("x", fgc.model.Domain.range(1, 3), 3);
    b.alldiff(new int[] {x.at(0), x.at(1), x.at(2)});
    fgc.model.Model triangle = b.build();
    assertTrue(Capabilities.TreeGraph.FACTOR_GRAPH.isTree(triangle));
    assertTrue(!Capabilities.TreeGraph.PAIRWISE_GRAPH.isTree(triangle));
    assertTrue(Algorithms.capabilities("sumproduct").exactOnTreeOf(triangle));
    assertTrue(!Algorithms.capabilities("bp-pairwise").exactOnTreeOf(triangle));
    assertTrue(
        !Algorithms.capabilities("ep-dirichlet").exactOnTreeOf(triangle),
        "EP's projection is exact on no graph");
  }
}
