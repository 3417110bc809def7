package fgc.spark.models;

/** A broken solver: the chain's beliefs halved, which the marginals check must catch. */
public final class HalvedChain extends Delegating {
  public HalvedChain() {
    super(new ChainSumProduct());
  }

  @Override
  public void marginal(int variable, double[] out) {
    inner.marginal(variable, out);
    for (int k = 0; k < out.length; k++) {
      out[k] /= 2;
    }
  }
}
