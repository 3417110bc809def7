package fgc.compiler;

import com.squareup.javapoet.JavaFile;
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
    String key = SolverKey.of(model, spec);
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
    return new GeneratedSource(key, file.packageName + "." + file.typeSpec.name, file.toString());
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
