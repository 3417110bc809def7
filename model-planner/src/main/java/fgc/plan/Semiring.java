package fgc.plan;

/**
 * How a message-passing algorithm combines the terms of a message: their sum (marginals) or their
 * largest (max-marginals). An algorithm's descriptor says which; its plan's emitter and reference
 * interpreter follow it, so two algorithms that differ only here share both.
 */
public enum Semiring {
  /** Each message entry is the sum of its terms: sum-product. */
  SUM,
  /** Each message entry is the largest of its terms: max-product. */
  MAX
}
