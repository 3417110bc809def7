/**
 * The entry point of a user's program: {@link fgc.runtime.Solver} binds a model to a precompiled,
 * cached or compiled solver and answers marginals, decimation and complete search; {@link
 * fgc.runtime.Marginals} is what it returns for a query of marginals; {@link fgc.runtime.Batch}
 * answers many cases on N threads, in input order, for any front end, and {@link
 * fgc.runtime.EvidenceLines} reads cases of evidence written one per line.
 */
package fgc.runtime;
