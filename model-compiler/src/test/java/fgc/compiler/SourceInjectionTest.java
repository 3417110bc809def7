package fgc.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import fgc.compilation.AlgorithmSpec;
import fgc.compilation.CompiledSolver;
import fgc.lang.Diagnostic;
import fgc.lang.FgcLanguage;
import fgc.lang.LanguageException;
import fgc.model.Domain;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.ModelException;
import fgc.model.VariableArray;
import fgc.solver.GeneratedAlgorithm;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Tries to smuggle Java into the generated source through every place a model carries text: names
 * (model, param, variable, let, loop variable, observe), comments, parameter overrides, the Java
 * builder, and the algorithm and its options. Text that is not an identifier is refused with a
 * clear error; comments never reach the source; names that are identifiers reach it only as escaped
 * string literals.
 */
class SourceInjectionTest {
  private static final List<String> PAYLOADS =
      List.of(
          "x\"; System.exit(1); //",
          "*/ static { System.exit(1); } /*",
          "x\\u0022; System.exit(1);",
          "\\u000a static { System.exit(1); }",
          "a\nstatic { System.exit(1); }",
          "a\rb",
          "a\u2028b",
          "a\u0000b",
          "$S $L $N $T %s",
          "x.y",
          "x-y",
          "x y",
          "1x",
          "",
          " ",
          "\u00e9t\u00e9",
          "\u540d\u524d",
          "\ud83d\ude00",
          "a".repeat(65));

  private static final List<String> NAME_PLACES =
      List.of(
          "model NAME;\nvar x in 1..2;\n",
          "param NAME = 2;\nvar x in 1..2;\n",
          "var NAME in 1..2;\n",
          "var x[2] in 1..2;\nlet NAME = 1;\n",
          "var x[2] in 1..2;\nfor NAME in 0..1 { }\n",
          "var x in 1..2;\nobserve NAME;\n");

  @Test
  void aNameThatIsNotAnIdentifierIsAPositionedErrorInEveryPlace() {
    for (String place : NAME_PLACES) {
      for (String payload : PAYLOADS) {
        String text = place.replace("NAME", payload);
        try {
          Model m = FgcLanguage.parse("inject.fg", text, Map.of());
          fail("accepted " + text + " as " + m.canonicalText());
        } catch (LanguageException e) {
          for (Diagnostic d : e.diagnostics()) {
            assertTrue(d.line() >= 1 && d.column() >= 1, d.format());
          }
        }
      }
    }
  }

  @Test
  void commentsNeverReachTheSource() {
    String clean = FgcLanguage.bundledText("sudoku");
    String expected =
        source(FgcLanguage.parse("sudoku.fg", clean, Map.of("n", 2L)), AlgorithmSpec.defaults());
    for (String payload : PAYLOADS) {
      if (payload.matches("(?s).*[\r\n\u2028].*")) {
        continue; // a line break ends a comment: what follows is model text, covered above
      }
      String commented = "# " + payload + "\n" + clean.replace("\n", " // " + payload + "\n");
      Model m = FgcLanguage.parse("sudoku.fg", commented, Map.of("n", 2L));
      assertEquals(expected, source(m, AlgorithmSpec.defaults()), payload);
    }
  }

  @Test
  void parameterOverridesBuilderNamesAndAlgorithmOptionsRefuseNonIdentifiers() {
    for (String payload : PAYLOADS) {
      assertThrows(
          LanguageException.class,
          () -> FgcLanguage.bundled("sudoku", Map.of(payload, 2L)),
          payload);
      assertThrows(ModelException.class, () -> Model.builder(payload), payload);
      ModelBuilder b = Model.builder("m");
      assertThrows(
          ModelException.class, () -> b.variables(payload, Domain.range(1, 2), 2), payload);
      assertThrows(ModelException.class, () -> b.observe(payload), payload);
      assertThrows(IllegalArgumentException.class, () -> AlgorithmSpec.named(payload), payload);
      assertThrows(
          IllegalArgumentException.class,
          () -> AlgorithmSpec.named(AlgorithmSpec.SUMPRODUCT, Map.of(payload, 0.5)),
          payload);
    }
  }

  @Test
  void identifiersThatMeanSomethingInJavaAppearOnlyAsStringLiterals() {
    String baseline = normalised(sourceFor("m", AlgorithmSpec.defaults()), "m");
    for (String name :
        List.of(
            "class", "KEY", "System", "null", "W", "_", "__", "main", "sudoku", "z".repeat(64))) {
      for (AlgorithmSpec spec :
          List.of(AlgorithmSpec.defaults(), AlgorithmSpec.named(AlgorithmSpec.BP_PAIRWISE))) {
        String text = sourceFor(name, spec);
        assertEquals(normalised(sourceFor("m", spec), "m"), normalised(text, name), name);
        Model model =
            FgcLanguage.parse(
                "t.fg",
                "model "
                    + name
                    + ";\nvar cell[2] in 1..2;\nobserve cell;\nneq(cell[0], cell[1]);\n",
                Map.of());
        GeneratedAlgorithm solver = instance(ModelCompiler.compile(model, spec));
        assertEquals(2, solver.variableCount());
      }
    }
    assertTrue(baseline.contains("MODEL = \"MODEL-NAME\""), "the name is there, as a literal");
  }

  @Test
  void extremeNumbersAreEmittedAsLiteralsThatCompile() {
    for (int lo : List.of(Integer.MIN_VALUE, -1, 0, Integer.MAX_VALUE - 255)) {
      ModelBuilder b = Model.builder("edge");
      VariableArray x = b.variables("x", Domain.range(lo, lo + 2), 3);
      b.alldiff(x.at(0), x.at(1), x.at(2));
      Model model = b.observe("x").build();
      for (AlgorithmSpec spec :
          List.of(
              AlgorithmSpec.defaults(),
              AlgorithmSpec.named(AlgorithmSpec.BP_PAIRWISE, Map.of("damping", 0.999)))) {
        GeneratedAlgorithm solver = instance(ModelCompiler.compile(model, spec));
        assertEquals(lo, solver.lowestValue(0), spec + " at " + lo);
        assertEquals(3, solver.domainSize(2));
      }
    }
  }

  private static String sourceFor(String modelName, AlgorithmSpec spec) {
    return source(
        FgcLanguage.parse(
            "t.fg",
            "model "
                + modelName
                + ";\nvar cell[2] in 1..2;\nobserve cell;\nneq(cell[0], cell[1]);\n",
            Map.of()),
        spec);
  }

  private static String source(Model model, AlgorithmSpec spec) {
    return ModelCompiler.generateSource(model, spec).text();
  }

  /** The source with keys blanked and the model name's string literal replaced by a marker. */
  private static String normalised(String source, String name) {
    // The MODEL constant and the Javadoc's quotation; other literals (the plan digest's constant
    // names, "W" among them) stay.
    return source
        .replaceAll("[0-9a-f]{16,64}", "#key#")
        .replace("MODEL = \"" + name + "\"", "MODEL = \"MODEL-NAME\"")
        .replace("for model \"" + name + "\"", "for model \"MODEL-NAME\"");
  }

  private static GeneratedAlgorithm instance(CompiledSolver compiled) {
    try {
      ClassLoader loader =
          new org.codehaus.commons.compiler.util.reflect.ByteArrayClassLoader(
              compiled.classes(), GeneratedAlgorithm.class.getClassLoader());
      return (GeneratedAlgorithm)
          loader.loadClass(compiled.className()).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }
}
