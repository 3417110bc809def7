/**
 * The table family: {@link fgc.driver.search.table.Table}, generalised arc consistency on a table
 * of allowed tuples by compact table, for tables, conditional probability tables and relations the
 * model's formulas compute.
 */
package fgc.driver.search.table;
