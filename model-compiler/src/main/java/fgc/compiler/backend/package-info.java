/**
 * The back end: generated Java source to class bytes in memory with Janino (Java 17 class files).
 * Source that does not compile is a compiler bug, reported as an internal error.
 */
package fgc.compiler.backend;
