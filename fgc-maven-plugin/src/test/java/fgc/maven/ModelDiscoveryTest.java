package fgc.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With no {@code <models>}, every model file of the source folder is compiled; with some, the rest
 * are named.
 */
class ModelDiscoveryTest {
  private static final String PAIR =
      "model pair;\nparam k = 3;\nvar x[2] in 1..k;\nneq(x[0], x[1]);\n";
  private static final String COLOURED =
      "model coloured;\nparam n = 3;\ndata edges;\nvar c[n] in 0..2;\nobserve c;\n"
          + "for e in 0..size(edges)-1 { neq(c[edges[e][0]], c[edges[e][1]]); }\n";

  @TempDir Path dir;

  private Path src() throws Exception {
    return Files.createDirectories(dir.resolve("src/main/fgc"));
  }

  @Test
  void everyModelFileBecomesAClassNamedAfterItWithItsDataBeside() throws Exception {
    Files.writeString(src().resolve("my-pair.fg"), PAIR);
    Files.createDirectories(src().resolve("maps"));
    Files.writeString(src().resolve("maps/coloured.fg"), COLOURED);
    Files.writeString(src().resolve("maps/coloured.fgd"), "edges = [0 1, 1 2];\n");
    Files.writeString(src().resolve("notes.txt"), "not a model");
    List<ModelConfig> models = ModelDiscovery.models(src(), "com.acme");
    assertEquals(2, models.size());
    assertEquals("maps/coloured.fg", models.get(0).getFile());
    assertEquals("maps/coloured.fgd", models.get(0).getData());
    assertEquals("com.acme.maps.Coloured", models.get(0).getSolvers().get(0).getClassName());
    assertNull(models.get(0).getSolvers().get(0).getAlgorithm(), "the default algorithm");
    assertEquals("my-pair.fg", models.get(1).getFile());
    assertNull(models.get(1).getData());
    assertEquals("com.acme.MyPair", models.get(1).getSolvers().get(0).getClassName());

    Generation.Result r =
        new Generation(src(), dir.resolve("out"), dir.resolve("status/generate.status"))
            .run(models);
    assertEquals(
        List.of(
            dir.resolve("out/com/acme/maps/Coloured.java"),
            dir.resolve("out/com/acme/MyPair.java")),
        r.sources());
    assertTrue(
        Files.readString(r.sources().get(1))
            .contains("public final class MyPair implements GeneratedAlgorithm"));
  }

  @Test
  void anEmptyOrMissingFolderHasNoModels() throws Exception {
    assertEquals(List.of(), ModelDiscovery.models(dir.resolve("absent"), "com.acme"));
    assertEquals(List.of(), ModelDiscovery.models(src(), "com.acme"));
  }

  @Test
  void aFileNameThatMakesNoClassIsRefusedWithTheWayOut() throws Exception {
    Files.writeString(src().resolve("9x9.fg"), PAIR);
    GenerationException e =
        assertThrows(GenerationException.class, () -> ModelDiscovery.models(src(), "com.acme"));
    assertTrue(
        e.getMessage().startsWith("9x9.fg: no class name can be made from the file's name"),
        e.getMessage());
    assertTrue(e.getMessage().contains("<className>"), e.getMessage());
  }

  @Test
  void twoFilesThatMakeOneClassAreRefused() throws Exception {
    Files.writeString(src().resolve("my-pair.fg"), PAIR);
    Files.writeString(src().resolve("my_pair.fg"), PAIR);
    GenerationException e =
        assertThrows(GenerationException.class, () -> ModelDiscovery.models(src(), "com.acme"));
    assertTrue(
        e.getMessage().contains("its class com.acme.MyPair is another model file's too"),
        e.getMessage());
  }

  @Test
  void aFolderThatIsNoPackageIsRefused() throws Exception {
    Files.createDirectories(src().resolve("my-maps"));
    Files.writeString(src().resolve("my-maps/pair.fg"), PAIR);
    GenerationException e =
        assertThrows(GenerationException.class, () -> ModelDiscovery.models(src(), "com.acme"));
    assertTrue(
        e.getMessage().contains("its folder 'my-maps' is not a Java package name"), e.getMessage());
  }

  @Test
  void filesLeftOutOfConfiguredModelsAreNamed() throws Exception {
    Files.writeString(src().resolve("pair.fg"), PAIR);
    Files.writeString(src().resolve("other.fg"), PAIR);
    List<ModelConfig> configured =
        List.of(new ModelConfig("pair.fg", List.of(new SolverConfig(null, "com.acme.Pair"))));
    assertEquals(List.of("other.fg"), ModelDiscovery.leftOut(src(), configured));
    assertEquals(
        List.of(), ModelDiscovery.leftOut(src(), ModelDiscovery.models(src(), "com.acme")));
  }

  @Test
  void namesAndPackagesAreMadeValid() {
    assertEquals("MySudoku9", ModelDiscovery.upperCamel("my-sudoku_9"));
    assertEquals("House", ModelDiscovery.upperCamel("house"));
    assertEquals("com.example", ModelDiscovery.packageFrom("com.example"));
    assertEquals("org.my_company._1st.int_", ModelDiscovery.packageFrom("org.My-Company.1st.int"));
    assertEquals(ModelDiscovery.DEFAULT_PACKAGE, ModelDiscovery.packageFrom(null));
    assertEquals(ModelDiscovery.DEFAULT_PACKAGE, ModelDiscovery.packageFrom("..."));
  }
}
