package fgc.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.cache.SolverCache;
import fgc.solver.GeneratedAlgorithm;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Dependencies run one way: solver-api names nothing but the JDK and itself, and runtime names
 * neither the compiler (fgc.compiler), JavaPoet nor Janino, so a program runs a precompiled solver
 * with the runtime jar alone. Checked on the class files' constant pools, where every type a class
 * uses is named.
 */
class DependencyDirectionTest {
  private static final List<String> COMPILER =
      List.of(
          "fgc/compiler/",
          "com/squareup/javapoet/",
          "org/codehaus/janino/",
          "org/codehaus/commons/");

  @Test
  void solverApiNamesOnlyTheJdkAndItself() throws Exception {
    List<String> offences = new ArrayList<>();
    int classes =
        ClassFiles.scan(
            GeneratedAlgorithm.class,
            (name, bytes) -> {
              for (String type : ClassFiles.typeNames(bytes)) {
                if (!type.startsWith("java/") && !type.startsWith("fgc/solver/")) {
                  offences.add(name + " names " + type);
                  return;
                }
              }
            });
    assertTrue(classes >= 10, "found only " + classes + " classes of solver-api");
    assertEquals(List.of(), offences);
  }

  @Test
  void runtimeNamesNoCompiler() throws Exception {
    List<String> offences = new ArrayList<>();
    int classes =
        ClassFiles.scan(
            SolverCache.class,
            (name, bytes) -> {
              for (String type : ClassFiles.typeNames(bytes)) {
                if (COMPILER.stream().anyMatch(type::startsWith)) {
                  offences.add(name + " names " + type);
                  return;
                }
              }
            });
    assertTrue(classes >= 20, "found only " + classes + " classes of runtime");
    assertEquals(List.of(), offences);
  }

  @Test
  void theCheckSeesTheTypesAClassUsesAndNotItsStrings() throws Exception {
    byte[] bytes;
    try (InputStream in =
        DependencyDirectionTest.class.getResourceAsStream("DependencyDirectionTest.class")) {
      bytes = in.readAllBytes();
    }
    List<String> types = ClassFiles.typeNames(bytes);
    assertTrue(types.contains("org/junit/jupiter/api/Assertions"), types.toString());
    assertTrue(types.contains("fgc/cache/SolverCache"), types.toString());
    assertFalse(
        types.stream().anyMatch(t -> COMPILER.stream().anyMatch(t::startsWith)),
        "this test names the compiler only in strings, which are not types");
  }
}
