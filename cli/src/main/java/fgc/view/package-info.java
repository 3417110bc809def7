/**
 * Pictures of a model and of its answers: the factor graph as Graphviz dot or SVG, and marginals of
 * a grid over sweeps as SVG or PNG.
 */
package fgc.view;
