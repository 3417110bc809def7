/**
 * Other solvers run on the same puzzles for comparison (Choco, Sat4j, Z3), each answer checked by
 * the same independent validator.
 */
package fgc.bench.peers;
