package fgc.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import fgc.algorithms.Algorithms;
import fgc.compilation.AlgorithmSpec;
import fgc.compilation.SolverKey;
import fgc.lang.DataSet;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The generated source of a few small models, one per emitter, compared with golden files, as
 * JavaPoet's tests compare emitted code: a change to what fgc generates shows as a diff of these
 * files in review. The key and the compiler's identity, which change with any change of the
 * compiler, are written as {@code KEY} and {@code COMPILER}. When the generated code changes on
 * purpose, write the files anew with {@code -Dfgc.golden.update=true} (from this module's folder,
 * as Maven runs the tests) and review their diff.
 */
class GoldenSourceTest {
  private static final String FOLDER = "fgc/compiler/golden/";

  static Stream<Arguments> cases() {
    Model sudoku = FgcLanguage.bundled("sudoku", Map.of("n", 2L));
    Model chain = FgcLanguage.bundled("chain", Map.of(), DataSet.example("umbrella"));
    Model grid =
        FgcLanguage.parse(
            "grid.fg",
            "var s[3][3] in 0..1;\nprior(s[0][0]) = [0.4, 0.6];\n"
                + "for i in 0..2, j in 0..1 { weight(s[i][j], s[i][j+1])"
                + " = exp(0.5 * (2*s[i][j] - 1) * (2*s[i][j+1] - 1)); }\n"
                + "for i in 0..1, j in 0..2 { weight(s[i][j], s[i+1][j])"
                + " = exp(0.5 * (2*s[i][j] - 1) * (2*s[i+1][j] - 1)); }\n",
            Map.of());
    return Stream.of(
        Arguments.of("sudoku-n2-maxproduct", sudoku, "maxproduct"),
        Arguments.of("sudoku-n2-bp-pairwise", sudoku, "bp-pairwise"),
        Arguments.of("grid-3-sumproduct", grid, "sumproduct"),
        Arguments.of("grid-3-bp-pairwise-max", grid, "bp-pairwise-max"),
        Arguments.of("chain-ep-dirichlet", chain, "ep-dirichlet"),
        Arguments.of("chain-elimination", chain, "elimination"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void theGeneratedSourceIsTheGoldenFile(String name, Model model, String algorithm)
      throws IOException {
    AlgorithmSpec spec = Algorithms.spec(algorithm, Map.of());
    String source =
        ModelCompiler.generateSource(model, spec, "golden.Solver")
            .text()
            .replace(SolverKey.of(model, spec), "KEY")
            .replace(CompilerVersion.id(), "COMPILER");
    if (Boolean.getBoolean("fgc.golden.update")) {
      Path file = Path.of("src/test/resources", FOLDER, name + ".java.txt");
      Files.createDirectories(file.getParent());
      Files.writeString(file, source, StandardCharsets.UTF_8);
      return; // written anew: the diff is for review, not for this run
    }
    String golden;
    try (InputStream in = getClass().getResourceAsStream("/" + FOLDER + name + ".java.txt")) {
      assertNotNull(
          in,
          "no golden file "
              + FOLDER
              + name
              + ".java.txt: run with -Dfgc.golden.update=true to write it");
      golden = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertEquals(
        golden,
        source,
        "the generated source of "
            + name
            + " changed: if on purpose, write the golden files anew with"
            + " -Dfgc.golden.update=true and review their diff");
  }
}
