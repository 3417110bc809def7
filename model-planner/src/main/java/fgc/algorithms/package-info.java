/**
 * The algorithm registry: {@link fgc.algorithms.Algorithms} lists every algorithm the compiler
 * emits, one {@link fgc.algorithms.Algorithm} descriptor each ({@code SumProduct}, {@code
 * PairwiseBp}, {@code Elimination}, ...) with its options, {@link fgc.algorithms.Capabilities},
 * plan, plan digest and reference interpreter. The compiler adds only how a plan is emitted ({@code
 * fgc.compiler.Emitters}), so adding an algorithm starts here (docs/adding-an-algorithm.md). Names
 * no JavaPoet and no Janino: the runtime checks a cache hit with the planner alone.
 */
package fgc.algorithms;
