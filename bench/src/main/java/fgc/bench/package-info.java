/**
 * The {@code fgc bench} commands: solve rates and times over puzzle corpora, the command line
 * against the in-process harness, compile and reload, scale, and the field's graphical models, each
 * printing medians and side-by-side ratios (BENCHMARKS.md).
 */
package fgc.bench;
