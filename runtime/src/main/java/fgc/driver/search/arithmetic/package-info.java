/**
 * The arithmetic family: {@link fgc.driver.search.arithmetic.Linear}, bounds consistency for a
 * linear relation ({@code sum} factors and every comparison of a weighted sum), and {@link
 * fgc.driver.search.arithmetic.Equal}, two variables that take the same value.
 */
package fgc.driver.search.arithmetic;
