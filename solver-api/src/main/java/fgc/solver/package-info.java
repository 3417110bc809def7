/**
 * What a generated solver class implements and calls, and nothing else: the small {@link
 * fgc.solver.GeneratedAlgorithm} interface (set evidence, reset, sweep, read marginals), the exact
 * search's {@link fgc.solver.Propagator}, and the tested kernels the generated code calls for the
 * heavy loops (all-different, sums, tables, elimination). JDK only, so a precompiled solver needs
 * this module alone.
 */
package fgc.solver;
