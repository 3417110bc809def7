/**
 * One {@link fgc.compiler.Algorithm} descriptor per registered algorithm: its name, options and
 * capabilities, and how it plans, emits, digests and interprets a model. Adding an algorithm starts
 * here (docs/adding-an-algorithm.md).
 */
package fgc.compiler.algorithms;
