package fgc.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.algorithms.Algorithms;
import fgc.compilation.AlgorithmSpec;
import fgc.compilation.CompiledSolver;
import fgc.model.Model;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** What "specialised" promises, checked on the class files the compiler emits. */
class GeneratedCodeShapeTest {
  @ParameterizedTest
  @CsvSource({
    "bp-pairwise, 2",
    "bp-pairwise, 3",
    "bp-pairwise, 4",
    "bp-pairwise, 5",
    "sumproduct, 2",
    "sumproduct, 3",
    "sumproduct, 4",
    "maxproduct, 3",
    "maxproduct, 5",
    "ep-dirichlet, 3"
  })
  void everyMethodFitsTheJitAndASweepNeitherBoxesNorTouchesCollections(String algorithm, int n)
      throws Exception {
    Model model = TestModels.sudoku(n);
    CompiledSolver compiled = ModelCompiler.compile(model, AlgorithmSpec.named(algorithm));
    assertEquals(
        1, compiled.classes().size(), "one class, no helpers: " + compiled.classes().keySet());
    ClassFileFacts facts = ClassFileFacts.read(compiled.classes().get(compiled.className()));
    // HotSpot never JIT-compiles a method of more than 8000 bytes of bytecode (HugeMethodLimit).
    facts.codeBytesByMethod.forEach(
        (method, bytes) -> assertTrue(bytes < 8000, method + " has " + bytes + " bytes"));
    for (String ref : facts.memberReferences) {
      assertFalse(
          ref.matches("java/lang/(Integer|Double|Long|Boolean)\\.valueOf.*"), "boxing: " + ref);
      assertFalse(
          ref.startsWith("java/util/") && !ref.startsWith("java/util/Arrays."),
          "collection use: " + ref);
    }
    for (String cls : facts.classReferences) {
      assertFalse(
          cls.matches("java/util/(List|Map|Set|Collection|ArrayList|HashMap).*"),
          "collection class: " + cls);
    }
  }

  @ParameterizedTest
  @MethodSource("fgc.algorithms.Algorithms#names")
  void sizesAreConstantsOfTheClass(String algorithm) {
    // 9x9 Sudoku where the algorithm takes it, else 4x4 (exact inference's tables of 9x9 pass its
    // limit).
    boolean big = fits(TestModels.sudoku(3), AlgorithmSpec.named(algorithm));
    String source =
        ModelCompiler.generateSource(TestModels.sudoku(big ? 3 : 2), AlgorithmSpec.named(algorithm))
            .text();
    assertTrue(
        source.contains(
            big ? "private static final int V = 81;" : "private static final int V = 16;"),
        source);
    assertTrue(
        source.contains(
            big ? "private static final int W = 9;" : "private static final int W = 4;"),
        source);
    assertTrue(source.contains("public final class "), "generated classes are final");
  }

  @ParameterizedTest
  @MethodSource("fgc.algorithms.Algorithms#names")
  void theSameModelGivesByteIdenticalSourceAndClassesEveryTime(String algorithm) {
    boolean damped =
        Algorithms.named(algorithm).options().stream().anyMatch(o -> o.name().equals("damping"));
    AlgorithmSpec spec =
        damped
            ? AlgorithmSpec.named(algorithm, Map.of("damping", 0.25))
            : AlgorithmSpec.named(algorithm);
    CompiledSolver a = ModelCompiler.compile(TestModels.sudoku(2), spec);
    CompiledSolver b = ModelCompiler.compile(TestModels.sudoku(2), spec);
    assertEquals(a.key(), b.key());
    assertEquals(a.source(), b.source());
    a.classes()
        .forEach(
            (name, bytes) ->
                assertTrue(java.util.Arrays.equals(bytes, b.classes().get(name)), name));
  }

  private static boolean fits(fgc.model.Model model, AlgorithmSpec spec) {
    try {
      ModelCompiler.footprint(model, spec);
      return true;
    } catch (fgc.plan.TooLargeException e) {
      return false;
    }
  }
}
