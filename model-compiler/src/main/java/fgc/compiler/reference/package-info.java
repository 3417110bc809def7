/**
 * Reference interpreters: each algorithm's semantics written plainly over the model, with no
 * specialisation. The differential tests hold every generated class to its reference on the same
 * models and inputs.
 */
package fgc.compiler.reference;
