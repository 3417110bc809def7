/**
 * fgc's one complete search ({@link fgc.driver.search.Search}) and what it runs on: a node state
 * kept per level over candidate masks or in place over domains with a trail, and one {@link
 * fgc.solver.Propagation} per model, either the bitmask rules for {@code alldiff}/{@code neq}
 * models of at most 64 values (or a propagator generated for the model) or the queue of the model's
 * constraints (compact tables, linear bounds, all-different filtering); branch and bound over the
 * soft factors' costs.
 */
package fgc.driver.search;
