package fgc.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.algorithms.Algorithms;
import fgc.compiler.ModelCompiler;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The planner sits below both the runtime and the compiler: it names neither of them, nor JavaPoet
 * or Janino, so a cache hit is checked with the runtime and the planner alone; and the compiler
 * names nothing of the runtime's, so it reaches the runtime only through the planner's seam ({@code
 * fgc.compilation}). Checked on the class files' constant pools.
 */
class PlannerSeamTest {
  private static final List<String> COMPILER =
      List.of(
          "fgc/compiler/",
          "com/squareup/javapoet/",
          "org/codehaus/janino/",
          "org/codehaus/commons/");

  private static final List<String> RUNTIME = List.of("fgc/cache/", "fgc/driver/", "fgc/runtime/");

  @Test
  void thePlannerNamesNeitherTheCompilerNorTheRuntime() throws Exception {
    List<String> banned = new ArrayList<>(COMPILER);
    banned.addAll(RUNTIME);
    List<String> offences = new ArrayList<>();
    int classes =
        ClassFiles.scan(Algorithms.class, (name, bytes) -> check(name, bytes, banned, offences));
    assertTrue(classes >= 40, "found only " + classes + " classes of model-planner");
    assertEquals(List.of(), offences);
  }

  @Test
  void theCompilerNamesNothingOfTheRuntime() throws Exception {
    List<String> offences = new ArrayList<>();
    int classes =
        ClassFiles.scan(
            ModelCompiler.class, (name, bytes) -> check(name, bytes, RUNTIME, offences));
    assertTrue(classes >= 20, "found only " + classes + " classes of model-compiler");
    assertEquals(List.of(), offences);
  }

  private static void check(String name, byte[] bytes, List<String> banned, List<String> offences)
      throws java.io.IOException {
    for (String type : ClassFiles.typeNames(bytes)) {
      if (banned.stream().anyMatch(type::startsWith)) {
        offences.add(name + " names " + type);
        return;
      }
    }
  }
}
