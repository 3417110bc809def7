/**
 * Sudoku as data, apart from the model: grids and their symbols, a streaming reader of puzzle files
 * with a positioned error per bad line, the embedded puzzles, a generator of puzzles with one
 * solution, and an independent validator and solution counter that share no code with the solvers
 * they check.
 */
package fgc.puzzles;
