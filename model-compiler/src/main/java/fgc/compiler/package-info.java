/**
 * The compiler's front door: {@link fgc.compiler.ModelCompiler} (model to source to class), each
 * algorithm's emitter ({@link fgc.compiler.Emitters}, beside the planner's registry), the
 * compiler's identity named in every cache entry ({@link fgc.compiler.CompilerVersion}, stamped by
 * {@link fgc.compiler.CompilerFingerprint}), and the Janino-backed {@link
 * fgc.compiler.JaninoSolverCompiler} the runtime finds on the class path.
 */
package fgc.compiler;
