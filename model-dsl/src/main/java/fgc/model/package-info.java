/**
 * The model IR every other part reads: variables in named arrays over integer domains, factors of a
 * few kinds with their weights, and evidence ({@link fgc.model.Model}, {@link
 * fgc.model.ModelBuilder}, {@link fgc.model.Evidence}). Immutable once built; its canonical text is
 * what a cache key digests, so two models with the same structure share their solvers.
 */
package fgc.model;
