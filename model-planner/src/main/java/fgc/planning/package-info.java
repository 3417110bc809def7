/**
 * The algorithm registry's planning side: {@link fgc.planning.Algorithms}, one {@link
 * fgc.planning.Algorithm} per algorithm with its options, {@link fgc.planning.Capabilities}, plan,
 * plan digest and reference interpreter; and the planner's identity in every cache key ({@link
 * fgc.planning.PlannerVersion}, stamped at build time by {@link fgc.planning.PlannerFingerprint}).
 * Names no JavaPoet and no Janino: the runtime checks a cache hit with this alone.
 */
package fgc.planning;
