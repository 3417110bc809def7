/**
 * Solving many cases on Spark: a precompiled model shipped to executors, one solver per partition,
 * evidence and puzzle lines in, checked answers out.
 */
package fgc.spark;
