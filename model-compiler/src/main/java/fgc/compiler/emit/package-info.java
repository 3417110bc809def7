/**
 * The JavaPoet emitters: each writes one class specialised to a plan, with sizes, index tables and
 * loop bounds as constants and state in flat primitive arrays, plus what they share (packed tables,
 * the {@code planDigest()} a class reports from its own fields) and the generated exact-search
 * propagator.
 */
package fgc.compiler.emit;
