/**
 * The exact driver's complete search for any finite model: domains as bitsets with a trail,
 * compact-table filtering for tables, bounds consistency for linear relations, forward checking and
 * a pigeonhole check for all-different, branching on the fewest remaining values. The exact driver
 * uses it for every model its bitmask search cannot hold.
 */
package fgc.driver.search;
