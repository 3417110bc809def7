/**
 * Drivers: what turns a model, its evidence and a compiled algorithm into an answer (a single run,
 * iterative fixing, decimation with restarts, complete search). A driver owns the loop, the
 * algorithm owns the messages, and every driver checks its answer on the model before it reports it
 * solved ({@link fgc.driver.Assignments}).
 */
package fgc.driver;
