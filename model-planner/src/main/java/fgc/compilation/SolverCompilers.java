package fgc.compilation;

import java.util.Iterator;
import java.util.ServiceLoader;

/**
 * Finds the compiler on the class path through {@link ServiceLoader}, once. Without one the runtime
 * still runs precompiled classes; what needs a compiler fails with {@link NoCompilerException},
 * which says what to add.
 */
public final class SolverCompilers {
  private static volatile SolverCompiler found;

  private SolverCompilers() {}

  /**
   * The compiler on the class path, or null when there is none.
   *
   * @return the compiler, or null
   */
  public static SolverCompiler find() {
    SolverCompiler compiler = found;
    if (compiler == null) {
      // One lookup at a time: every caller gets the same instance, and a caller that asks while
      // another thread looks (the CLI's start-up thread) waits for its answer.
      synchronized (SolverCompilers.class) {
        compiler = found;
        if (compiler == null) {
          Iterator<SolverCompiler> all =
              ServiceLoader.load(SolverCompiler.class, SolverCompilers.class.getClassLoader())
                  .iterator();
          if (all.hasNext()) {
            compiler = all.next();
            found = compiler;
          }
        }
      }
    }
    return compiler;
  }

  /**
   * The compiler on the class path; {@link NoCompilerException} when there is none.
   *
   * @return the compiler
   */
  public static SolverCompiler require() {
    SolverCompiler compiler = find();
    if (compiler == null) {
      throw new NoCompilerException();
    }
    return compiler;
  }
}
