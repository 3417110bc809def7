/**
 * The {@code fgc} command line (picocli): one command per file ({@code solve}, {@code run}, {@code
 * compile}, {@code show}, {@code generate}, {@code cache}), the options they share, the grid
 * binding of puzzle files to a model, output files that never replace what fgc did not make, and
 * progress lines.
 */
package fgc.cli;
