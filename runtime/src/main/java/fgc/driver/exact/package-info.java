/**
 * The exact search's fast path for models of {@code alldiff} and {@code neq} whose values span at
 * most 64: bitmask domains, value boards and unit tables ({@link fgc.plan.BitmaskTables}, {@link
 * fgc.driver.exact.BitmaskSearch}), and the source of propagators generated for one model.
 */
package fgc.driver.exact;
