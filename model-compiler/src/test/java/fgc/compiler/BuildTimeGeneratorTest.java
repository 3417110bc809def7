package fgc.compiler;

import fgc.compilation.AlgorithmSpec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuildTimeGeneratorTest {
  @TempDir Path out;

  @Test
  void aSecondRunLeavesOnlyItsOwnSourcesBehind() throws Exception {
    Path dir = out.resolve(ModelCompiler.GENERATED_PACKAGE.replace('.', '/'));
    Files.createDirectories(dir);
    Path stale = dir.resolve("SumProduct_0000000000000000.java");
    Files.writeString(stale, "class SumProduct_0000000000000000 { does not compile }");
    Path unrelated = dir.resolve("notes.txt");
    Files.writeString(unrelated, "kept");

    BuildTimeGenerator.main(new String[] {out.toString(), "sudoku:n=2"});

    assertFalse(Files.exists(stale), "a source left by an earlier compiler is removed");
    assertTrue(Files.exists(unrelated), "only .java files of the generated package are removed");
    List<String> sources;
    try (Stream<Path> files = Files.list(dir)) {
      sources = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".java")).sorted()
          .collect(Collectors.toList());
    }
    String expected = ModelCompiler.generateSource(fgc.lang.FgcLanguage.bundled("sudoku", java.util.Map.of("n", 2L)),
        AlgorithmSpec.defaults()).className();
    List<String> wanted = new java.util.ArrayList<>(List.of("Precompiled.java", expected.substring(expected.lastIndexOf('.') + 1) + ".java"));
    java.util.Collections.sort(wanted);
    assertEquals(wanted, sources);
  }
}
