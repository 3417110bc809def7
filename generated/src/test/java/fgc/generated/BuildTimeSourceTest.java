package fgc.generated;

import static org.junit.jupiter.api.Assertions.assertEquals;

import fgc.algorithm.GeneratedAlgorithm;
import fgc.compilation.AlgorithmSpec;
import fgc.compilation.CompiledSolver;
import fgc.compiler.ModelCompiler;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The solvers the plugin precompiled for javac are the ones the runtime compiler would make. */
class BuildTimeSourceTest {
  static int[] boxSizes() {
    return new int[] {2, 3, 4};
  }

  /** The plugin's class for the bundled Sudoku of box size {@code n} (pom.xml names them). */
  static GeneratedAlgorithm precompiled(int n) {
    switch (n) {
      case 2: return new Sudoku4();
      case 3: return new Sudoku9();
      case 4: return new Sudoku16();
      default: throw new IllegalArgumentException("no precompiled Sudoku of box size " + n);
    }
  }

  @ParameterizedTest
  @MethodSource("boxSizes")
  void buildTimeSourceIsByteIdenticalToTheRuntimeCompilersForTheSameKey(int n) throws Exception {
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", (long) n));
    GeneratedAlgorithm precompiled = precompiled(n);
    ModelCompiler.GeneratedSource runtime = ModelCompiler.generateSource(model, AlgorithmSpec.defaults(), precompiled.getClass().getName());
    assertEquals(runtime.key(), precompiled.key(), "same key");
    assertEquals(ModelCompiler.generateSource(model, AlgorithmSpec.defaults()).key(), precompiled.key(), "the runtime compiler's key");
    Path buildTime = Paths.get("target/generated-sources/fgc", runtime.className().replace('.', '/') + ".java");
    assertEquals(runtime.text(), new String(Files.readAllBytes(buildTime), StandardCharsets.UTF_8));
  }

  @ParameterizedTest
  @MethodSource("boxSizes")
  void javacAndJaninoBuildsGiveTheSameMarginals(int n) throws Exception {
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", (long) n));
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
    GeneratedAlgorithm javac = precompiled(n);
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
        assertEquals(b[v], a[v], 1e-12, "n = " + n + ", variable " + i);
      }
    }
  }
}
