package fgc.compiler;

import fgc.compiler.backend.JaninoBackend;
import fgc.compiler.emit.EmitSupport;
import fgc.compiler.emit.PairwiseBpEmitter;
import fgc.compiler.emit.FactorBpEmitter;
import fgc.compiler.emit.Tables;
import fgc.compiler.plan.FactorPlan;
import fgc.compiler.plan.PairwisePlan;
import fgc.compiler.plan.Planner;
import fgc.compiler.plan.VariableLayout;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * The compiler's identity in every cache key: a release name plus a fingerprint of the bytecode of
 * the classes that decide what is emitted. A change to the planner or an emitter changes the
 * fingerprint, so no cache entry made by an older compiler is ever mistaken for a current one, even
 * when nobody remembered to bump a version number.
 */
public final class CompilerVersion {
  /** The release; bumped by hand for changes outside the fingerprinted classes. */
  public static final String RELEASE = "0.1.0";

  /** Every class whose code shapes the generated source or bytes. A test checks this list is complete. */
  static final List<Class<?>> FINGERPRINTED = List.of(
      AlgorithmSpec.class, SolverKey.class, ModelCompiler.class,
      Planner.class, VariableLayout.class, PairwisePlan.class, FactorPlan.class,
      EmitSupport.class, PairwiseBpEmitter.class, FactorBpEmitter.class, Tables.class, JaninoBackend.class,
      fgc.compiler.plan.FactorData.class, fgc.compiler.emit.FactorKindsEmitter.class,
      fgc.compiler.plan.PairPotentials.class, fgc.compiler.emit.PairwiseKindsEmitter.class);

  private static final String ID = RELEASE + "+" + fingerprint().substring(0, 16) + "/janino-" + JaninoBackend.JANINO_VERSION;

  private CompilerVersion() {}

  /** E.g. {@code 0.1.0+3f2a9c0b1d4e5f60/janino-3.1.12}. */
  public static String id() {
    return ID;
  }

  private static String fingerprint() {
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    for (Class<?> c : FINGERPRINTED) {
      String resource = c.getName().substring(c.getName().lastIndexOf('.') + 1) + ".class";
      try (InputStream in = c.getResourceAsStream(resource)) {
        if (in == null) {
          throw new IllegalStateException("cannot read the bytecode of " + c.getName() + " to fingerprint the compiler");
        }
        all.write(in.readAllBytes());
      } catch (IOException e) {
        throw new IllegalStateException("cannot read the bytecode of " + c.getName(), e);
      }
    }
    return SolverKey.sha256Hex(all.toByteArray());
  }
}
