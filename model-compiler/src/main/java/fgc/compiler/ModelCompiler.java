package fgc.compiler;

import fgc.compilation.SolverKey;
import fgc.compilation.CompiledSolver;
import fgc.compilation.AlgorithmSpec;
import com.squareup.javapoet.JavaFile;
import com.squareup.javapoet.TypeName;
import com.squareup.javapoet.TypeSpec;
import fgc.algorithm.GeneratedAlgorithm;
import fgc.compiler.backend.JaninoBackend;
import fgc.compiler.emit.EliminationEmitter;
import fgc.compiler.emit.PairwiseBpEmitter;
import fgc.compiler.emit.FactorBpEmitter;
import fgc.compiler.plan.EliminationPlanner;
import fgc.compiler.plan.FactorPlan;
import fgc.compiler.plan.Planner;
import fgc.model.Model;
import java.util.Map;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Modifier;

/**
 * The model compiler: an ordered list of passes, each in a file of its own.
 * <ol>
 *   <li>{@link SolverKey}: the content address of (model, algorithm, options, compiler).</li>
 *   <li>{@link Planner}: the model's factors become a message plan (pairwise edges, or factor nodes);
 *       for exact inference {@link EliminationPlanner} makes an elimination program instead.</li>
 *   <li>{@link PairwiseBpEmitter}, {@link FactorBpEmitter} or {@link EliminationEmitter}: the plan
 *       becomes one specialised Java class (JavaPoet).</li>
 *   <li>{@link JaninoBackend}: the source becomes class bytes in memory.</li>
 * </ol>
 * {@link #generateSource} stops after the emitter; it is what the build-time generator calls, so a
 * precompiled solver and a runtime-compiled one come from the same text.
 */
public final class ModelCompiler {
  private ModelCompiler() {}

  /** The package of every generated class. */
  public static final String GENERATED_PACKAGE = "fgc.generated";

  /** The source of the solver for {@code model} with {@code spec}, and its key and class name. */
  public static GeneratedSource generateSource(Model model, AlgorithmSpec spec) {
    JavaFile file = emit(model, spec);
    return new GeneratedSource(SolverKey.of(CompilerVersion.id(), model, spec), file.packageName + "." + file.typeSpec.name, file.toString());
  }

  private static JavaFile emit(Model model, AlgorithmSpec spec) {
    String key = SolverKey.of(CompilerVersion.id(), model, spec);
    JavaFile file;
    switch (spec.name()) {
      case AlgorithmSpec.BP_PAIRWISE:
        file = PairwiseBpEmitter.emit(Planner.pairwise(model), key, spec.canonicalText(), CompilerVersion.id(), spec.option("damping"));
        break;
      case AlgorithmSpec.EP_DIRICHLET:
        file = PairwiseBpEmitter.emitDirichlet(Planner.pairwise(model), key, spec.canonicalText(), CompilerVersion.id(),
            spec.option("damping"), spec.option("free"), spec.option("given"));
        break;
      case AlgorithmSpec.SUMPRODUCT:
      case AlgorithmSpec.MAXPRODUCT:
        boolean max = spec.name().equals(AlgorithmSpec.MAXPRODUCT);
        FactorPlan plan = Planner.factors(model, max ? FactorBpEmitter.MAX_PRODUCT_WIDTH : FactorBpEmitter.MAX_WIDTH, spec.name());
        file = FactorBpEmitter.emit(plan, key, spec.canonicalText(), CompilerVersion.id(), spec.option("damping"),
            spec.name().equals(AlgorithmSpec.MAXPRODUCT));
        break;
      case AlgorithmSpec.ELIMINATION:
        file = EliminationEmitter.emit(EliminationPlanner.plan(model), key, spec.canonicalText(), CompilerVersion.id());
        break;
      default:
        throw new IllegalArgumentException("no emitter for algorithm " + spec.name());
    }
    return file;
  }

  /**
   * The same solver as {@link #generateSource(Model, AlgorithmSpec)} (same key, same members), as
   * the class {@code qualifiedName} the user chose: what the Maven plugin writes, so user code can
   * name the class and the name survives compiler upgrades.
   */
  public static GeneratedSource generateSource(Model model, AlgorithmSpec spec, String qualifiedName) {
    if (!SourceVersion.isName(qualifiedName) || qualifiedName.indexOf('.') < 0) {
      throw new IllegalArgumentException("'" + qualifiedName + "' is not a qualified Java class name");
    }
    JavaFile file = emit(model, spec);
    int dot = qualifiedName.lastIndexOf('.');
    JavaFile renamed = JavaFile.builder(qualifiedName.substring(0, dot), renamed(file.typeSpec, qualifiedName.substring(dot + 1)))
        .addFileComment("$L", file.fileComment)
        .skipJavaLangImports(true)
        .indent("  ")
        .build();
    return new GeneratedSource(SolverKey.of(CompilerVersion.id(), model, spec), qualifiedName, renamed.toString());
  }

  /** {@code type} under another simple name: JavaPoet names constructors after their type, so nothing else changes. */
  private static TypeSpec renamed(TypeSpec type, String simpleName) {
    TypeSpec.Builder b = TypeSpec.classBuilder(simpleName)
        .addModifiers(type.modifiers.toArray(new Modifier[0]))
        .addJavadoc(type.javadoc)
        .addAnnotations(type.annotations)
        .addSuperinterfaces(type.superinterfaces)
        .addFields(type.fieldSpecs)
        .addMethods(type.methodSpecs)
        .addTypes(type.typeSpecs);
    if (!type.superclass.equals(TypeName.OBJECT)) {
      b.superclass(type.superclass);
    }
    if (!type.staticBlock.isEmpty()) {
      b.addStaticBlock(type.staticBlock);
    }
    if (!type.initializerBlock.isEmpty()) {
      b.addInitializerBlock(type.initializerBlock);
    }
    return b.build();
  }

  /** Every pass: model to class bytes. */
  public static CompiledSolver compile(Model model, AlgorithmSpec spec) {
    GeneratedSource source = generateSource(model, spec);
    String fileName = source.className().replace('.', '/') + ".java";
    Map<String, byte[]> classes = JaninoBackend.compile(fileName, source.text(), GeneratedAlgorithm.class.getClassLoader());
    return new CompiledSolver(source.key(), source.className(), source.text(), classes);
  }

  /** A generated Java source file with the key and class it was made for. */
  public static final class GeneratedSource {
    private final String key;
    private final String className;
    private final String text;

    GeneratedSource(String key, String className, String text) {
      this.key = key;
      this.className = className;
      this.text = text;
    }

    public String key() {
      return key;
    }

    public String className() {
      return className;
    }

    public String text() {
      return text;
    }
  }
}
