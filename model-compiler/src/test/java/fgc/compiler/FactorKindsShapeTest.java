package fgc.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.compilation.AlgorithmSpec;
import fgc.compilation.CompiledSolver;
import fgc.lang.DataSet;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Models with sum, table, prior and eq factors compile to one class whose every method fits the
 * JIT, and call the kernels.
 */
class FactorKindsShapeTest {
  @ParameterizedTest
  @CsvSource({
    "killer, killer-9x9, sumproduct",
    "killer, killer-9x9, maxproduct",
    "chain, umbrella, sumproduct"
  })
  void everyMethodFitsTheJit(String name, String example, String algorithm) throws Exception {
    Model model = FgcLanguage.bundled(name, Map.of(), DataSet.example(example));
    CompiledSolver compiled = ModelCompiler.compile(model, AlgorithmSpec.named(algorithm));
    assertEquals(1, compiled.classes().size(), compiled.classes().keySet().toString());
    ClassFileFacts facts = ClassFileFacts.read(compiled.classes().get(compiled.className()));
    facts.codeBytesByMethod.forEach(
        (method, bytes) -> assertTrue(bytes < 8000, method + " has " + bytes + " bytes"));
    assertTrue(
        facts.memberReferences.stream()
            .anyMatch(r -> r.startsWith("fgc/solver/FactorKernels.messages")),
        "the maths is in the kernel: " + facts.memberReferences);
  }

  @ParameterizedTest
  @CsvSource({
    "chain, umbrella, bp-pairwise",
    "chain, umbrella, ep-dirichlet",
    "colouring, petersen, bp-pairwise"
  })
  void pairwiseClassesFitTheJitAndCallThePairKernelOnlyWhenAPairNeedsIt(
      String name, String example, String algorithm) throws Exception {
    Model model = FgcLanguage.bundled(name, Map.of(), DataSet.example(example));
    CompiledSolver compiled = ModelCompiler.compile(model, AlgorithmSpec.named(algorithm));
    assertEquals(1, compiled.classes().size(), compiled.classes().keySet().toString());
    ClassFileFacts facts = ClassFileFacts.read(compiled.classes().get(compiled.className()));
    facts.codeBytesByMethod.forEach(
        (method, bytes) -> assertTrue(bytes < 8000, method + " has " + bytes + " bytes"));
    boolean tables = name.equals("chain");
    assertEquals(
        tables,
        facts.memberReferences.stream()
            .anyMatch(r -> r.startsWith("fgc/solver/PairwiseKernels.message")),
        "table pairs call the kernel, neq pairs do not: " + facts.memberReferences);
    assertEquals(
        tables,
        compiled.source().contains("weighPrior(i)"),
        "the prior is weighed exactly when the model has one");
  }
}
