package fgc.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.compilation.AlgorithmSpec;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The registry is the one list of algorithms: what the compiler service reports, each option checked by its range. */
class AlgorithmRegistryTest {
  @Test
  void theServiceReportsTheRegistryTheDefaultFirst() {
    assertEquals(Algorithms.names(), new JaninoSolverCompiler().algorithms());
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
        for (double outside : List.of(o.low() - (o.lowIncluded() ? 1e-9 : 0), o.high() + (o.highIncluded() ? 1e-9 : 0))) {
          IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> a.spec(Map.of(o.name(), outside)),
              a + " " + o.name() + "=" + outside);
          assertTrue(e.getMessage().startsWith(o.name() + " must be in " + o.range() + ", got "), e.getMessage());
        }
      }
    }
  }

  @Test
  void unknownNamesAndOptionsSayWhatIsKnown() {
    IllegalArgumentException name = assertThrows(IllegalArgumentException.class, () -> Algorithms.named("bp"));
    assertEquals("unknown algorithm 'bp'; known: " + String.join(", ", Algorithms.names()), name.getMessage());
    IllegalArgumentException option = assertThrows(IllegalArgumentException.class,
        () -> Algorithms.spec("sumproduct", Map.of("alpha", 1.0)));
    assertEquals("algorithm sumproduct has no option 'alpha'; options: [damping]", option.getMessage());
    assertEquals("maxproduct", Algorithms.named("MaxProduct").name(), "names are read in any case");
  }
}
