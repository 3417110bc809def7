/**
 * The seam between the runtime and the compiler, below both: an algorithm and its options ({@link
 * fgc.compilation.AlgorithmSpec}), the cache key ({@link fgc.compilation.SolverKey}, hashed with
 * {@link fgc.compilation.Sha256}), and the {@link fgc.compilation.SolverCompiler} interface the
 * runtime calls when a solver must be compiled, found on the class path when the compiler is there
 * and refused with {@link fgc.compilation.NoCompilerException} when it is not.
 */
package fgc.compilation;
