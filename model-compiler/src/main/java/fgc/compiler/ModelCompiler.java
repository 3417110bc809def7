package fgc.compiler;

import com.squareup.javapoet.JavaFile;
import com.squareup.javapoet.TypeName;
import com.squareup.javapoet.TypeSpec;
import fgc.algorithms.Algorithm;
import fgc.algorithms.Algorithms;
import fgc.compilation.AlgorithmSpec;
import fgc.compilation.CompiledSolver;
import fgc.compilation.SolverKey;
import fgc.compiler.backend.JaninoBackend;
import fgc.model.Model;
import fgc.plan.Footprint;
import fgc.plan.Lowered;
import fgc.plan.PlanException;
import fgc.plan.Planner;
import fgc.plan.SweepCost;
import fgc.plan.TooLargeException;
import fgc.solver.GeneratedAlgorithm;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Modifier;

/**
 * The model compiler: an ordered list of passes, each in a file of its own.
 *
 * <ol>
 *   <li>{@link SolverKey}: the content address of (model, algorithm, options, planner).
 *   <li>{@link Algorithm#plan}: the algorithm's planner ({@link Planner}) turns the model's factors
 *       into a message plan; models without solutions and plans past {@link fgc.plan.SolverLimits}
 *       stop here, their {@link Footprint} added up before any code is written.
 *   <li>{@link Emitters.Emitter#emit}: the algorithm's emitter turns the plan into one specialised
 *       Java class (JavaPoet).
 *   <li>{@link JaninoBackend}: the source becomes class bytes in memory.
 * </ol>
 *
 * {@link #generateSource} stops after the emitter; it is what the Maven plugin calls, so a
 * precompiled solver and a runtime-compiled one come from the same text.
 */
public final class ModelCompiler {
  private ModelCompiler() {}

  /** The package of every generated class. */
  public static final String GENERATED_PACKAGE = "fgc.generated";

  /**
   * The source of the solver for {@code model} with {@code spec}, and its key and class name.
   * Throws {@link PlanException} before any code is written when the model has no solution ({@link
   * fgc.plan.NoSolutionException}) or its solver would pass {@link fgc.plan.SolverLimits} ({@link
   * TooLargeException}, naming an algorithm that fits when one does).
   */
  public static GeneratedSource generateSource(Model model, AlgorithmSpec spec) {
    return generatedSource(model, spec, null);
  }

  /**
   * {@link #generateSource(Model, AlgorithmSpec)} from {@code plan}, the algorithm's plan of this
   * model made before, or null to plan it here.
   */
  private static GeneratedSource generatedSource(Model model, AlgorithmSpec spec, Object plan) {
    JavaFile file = emit(Algorithms.of(spec), model, spec, plan);
    return new GeneratedSource(
        SolverKey.of(model, spec), file.packageName + "." + file.typeSpec.name, file.toString());
  }

  /**
   * The same solver as {@link #generateSource(Model, AlgorithmSpec)} (same key, same members), as
   * the class {@code qualifiedName} the user chose: what the Maven plugin writes, so user code can
   * name the class and the name survives compiler upgrades.
   */
  public static GeneratedSource generateSource(
      Model model, AlgorithmSpec spec, String qualifiedName) {
    if (!SourceVersion.isName(qualifiedName) || qualifiedName.indexOf('.') < 0) {
      throw new IllegalArgumentException(
          "'" + qualifiedName + "' is not a qualified Java class name");
    }
    JavaFile file = emit(Algorithms.of(spec), model, spec, null);
    int dot = qualifiedName.lastIndexOf('.');
    JavaFile renamed =
        JavaFile.builder(
                qualifiedName.substring(0, dot),
                renamed(file.typeSpec, qualifiedName.substring(dot + 1)))
            .addFileComment("$L", file.fileComment)
            .skipJavaLangImports(true)
            .indent("  ")
            .build();
    return new GeneratedSource(SolverKey.of(model, spec), qualifiedName, renamed.toString());
  }

  /**
   * {@code given}: the algorithm's plan of {@code model} made before (a {@link
   * fgc.compilation.PlannedModel}'s), or null.
   */
  @SuppressWarnings(
      "unchecked") // a PlannedModel's plan for this model and spec is Algorithms.of(spec)'s
  private static <P> JavaFile emit(
      Algorithm<P> algorithm, Model model, AlgorithmSpec spec, Object given) {
    // Lowered once: the footprint measured the tables' text the emitter now writes.
    Planned<P> planned = planWithinLimits(algorithm, model, spec, (P) given);
    return Emitters.of(algorithm)
        .emit(planned.plan, planned.lowered, SolverKey.of(model, spec), spec, CompilerVersion.id());
  }

  /**
   * {@code type} under another simple name: JavaPoet names constructors after their type, so
   * nothing else changes.
   */
  private static TypeSpec renamed(TypeSpec type, String simpleName) {
    TypeSpec.Builder b =
        TypeSpec.classBuilder(simpleName)
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
   * writing any code: what {@link #generateSource} would throw, it throws; else the sizes and the
   * estimated sweep cost of the class it would write.
   */
  public static Footprint footprint(Model model, AlgorithmSpec spec) {
    return planWithinLimits(Algorithms.of(spec), model, spec, null).footprint;
  }

  /**
   * Whether the solver for {@code model} with {@code spec} is within the limits: {@link #footprint}
   * without its refusal's list of the algorithms that would fit, which plans every other one. A
   * model the algorithm cannot take for another reason (a factor it has no messages for, no
   * solution) throws as {@link #footprint} does.
   */
  public static boolean fits(Model model, AlgorithmSpec spec) {
    return refusal(model, spec) == null;
  }

  /**
   * Why the solver for {@code model} with {@code spec} is not within the limits, or null when it
   * is: {@link #fits} with the reason it found.
   *
   * @param model the model
   * @param spec the algorithm and its options
   * @return the refusal's message (the algorithm, the model's size, then why), or null
   */
  public static String refusal(Model model, AlgorithmSpec spec) {
    try {
      plan(Algorithms.of(spec), model, spec, null).footprint.check();
      return null;
    } catch (TooLargeException e) {
      return e.getMessage();
    }
  }

  private static <P> Planned<P> planWithinLimits(
      Algorithm<P> algorithm, Model model, AlgorithmSpec spec, P given) {
    try {
      Planned<P> planned = plan(algorithm, model, spec, given);
      planned.footprint.check();
      return planned;
    } catch (TooLargeException e) {
      throw new TooLargeException(e.getMessage() + alternatives(model, algorithm));
    }
  }

  private static <P> Planned<P> plan(
      Algorithm<P> algorithm, Model model, AlgorithmSpec spec, P given) {
    P plan = given != null ? given : algorithm.plan(model);
    Lowered lowered = algorithm.lower(plan, spec);
    Footprint footprint = Emitters.of(algorithm).footprint(plan, lowered, model);
    SweepCost sweep = algorithm.sweepCost(plan, model);
    // Exact inference's one pass is the run itself: warned about before it starts, never refused.
    return new Planned<>(
        plan, lowered, sweep == null || sweep.onePass() ? footprint : footprint.sweep(sweep));
  }

  /**
   * {@code "; maxproduct fits"}, naming every other algorithm (with its default options) whose
   * solver for {@code model} is within the limits, or {@code "; no other algorithm fits"}.
   */
  private static String alternatives(Model model, Algorithm<?> refused) {
    List<String> fit = new ArrayList<>();
    Set<String> failedFamilies = new HashSet<>();
    failedFamilies.add(refused.planFamily());
    for (Algorithm<?> other : Algorithms.all()) {
      // Algorithms of one plan family fail the limits together: when one does not fit, the others
      // do not either.
      if (other == refused || failedFamilies.contains(other.planFamily())) {
        continue;
      }
      try {
        plan(other, model, Algorithms.spec(other.name(), Map.of()), null).footprint.check();
        fit.add(other.name());
      } catch (PlanException e) {
        failedFamilies.add(other.planFamily());
      }
    }
    if (fit.isEmpty()) {
      return "; no other algorithm fits";
    }
    String last = fit.remove(fit.size() - 1);
    return "; "
        + (fit.isEmpty() ? last + " fits" : String.join(", ", fit) + " and " + last + " fit");
  }

  /** A plan and the footprint of the class it becomes. */
  private static final class Planned<P> {
    final P plan;
    final Lowered lowered;
    final Footprint footprint;

    Planned(P plan, Lowered lowered, Footprint footprint) {
      this.plan = plan;
      this.lowered = lowered;
      this.footprint = footprint;
    }
  }

  /** Every pass: model to class bytes. */
  public static CompiledSolver compile(Model model, AlgorithmSpec spec) {
    return compile(model, spec, null);
  }

  /**
   * {@link #compile(Model, AlgorithmSpec)} from {@code plan}: {@code Algorithms.of(spec)}'s plan of
   * this very model, made for the cache's check before the compile (a {@link
   * fgc.compilation.PlannedModel}'s), or null to plan it here.
   */
  public static CompiledSolver compile(Model model, AlgorithmSpec spec, Object plan) {
    GeneratedSource source = generatedSource(model, spec, plan);
    String fileName = source.className().replace('.', '/') + ".java";
    Map<String, byte[]> classes =
        JaninoBackend.compile(fileName, source.text(), GeneratedAlgorithm.class.getClassLoader());
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
