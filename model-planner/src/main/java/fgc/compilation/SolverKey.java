package fgc.compilation;

import fgc.model.Model;
import fgc.plan.PlannerVersion;
import java.nio.charset.StandardCharsets;

/**
 * The content address of a compiled class: SHA-256 over the planner's identity ({@link
 * PlannerVersion}), which a runtime without the compiler computes too, the kind of class ({@link
 * Artifact}), the algorithm with its options for a kind that has one, and the canonical model text.
 * The compiler that emitted an entry is named in its manifest instead. Evidence is not part of it:
 * new observed values never need a new compilation. Nor is the model's name (the canonical text
 * leaves it out): the same model in two files of different names is one entry, listed under the
 * name that compiled it first, and a hit for either passes the same checks, which compare structure
 * (the plan digest, the variables and domains), never names.
 */
public final class SolverKey {
  private SolverKey() {}

  /**
   * The text that is hashed; kept readable so that a cache entry can show what it was built from.
   *
   * @param plannerIdentity the planner's identity
   * @param model the model
   * @param spec the algorithm and its options
   * @return the key's material
   */
  public static String material(String plannerIdentity, Model model, AlgorithmSpec spec) {
    return header(plannerIdentity, Artifact.SOLVER, spec) + model.canonicalText();
  }

  /**
   * The material's first lines, before the model's canonical text: the planner, the kind, and the
   * algorithm of a kind that has one. A spec where the kind has no algorithm, or none where it has,
   * is an error: the lines would name something no entry is.
   */
  private static String header(String plannerIdentity, Artifact kind, AlgorithmSpec spec) {
    if ((spec != null) != kind.hasAlgorithm()) {
      throw new IllegalArgumentException(
          "a " + kind.word() + (kind.hasAlgorithm() ? " needs an algorithm" : " has no algorithm"));
    }
    String head = "planner " + plannerIdentity + "\nkind " + kind.word() + "\n";
    return spec == null ? head : head + "algorithm " + spec.canonicalText() + "\n";
  }

  /**
   * The key material of a solver for this planner ({@link PlannerVersion#id}).
   *
   * @param model the model
   * @param spec the algorithm and its options
   * @return the key's material
   */
  public static String material(Model model, AlgorithmSpec spec) {
    return material(PlannerVersion.id(), model, spec);
  }

  /**
   * The key material of a class of kind {@code kind} for this planner ({@link PlannerVersion#id}).
   *
   * @param model the model
   * @param kind what the class is
   * @param spec the algorithm and its options when {@code kind} has one, else null
   * @return the key's material
   */
  public static String material(Model model, Artifact kind, AlgorithmSpec spec) {
    return header(PlannerVersion.id(), kind, spec) + model.canonicalText();
  }

  /**
   * The key of a solver: 64 lowercase hex digits.
   *
   * @param plannerIdentity the planner's identity
   * @param model the model
   * @param spec the algorithm and its options
   * @return the key
   */
  public static String of(String plannerIdentity, Model model, AlgorithmSpec spec) {
    return of(plannerIdentity, model, Artifact.SOLVER, spec);
  }

  /** The key of a class of kind {@code kind}: 64 lowercase hex digits. */
  private static String of(String plannerIdentity, Model model, Artifact kind, AlgorithmSpec spec) {
    // The material's bytes hashed as the model writes them: a large model's text is never one
    // String.
    Sha256.Sink sink = new Sha256.Sink();
    byte[] header = header(plannerIdentity, kind, spec).getBytes(StandardCharsets.UTF_8);
    sink.write(header, 0, header.length);
    try {
      model.writeCanonicalText(sink);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e); // the sink does not fail
    }
    return sink.hex();
  }

  /**
   * The key of a solver for this planner ({@link PlannerVersion#id}).
   *
   * @param model the model
   * @param spec the algorithm and its options
   * @return the key
   */
  public static String of(Model model, AlgorithmSpec spec) {
    return of(PlannerVersion.id(), model, spec);
  }

  /**
   * The key of a class of kind {@code kind} for this planner ({@link PlannerVersion#id}).
   *
   * @param model the model
   * @param kind what the class is
   * @param spec the algorithm and its options when {@code kind} has one, else null
   * @return the key
   */
  public static String of(Model model, Artifact kind, AlgorithmSpec spec) {
    return of(PlannerVersion.id(), model, kind, spec);
  }

  /**
   * The key of the exact search's propagator for {@code model} ({@link Artifact#PROPAGATOR}), for
   * this planner: the model alone decides it, with no algorithm.
   *
   * @param model the model
   * @return the key
   */
  public static String ofPropagator(Model model) {
    return of(model, Artifact.PROPAGATOR, null);
  }

  /**
   * SHA-256 in 64 lowercase hex digits ({@link Sha256}: no security-provider start-up in a fresh
   * JVM).
   *
   * @param bytes the bytes to hash
   * @return their SHA-256
   */
  public static String sha256Hex(byte[] bytes) {
    return Sha256.hex(bytes);
  }
}
