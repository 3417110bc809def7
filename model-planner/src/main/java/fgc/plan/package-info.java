/**
 * Planning: a model to what an algorithm will compute (message edges and schedules, elimination
 * orders and cliques), the limits a plan must keep ({@code SolverLimits}), cheap proofs that a
 * model has no solution ({@code Contradictions}), the cost of a sweep, and the refusals that say
 * which limit a model passes and which algorithms fit. Also the planner's identity, the one in
 * every cache key ({@link fgc.plan.PlannerVersion}: a fingerprint of the planner's bytecode,
 * stamped at build time by {@link fgc.plan.PlannerFingerprint}).
 */
package fgc.plan;
