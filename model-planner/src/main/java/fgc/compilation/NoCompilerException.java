package fgc.compilation;

/** Something needed the compiler, and none is on the class path. */
public final class NoCompilerException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  /** The one message: what is missing and the two ways out. */
  public NoCompilerException() {
    super(
        "no compiler on the class path: add dev.fgc:model-compiler, or precompile the model with"
            + " fgc-maven-plugin"
            + " and run its class with fgc.runtime.Solver.precompiled");
  }
}
