/**
 * Reference interpreters: each algorithm's semantics written plainly over the model, with no
 * specialisation. The differential tests hold every generated class to its reference on the same
 * models and inputs, and the cache's smoke run asks them whether a degenerate start is the model's
 * or the class's.
 */
package fgc.reference;
