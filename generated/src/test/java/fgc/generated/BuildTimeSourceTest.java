package fgc.generated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import fgc.algorithm.GeneratedAlgorithm;
import fgc.compiler.AlgorithmSpec;
import fgc.compiler.BuildTimeGenerator;
import fgc.compiler.CompiledSolver;
import fgc.compiler.ModelCompiler;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The solvers compiled by javac at build time are the ones the runtime compiler would make. */
class BuildTimeSourceTest {
  static String[] specs() {
    return Precompiled.specs();
  }

  @ParameterizedTest
  @MethodSource("specs")
  void buildTimeSourceIsByteIdenticalToTheRuntimeCompilersForTheSameKey(String spec) throws Exception {
    Model model = FgcLanguage.bundled(BuildTimeGenerator.modelName(spec), BuildTimeGenerator.params(spec));
    ModelCompiler.GeneratedSource runtime = ModelCompiler.generateSource(model, AlgorithmSpec.defaults());
    GeneratedAlgorithm precompiled = Precompiled.create(spec);
    assertNotNull(precompiled, spec);
    assertEquals(runtime.key(), precompiled.key(), "same key");
    assertEquals(runtime.className(), precompiled.getClass().getName(), "same class name");
    Path buildTime = Paths.get("target/generated-sources/fgc", runtime.className().replace('.', '/') + ".java");
    assertEquals(runtime.text(), new String(Files.readAllBytes(buildTime), StandardCharsets.UTF_8));
  }

  @ParameterizedTest
  @MethodSource("specs")
  void javacAndJaninoBuildsGiveTheSameMarginals(String spec) throws Exception {
    Model model = FgcLanguage.bundled(BuildTimeGenerator.modelName(spec), BuildTimeGenerator.params(spec));
    CompiledSolver compiled = ModelCompiler.compile(model, AlgorithmSpec.defaults());
    ClassLoader loader = new ClassLoader(GeneratedAlgorithm.class.getClassLoader()) {
      @Override
      protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        byte[] bytes = compiled.classes().get(name);
        if (bytes == null) {
          return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
          Class<?> c = findLoadedClass(name);
          return c != null ? c : defineClass(name, bytes, 0, bytes.length);
        }
      }
    };
    GeneratedAlgorithm janino = (GeneratedAlgorithm) loader.loadClass(compiled.className()).getDeclaredConstructor().newInstance();
    GeneratedAlgorithm javac = Precompiled.create(spec);
    assertEquals(loader, janino.getClass().getClassLoader(), "really the runtime-compiled class");
    for (GeneratedAlgorithm g : new GeneratedAlgorithm[] {janino, javac}) {
      g.setObserved(0, 1);
      g.resetWithNoise(5L, 0.5);
      g.update(4);
    }
    for (int i = 0; i < janino.variableCount(); i++) {
      double[] a = new double[janino.domainSize(i)];
      double[] b = new double[javac.domainSize(i)];
      janino.marginal(i, a);
      javac.marginal(i, b);
      for (int v = 0; v < a.length; v++) {
        assertEquals(b[v], a[v], 1e-12, spec + " variable " + i);
      }
    }
  }
}
