/**
 * JMH benchmarks of the generated code: a sweep against the reference interpreter, one message
 * pass, and the exact search.
 */
package fgc.bench.jmh;
