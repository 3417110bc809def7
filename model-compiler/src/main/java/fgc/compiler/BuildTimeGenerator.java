package fgc.compiler;

import fgc.compilation.AlgorithmSpec;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.JavaFile;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.TypeSpec;
import fgc.algorithm.GeneratedAlgorithm;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * Writes the sources of precompiled solvers for a build: {@code OUT_DIR SPEC...} where each SPEC is
 * {@code model[:param=value,...]} naming a bundled model. Each solver's source is exactly what the
 * runtime compiler would emit for the same key; an index class {@code fgc.generated.Precompiled}
 * maps each spec to its solver, so user code can create one without the compiler or the cache.
 */
public final class BuildTimeGenerator {
  private BuildTimeGenerator() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      System.err.println("usage: BuildTimeGenerator OUT_DIR model[:name=value,...]...");
      System.exit(2);
    }
    Path out = Paths.get(args[0]);
    removeEarlierOutput(out);
    List<String> specs = new ArrayList<>();
    MethodSpec.Builder create = MethodSpec.methodBuilder("create")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(GeneratedAlgorithm.class)
        .addParameter(String.class, "spec")
        .addJavadoc("A new solver for {@code spec} (e.g. {@code \"latin:n=5\"}), or null when none was precompiled.\n")
        .beginControlFlow("switch (spec)");
    for (int k = 1; k < args.length; k++) {
      String spec = args[k];
      Model model = FgcLanguage.bundled(modelName(spec), params(spec));
      ModelCompiler.GeneratedSource source = ModelCompiler.generateSource(model, AlgorithmSpec.defaults());
      Path file = out.resolve(source.className().replace('.', '/') + ".java");
      Files.createDirectories(file.getParent());
      Files.write(file, source.text().getBytes(StandardCharsets.UTF_8));
      create.addCode(CodeBlock.of("case $S:\n  return new $L();\n", spec, source.className().substring(ModelCompiler.GENERATED_PACKAGE.length() + 1)));
      specs.add(spec);
    }
    create.addCode("default:\n  return null;\n").endControlFlow();
    MethodSpec list = MethodSpec.methodBuilder("specs").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(String[].class)
        .addStatement("return new String[] {$L}", String.join(", ", specs.stream().map(s -> CodeBlock.of("$S", s).toString()).toArray(String[]::new)))
        .build();
    TypeSpec index = TypeSpec.classBuilder("Precompiled").addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addJavadoc("The solvers precompiled into this jar (default algorithm and options), by model spec.\n")
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
        .addMethod(create.build())
        .addMethod(list)
        .build();
    JavaFile.builder(ModelCompiler.GENERATED_PACKAGE, index).indent("  ").build().writeTo(out);
  }

  /**
   * Deletes the sources an earlier run left in the generated package: their names hold keys of an
   * older compiler, so without this a build that is not clean would compile them against today's
   * kernels and fail.
   */
  static void removeEarlierOutput(Path out) throws IOException {
    Path dir = out.resolve(ModelCompiler.GENERATED_PACKAGE.replace('.', '/'));
    if (!Files.isDirectory(dir)) {
      return;
    }
    try (java.util.stream.Stream<Path> files = Files.list(dir)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        if (Files.isRegularFile(file) && file.getFileName().toString().endsWith(".java")) {
          Files.delete(file);
        }
      }
    }
  }

  /** {@code sudoku:n=3} to {@code sudoku}. */
  public static String modelName(String spec) {
    int colon = spec.indexOf(':');
    return colon < 0 ? spec : spec.substring(0, colon);
  }

  /** {@code sudoku:n=3,m=2} to {@code {n=3, m=2}}. */
  public static Map<String, Long> params(String spec) {
    Map<String, Long> params = new LinkedHashMap<>();
    int colon = spec.indexOf(':');
    if (colon >= 0) {
      for (String pair : spec.substring(colon + 1).split(",")) {
        String[] kv = pair.split("=", 2);
        params.put(kv[0].trim(), Long.parseLong(kv[1].trim()));
      }
    }
    return params;
  }
}
