/**
 * Planning: a model to what an algorithm will compute (message edges and schedules, elimination
 * orders and cliques), the limits a plan must keep ({@code SolverLimits}), cheap proofs that a
 * model has no solution ({@code Contradictions}), the cost of a sweep, and the refusals that say
 * which limit a model passes and which algorithms fit.
 */
package fgc.plan;
