/**
 * The all-different family: {@link fgc.driver.search.alldiff.AllDifferent}, forward checking, a
 * pigeonhole count and Hall intervals over any domains; and {@link
 * fgc.driver.search.alldiff.BitmaskPropagation}, the specialised rules over candidate masks (naked
 * and hidden singles, locked candidates) for models of {@code alldiff} and {@code neq} whose values
 * span at most 64, which a propagator generated for one model repeats with its tables as constants.
 */
package fgc.driver.search.alldiff;
