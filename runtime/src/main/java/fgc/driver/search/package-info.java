/**
 * fgc's one complete search ({@link fgc.driver.search.Search}) and what it runs on: a node state
 * kept per level over candidate masks or in place over {@link fgc.driver.search.Domains} with a
 * trail, and one {@link fgc.solver.Propagation} per model: the bitmask rules for {@code
 * alldiff}/{@code neq} models of at most 64 values (or a propagator generated for the model), or
 * the queue of the model's {@link fgc.driver.search.Constraint}s; branch and bound over the soft
 * factors' costs. Each family of constraints has its own package below: {@code alldiff}, {@code
 * table}, {@code arithmetic}.
 */
package fgc.driver.search;
