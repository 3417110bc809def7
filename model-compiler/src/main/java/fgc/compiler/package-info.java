/**
 * The compiler's front door: {@link fgc.compiler.ModelCompiler} (model to source to class), the
 * algorithm registry ({@link fgc.compiler.Algorithms}, one {@link fgc.compiler.Algorithm}
 * descriptor per algorithm with its capabilities), the compiler's identity for cache keys ({@link
 * fgc.compiler.CompilerFingerprint}), and the Janino-backed {@link
 * fgc.compiler.JaninoSolverCompiler} the runtime finds on the class path.
 */
package fgc.compiler;
