package fgc.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.algorithms.Algorithms;
import fgc.compilation.AlgorithmSpec;
import fgc.compilation.CompiledSolver;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import fgc.solver.GeneratedAlgorithm;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A generated class's {@code planDigest()}, computed from the tables it runs on, equals the digest
 * the compiler computes from the model's plan without emitting, for every algorithm on models that
 * take every branch of the emitters; and it tells apart models that differ only in their factors.
 */
class PlanDigestTest {
  @Test
  void everyClassReportsTheDigestOfItsModelsPlan() throws Exception {
    List<String> mismatches = new ArrayList<>();
    int cases = 0;
    for (EmitterCoverage.Case c : EmitterCoverage.cases()) {
      CompiledSolver compiled = ModelCompiler.compile(c.model, c.spec);
      GeneratedAlgorithm solver = instance(compiled);
      String fromClass = solver.planDigest();
      assertTrue(fromClass != null && fromClass.matches("[0-9a-f]{32}"), c + ": " + fromClass);
      String fromPlan = digest(c.model, c.spec);
      if (!fromClass.equals(fromPlan)) {
        mismatches.add(c.toString());
      }
      // The class's digest covers every plan constant it holds, whatever emitter declared it.
      Class<?> type = solver.getClass();
      for (Field f : type.getDeclaredFields()) {
        boolean constant =
            Modifier.isStatic(f.getModifiers()) && Modifier.isFinal(f.getModifiers());
        Class<?> t = f.getType();
        boolean numeric =
            t == int.class || t == double.class || t == int[].class || t == double[].class;
        // Derived on load by solver-api code: OTHER_EDGES, and the flat tables rebuilt from the
        // digested FAMILIES.
        boolean derived =
            f.getName().equals("OTHER_EDGES")
                || compiled.source().contains(" " + f.getName() + " = GROUND.");
        if (constant && numeric && !derived) {
          assertTrue(
              compiled.source().contains(".add(" + f.getName() + ")"),
              c + ": the digest leaves out " + f.getName());
        }
      }
      cases++;
    }
    assertTrue(cases >= 20, "cases: " + cases);
    assertTrue(
        mismatches.isEmpty(),
        "the class's digest and the plan's differ"
            + " (an emitter's constant missing from PlanDigests?): "
            + mismatches);
  }

  @Test
  void modelsWithTheSameVariablesButOtherFactorsOrOptionsHaveOtherDigests() {
    Model chain = FgcLanguage.bundled("chain", Map.of());
    Model changed =
        FgcLanguage.parse(
            "chainB.fg",
            FgcLanguage.bundledText("chain")
                .replace("[0.7, 0.3, 0.3, 0.7]", "[0.6, 0.4, 0.4, 0.6]"),
            Map.of());
    assertEquals(chain.variableCount(), changed.variableCount());
    for (String algorithm :
        List.of(
            AlgorithmSpec.SUMPRODUCT,
            AlgorithmSpec.BP_PAIRWISE,
            AlgorithmSpec.EP_DIRICHLET,
            AlgorithmSpec.MAXPRODUCT)) {
      AlgorithmSpec spec = AlgorithmSpec.named(algorithm);
      assertEquals(
          digest(chain, spec), digest(FgcLanguage.bundled("chain", Map.of()), spec), "stable");
      assertNotEquals(digest(chain, spec), digest(changed, spec), algorithm + ": another table");
      assertNotEquals(
          digest(chain, spec),
          digest(chain, AlgorithmSpec.named(algorithm, Map.of("damping", 0.25))),
          algorithm + ": another damping");
    }
    assertNotEquals(
        digest(chain, AlgorithmSpec.named(AlgorithmSpec.SUMPRODUCT)),
        digest(chain, AlgorithmSpec.named(AlgorithmSpec.MAXPRODUCT, Map.of("damping", 0.5))),
        "another algorithm, same options");
  }

  /**
   * A cache miss plans the model for the check and compiles from that plan: for every algorithm and
   * emitter branch, the kept plan gives the digest the planner gives and the very source a compile
   * that plans afresh writes; it is handed back only for the same model object and spec.
   */
  @Test
  void aCompileFromTheCheckedPlanWritesWhatAFreshCompileWrites() {
    JaninoSolverCompiler compiler = new JaninoSolverCompiler();
    int cases = 0;
    for (EmitterCoverage.Case c : EmitterCoverage.cases()) {
      fgc.compilation.PlannedModel planned = Algorithms.of(c.spec).planned(c.model, c.spec);
      assertEquals(digest(c.model, c.spec), planned.digest(), c + ": digest");
      assertTrue(planned.planFor(c.model, c.spec) != null, c + ": the plan is kept");
      assertEquals(
          ModelCompiler.compile(c.model, c.spec).source(),
          compiler.compile(c.model, c.spec, planned).source(),
          c + ": source");
      cases++;
    }
    assertTrue(cases >= 20, "cases: " + cases);
    Model chain = FgcLanguage.bundled("chain", Map.of());
    AlgorithmSpec spec = AlgorithmSpec.named(AlgorithmSpec.SUMPRODUCT);
    fgc.compilation.PlannedModel planned = Algorithms.of(spec).planned(chain, spec);
    assertEquals(
        null,
        planned.planFor(FgcLanguage.bundled("chain", Map.of()), spec),
        "another model object");
    assertEquals(
        null,
        planned.planFor(
            chain, AlgorithmSpec.named(AlgorithmSpec.SUMPRODUCT, Map.of("damping", 0.25))),
        "other options");
    assertEquals(
        null,
        planned.planFor(chain, AlgorithmSpec.named(AlgorithmSpec.MAXPRODUCT)),
        "another algorithm");
  }

  private static GeneratedAlgorithm instance(CompiledSolver compiled) throws Exception {
    ClassLoader loader =
        new org.codehaus.commons.compiler.util.reflect.ByteArrayClassLoader(
            compiled.classes(), GeneratedAlgorithm.class.getClassLoader());
    return (GeneratedAlgorithm)
        loader.loadClass(compiled.className()).getDeclaredConstructor().newInstance();
  }

  private static String digest(Model model, AlgorithmSpec spec) {
    return Algorithms.of(spec).planDigest(model, spec);
  }
}
