package fgc.compiler;

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

  /**
   * Every class whose code shapes the generated source or bytes, by name: their bytes are read as
   * resources, never loaded as classes, because a cache hit computes this identity and must not pay
   * for loading the compiler (JavaPoet, Janino) it is about to skip. A test checks the list is
   * complete and that every name exists.
   */
  static final List<String> FINGERPRINTED = List.of(
      "fgc.compiler.AlgorithmSpec", "fgc.compiler.SolverKey", "fgc.compiler.ModelCompiler",
      "fgc.compiler.plan.Planner", "fgc.compiler.plan.VariableLayout", "fgc.compiler.plan.PairwisePlan",
      "fgc.compiler.plan.FactorPlan", "fgc.compiler.plan.FactorData", "fgc.compiler.plan.PairPotentials",
      "fgc.compiler.emit.EmitSupport", "fgc.compiler.emit.PairwiseBpEmitter", "fgc.compiler.emit.FactorBpEmitter",
      "fgc.compiler.emit.Tables", "fgc.compiler.emit.FactorKindsEmitter", "fgc.compiler.emit.PairwiseKindsEmitter",
      "fgc.compiler.backend.JaninoBackend");

  /** Janino's version, also in the identity: another Janino may emit other bytes for the same source. */
  private static final String JANINO = "3.1.12";

  private static final String ID = RELEASE + "+" + fingerprint().substring(0, 16) + "/janino-" + JANINO;

  private CompilerVersion() {}

  /** E.g. {@code 0.1.0+3f2a9c0b1d4e5f60/janino-3.1.12}. */
  public static String id() {
    return ID;
  }

  private static String fingerprint() {
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    for (String name : FINGERPRINTED) {
      String resource = "/" + name.replace('.', '/') + ".class";
      try (InputStream in = CompilerVersion.class.getResourceAsStream(resource)) {
        if (in == null) {
          throw new IllegalStateException("cannot read the bytecode of " + name + " to fingerprint the compiler");
        }
        all.write(in.readAllBytes());
      } catch (IOException e) {
        throw new IllegalStateException("cannot read the bytecode of " + name, e);
      }
    }
    return SolverKey.sha256Hex(all.toByteArray());
  }
}
