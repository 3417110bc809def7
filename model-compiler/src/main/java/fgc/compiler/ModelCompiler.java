package fgc.compiler;

import com.squareup.javapoet.JavaFile;
import com.squareup.javapoet.TypeName;
import com.squareup.javapoet.TypeSpec;
import fgc.algorithm.GeneratedAlgorithm;
import fgc.compilation.AlgorithmSpec;
import fgc.compilation.CompiledSolver;
import fgc.compilation.SolverKey;
import fgc.compiler.backend.JaninoBackend;
import fgc.compiler.emit.EliminationEmitter;
import fgc.compiler.emit.PairwiseBpEmitter;
import fgc.compiler.emit.FactorBpEmitter;
import fgc.compiler.plan.EliminationPlan;
import fgc.compiler.plan.EliminationPlanner;
import fgc.compiler.plan.FactorPlan;
import fgc.compiler.plan.Footprint;
import fgc.compiler.plan.PairwisePlan;
import fgc.compiler.plan.PlanException;
import fgc.compiler.plan.Planner;
import fgc.compiler.plan.SweepCost;
import fgc.compiler.plan.TooLargeException;
import fgc.model.Model;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Modifier;

/**
 * The model compiler: an ordered list of passes, each in a file of its own.
 * <ol>
 *   <li>{@link SolverKey}: the content address of (model, algorithm, options, compiler).</li>
 *   <li>{@link Planner}: the model's factors become a message plan (pairwise edges, or factor nodes);
 *       models without solutions and plans past {@link fgc.compiler.plan.SolverLimits} stop here,
 *       their {@link Footprint} added up before any code is written.</li>
 *   <li>{@link PairwiseBpEmitter}, {@link FactorBpEmitter} or {@link EliminationEmitter} (exact
 *       inference, planned by {@link EliminationPlanner}): the plan becomes one specialised Java
 *       class (JavaPoet).</li>
 *   <li>{@link JaninoBackend}: the source becomes class bytes in memory.</li>
 * </ol>
 * {@link #generateSource} stops after the emitter; it is what the build-time generator calls, so a
 * precompiled solver and a runtime-compiled one come from the same text.
 */
public final class ModelCompiler {
  private ModelCompiler() {}

  /** The package of every generated class. */
  public static final String GENERATED_PACKAGE = "fgc.generated";

  /**
   * The source of the solver for {@code model} with {@code spec}, and its key and class name.
   * Throws {@link PlanException} before any code is written when the model has no solution
   * ({@link fgc.compiler.plan.NoSolutionException}) or its solver would pass
   * {@link fgc.compiler.plan.SolverLimits} ({@link TooLargeException}, naming an algorithm that
   * fits when one does).
   */
  public static GeneratedSource generateSource(Model model, AlgorithmSpec spec) {
    JavaFile file = emit(model, spec);
    return new GeneratedSource(SolverKey.of(CompilerVersion.id(), model, spec), file.packageName + "." + file.typeSpec.name, file.toString());
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

  private static JavaFile emit(Model model, AlgorithmSpec spec) {
    Planned planned = planWithinLimits(model, spec);
    String key = SolverKey.of(CompilerVersion.id(), model, spec);
    switch (spec.name()) {
      case AlgorithmSpec.BP_PAIRWISE:
        return PairwiseBpEmitter.emit((PairwisePlan) planned.plan, key, spec.canonicalText(), CompilerVersion.id(), spec.option("damping"));
      case AlgorithmSpec.EP_DIRICHLET:
        return PairwiseBpEmitter.emitDirichlet((PairwisePlan) planned.plan, key, spec.canonicalText(), CompilerVersion.id(),
            spec.option("damping"), spec.option("free"), spec.option("given"));
      case AlgorithmSpec.ELIMINATION:
        return EliminationEmitter.emit((EliminationPlan) planned.plan, key, spec.canonicalText(), CompilerVersion.id());
      default:
        return FactorBpEmitter.emit((FactorPlan) planned.plan, key, spec.canonicalText(), CompilerVersion.id(), spec.option("damping"),
            spec.name().equals(AlgorithmSpec.MAXPRODUCT));
    }
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

  /**
   * Plans the solver for {@code model} with {@code spec} and checks it against the limits, without
   * writing any code: what {@link #generateSource} would throw, it throws; else the sizes and
   * the estimated sweep cost of the class it would write.
   */
  public static Footprint footprint(Model model, AlgorithmSpec spec) {
    return planWithinLimits(model, spec).footprint;
  }

  private static Planned planWithinLimits(Model model, AlgorithmSpec spec) {
    try {
      Planned planned = plan(model, spec);
      planned.footprint.check();
      return planned;
    } catch (TooLargeException e) {
      throw new TooLargeException(e.getMessage() + alternatives(model, spec));
    }
  }

  private static Planned plan(Model model, AlgorithmSpec spec) {
    String name = spec.name();
    Object plan;
    Footprint footprint;
    switch (name) {
      case AlgorithmSpec.BP_PAIRWISE:
      case AlgorithmSpec.EP_DIRICHLET:
        PairwisePlan pairwise = Planner.pairwise(model, name);
        plan = pairwise;
        footprint = PairwiseBpEmitter.footprint(pairwise, model, name, name.equals(AlgorithmSpec.EP_DIRICHLET));
        break;
      case AlgorithmSpec.SUMPRODUCT:
      case AlgorithmSpec.MAXPRODUCT:
        boolean max = name.equals(AlgorithmSpec.MAXPRODUCT);
        FactorPlan factors = Planner.factors(model, max ? FactorBpEmitter.MAX_PRODUCT_WIDTH : FactorBpEmitter.MAX_WIDTH, name);
        plan = factors;
        footprint = FactorBpEmitter.footprint(factors, model, max);
        break;
      case AlgorithmSpec.ELIMINATION:
        // The planner refuses a clique table past its limit, with the estimated size and the width;
        // one pass costs the cliques' entries, not a sweep of messages, so there is no sweep estimate.
        EliminationPlan elimination = EliminationPlanner.plan(model);
        return new Planned(elimination, EliminationEmitter.footprint(elimination, model));
      default:
        throw new IllegalArgumentException("no emitter for algorithm " + name);
    }
    return new Planned(plan, footprint.sweep(SweepCost.of(model, name)));
  }

  /**
   * {@code "; maxproduct fits"}, naming every other algorithm (with its default options) whose
   * solver for {@code model} is within the limits, or {@code "; no other algorithm fits"}.
   */
  private static String alternatives(Model model, AlgorithmSpec refused) {
    List<String> fit = new ArrayList<>();
    boolean pairwiseFailed = isPairwise(refused.name());
    for (String other : AlgorithmSpec.knownAlgorithms()) {
      // ep-dirichlet's class is bp-pairwise's and more: when one pairwise class does not fit, the other does not either.
      if (other.equals(refused.name()) || isPairwise(other) && pairwiseFailed) {
        continue;
      }
      try {
        plan(model, AlgorithmSpec.named(other)).footprint.check();
        fit.add(other);
      } catch (PlanException e) {
        pairwiseFailed = pairwiseFailed || isPairwise(other);
      }
    }
    if (fit.isEmpty()) {
      return "; no other algorithm fits";
    }
    String last = fit.remove(fit.size() - 1);
    return "; " + (fit.isEmpty() ? last + " fits" : String.join(", ", fit) + " and " + last + " fit");
  }

  private static boolean isPairwise(String algorithm) {
    return algorithm.equals(AlgorithmSpec.BP_PAIRWISE) || algorithm.equals(AlgorithmSpec.EP_DIRICHLET);
  }

  /** A plan and the footprint of the class it becomes. */
  private static final class Planned {
    final Object plan;
    final Footprint footprint;

    Planned(Object plan, Footprint footprint) {
      this.plan = plan;
      this.footprint = footprint;
    }
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
