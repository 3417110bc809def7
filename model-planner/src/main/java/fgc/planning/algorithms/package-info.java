/**
 * One {@link fgc.planning.Algorithm} descriptor per registered algorithm: its name, options and
 * capabilities, and how it plans, digests and interprets a model (the compiler adds how it is
 * emitted: {@code fgc.compiler.Emitters}). Adding an algorithm starts here
 * (docs/adding-an-algorithm.md).
 */
package fgc.planning.algorithms;
