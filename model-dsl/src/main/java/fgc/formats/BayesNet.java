package fgc.formats;

import fgc.model.Evidence;
import fgc.model.Model;
import fgc.model.ModelException;
import fgc.model.Names;
import java.util.List;
import java.util.Map;

/**
 * A Bayesian network read from a BIF file: its model, and the names that tie the model back to the
 * file. Variable {@code i} of the file (in the order its variable blocks come) is the model's flat
 * variable {@code i}, a scalar array named after it ({@link #modelName}); state {@code s} of a
 * variable is domain value {@code s} (domains are {@code 0..states-1}) and the array's label {@code
 * s} ({@link fgc.model.VariableArray#labels()}), so output prints it by name; the CPT of each
 * probability block, in file order, is one table factor over (parents..., child) in the block's
 * order, so its weights are the CPT's rows one after the other. Every array is observed, so {@link
 * #evidence} can condition on any variable.
 */
public final class BayesNet {
  private final Model model;
  private final String networkName;
  private final List<String> variables;
  private final Map<String, Integer> index;
  private final List<List<String>> states;
  private final List<List<String>> parents;

  BayesNet(
      Model model,
      String networkName,
      List<String> variables,
      Map<String, Integer> index,
      List<List<String>> states,
      List<List<String>> parents) {
    this.model = model;
    this.networkName = networkName;
    this.variables = List.copyOf(variables);
    this.index = Map.copyOf(index);
    this.states = states.stream().map(List::copyOf).toList();
    this.parents = parents.stream().map(List::copyOf).toList();
  }

  /**
   * The network as a model: one scalar array per variable, one table or prior per probability
   * block.
   *
   * @return the model
   */
  public Model model() {
    return model;
  }

  /**
   * The name the file's {@code network} block gives (often {@code unknown}); the model is named
   * after the file.
   *
   * @return the network's name
   */
  public String networkName() {
    return networkName;
  }

  /**
   * The variables' names as the file writes them, in file order: name {@code i} is flat variable
   * {@code i}.
   *
   * @return the variables' names
   */
  public List<String> variables() {
    return variables;
  }

  /**
   * The model's flat index of the variable the file calls {@code variable}.
   *
   * @param variable the variable's name in the file
   * @return its flat index
   */
  public int index(String variable) {
    Integer i = index.get(variable);
    if (i == null) {
      String near = Names.didYouMean(variable, variables);
      throw new ModelException(
          "network "
              + model.name()
              + " has no variable '"
              + variable
              + "'"
              + (near.isEmpty() ? "; its variables are " + String.join(", ", variables) : near));
    }
    return i;
  }

  /**
   * The name of {@code variable}'s array in the model: the BIF name, made an identifier if it is
   * not one.
   *
   * @param variable the variable's name in the file
   * @return the name of its array in the model
   */
  public String modelName(String variable) {
    return model.variableName(index(variable));
  }

  /**
   * The states of {@code variable}, in the file's order: state {@code s} is value {@code s}.
   *
   * @param variable the variable's name in the file
   * @return its states' names
   */
  public List<String> states(String variable) {
    return states.get(index(variable));
  }

  /**
   * The value (state index) of {@code state} of {@code variable}.
   *
   * @param variable the variable's name in the file
   * @param state the state's name
   * @return its index
   */
  public int state(String variable, String state) {
    List<String> s = states(variable);
    int v = s.indexOf(state);
    if (v < 0) {
      String near = Names.didYouMean(state, s);
      String states = String.join(", ", s);
      throw new ModelException(
          "'"
              + state
              + "' is not a state of "
              + variable
              + (near.isEmpty()
                  ? "; its states are " + states
                  : near + " (its states are " + states + ")"));
    }
    return v;
  }

  /**
   * The parents of {@code variable}, in the order its probability block lists them.
   *
   * @param variable the variable's name in the file
   * @return its parents' names
   */
  public List<String> parents(String variable) {
    return parents.get(index(variable));
  }

  /**
   * The evidence that sets each variable named in {@code observed} to the named state, e.g. {@code
   * lung=yes}.
   *
   * @param observed each observed variable's name and its state's name
   * @return the evidence
   */
  public Evidence evidence(Map<String, String> observed) {
    int[] values = Evidence.none(model).values();
    for (Map.Entry<String, String> e : observed.entrySet()) {
      values[index(e.getKey())] = state(e.getKey(), e.getValue());
    }
    return Evidence.of(model, values);
  }

  @Override
  public String toString() {
    return "Bayesian network " + model;
  }
}
