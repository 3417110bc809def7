package fgc.plan;

import fgc.model.Factor;
import fgc.model.Model;
import java.util.Arrays;

/**
 * Eliminates the variables over the interaction graph (an edge between every two variables of a
 * factor). The graph is kept in int arrays (a list of neighbours per variable, unsorted) and
 * membership is tested with a stamp per variable, so a step costs the degrees it touches, and a
 * variable costs a few dozen bytes: millions of them plan in seconds.
 */
final class EliminationGraph {
  private static final int[] NONE = new int[0];
  final Model model;
  final int n;
  private final int indexBits;
  private final long maxPrimary;
  final int[] size;
  final long maxClique;
  private final int[][] adjacent;
  private final int[] degree;
  private final int[] stamp;
  private int stamps;
  private final int[] touched;
  private int touchedStamp;
  final int[] order;
  final int[][] cliques;
  int widest;
  long largestClique;

  /** Entries of all cliques together: what one pass visits. */
  long work;

  /**
   * Steps of planning work so far: entries of neighbour lists read or written (what the search
   * budgets).
   */
  long steps;

  /**
   * What made the order, for the plan to say: a rule and its try (counted from 1), or the
   * variables' own order (try 0).
   */
  String name;

  int tryNumber;
  OrderSearch.Heuristic rule;
  private int[] rank;

  /**
   * A refused run: the smallest clique a remaining variable would make, the width so far or its
   * least degree, and how far it got.
   */
  long boundEntries;

  int boundWidth;
  int boundEliminated;
  private long[] key;
  private Heap queue;

  EliminationGraph(Model model, int[] size, long maxClique) {
    this.model = model;
    this.n = model.variableCount();
    // A score packs a rule's measure, degree and rank below bit 62; degrees are below n. Up to 2^17
    // variables that leaves the measure 26 bits (a clique of 2^24 entries fits); beyond, fewer
    // (Limits.MAX_VARIABLES is 2^24: 12 bits), and larger measures tie.
    this.indexBits = Math.max(17, 32 - Integer.numberOfLeadingZeros(n));
    this.maxPrimary = Math.min((1L << 26) - 1, (1L << (62 - 2 * indexBits)) - 1);
    this.size = size;
    this.maxClique = maxClique;
    this.order = new int[n];
    this.cliques = new int[n][];
    this.adjacent = new int[n][];
    this.degree = new int[n];
    this.stamp = new int[n];
    this.touched = new int[n];
    // Every edge once each way, sorted and without repeats: the neighbour lists in linear space.
    long pairs = 0;
    for (Factor f : model.factors()) {
      pairs += (long) f.arity() * (f.arity() - 1);
    }
    if (pairs > Integer.MAX_VALUE - 8) {
      throw EliminationPlanner.refuse(
          model,
          "its interaction graph has "
              + pairs / 2
              + " pairs of variables that share a factor, more than"
              + " the planner keeps");
    }
    long[] edges = new long[(int) pairs];
    int k = 0;
    for (Factor f : model.factors()) {
      int[] scope = f.scope();
      for (int a = 0; a < scope.length; a++) {
        for (int b = 0; b < scope.length; b++) {
          if (a != b) {
            edges[k++] = (long) scope[a] << 32 | scope[b];
          }
        }
      }
    }
    Arrays.sort(edges);
    int[] count = new int[n];
    for (int e = 0; e < edges.length; e++) {
      if (e == 0 || edges[e] != edges[e - 1]) {
        count[(int) (edges[e] >>> 32)]++;
      }
    }
    for (int v = 0; v < n; v++) {
      adjacent[v] = count[v] == 0 ? NONE : new int[count[v]];
    }
    for (int e = 0; e < edges.length; e++) {
      if (e == 0 || edges[e] != edges[e - 1]) {
        int v = (int) (edges[e] >>> 32);
        adjacent[v][degree[v]++] = (int) edges[e];
      }
    }
  }

  /** A fresh copy of {@code base}'s graph, before any elimination. */
  private EliminationGraph(EliminationGraph base) {
    this.model = base.model;
    this.n = base.n;
    this.indexBits = base.indexBits;
    this.maxPrimary = base.maxPrimary;
    this.size = base.size;
    this.maxClique = base.maxClique;
    this.order = new int[n];
    this.cliques = new int[n][];
    this.adjacent = new int[n][];
    this.degree = base.degree.clone();
    this.stamp = new int[n];
    this.touched = new int[n];
    for (int v = 0; v < n; v++) {
      adjacent[v] = degree[v] == 0 ? NONE : Arrays.copyOf(base.adjacent[v], degree[v]);
    }
    steps = n + edgeEntries();
  }

  /**
   * A copy of this graph to eliminate in another order; this one must not have eliminated anything
   * yet.
   */
  EliminationGraph copy() {
    return new EliminationGraph(this);
  }

  /** How many variables {@code v} shares a factor with now. */
  int degree(int v) {
    return degree[v];
  }

  /** The {@code j}th of {@code v}'s neighbours (j below its degree). */
  int neighbour(int v, int j) {
    return adjacent[v][j];
  }

  /**
   * Whether {@code a} and {@code b} share a factor; only before any elimination, while each list is
   * sorted.
   */
  boolean joined(int a, int b) {
    return Arrays.binarySearch(adjacent[a], 0, degree[a], b) >= 0;
  }

  /** Entries of all neighbour lists: twice the edges. */
  long edgeEntries() {
    long sum = 0;
    for (int v = 0; v < n; v++) {
      sum += degree[v];
    }
    return sum;
  }

  /**
   * Greedy elimination by {@code rule}, ties broken by {@code rank} (lower first; null: the rule's
   * own ties, then lowest index). Stops, {@link OrderSearch.Outcome#ABANDONED}, once the cliques so
   * far hold {@code maxWork} entries or more, or the run has taken more than {@code maxSteps}.
   */
  OrderSearch.Outcome greedy(OrderSearch.Heuristic rule, int[] rank, long maxWork, long maxSteps) {
    this.rule = rule;
    this.rank = rank;
    key = new long[n];
    queue = new Heap(key);
    for (int i = 0; i < n; i++) {
      key[i] = score(i);
      queue.add(i);
    }
    boolean fill = rule == OrderSearch.Heuristic.MIN_FILL;
    for (int t = 0; t < n; t++) {
      int v = queue.first();
      if (key[v] >= EliminationPlanner.INFEASIBLE) {
        bound(t);
        return OrderSearch.Outcome.REFUSED;
      }
      queue.removeFirst();
      int[] changed = eliminate(t, v, true, fill);
      if (work >= maxWork || steps > maxSteps) {
        return OrderSearch.Outcome.ABANDONED;
      }
      for (int w : changed) {
        key[w] = score(w);
        queue.update(w);
      }
    }
    key = null; // the order is kept; its scores need not be
    queue = null;
    return OrderSearch.Outcome.DONE;
  }

  /** The variables in index order; false as soon as a clique passes the limit. */
  boolean inIndexOrder() {
    for (int v = 0; v < n; v++) {
      long entries = size[v];
      for (int j = 0; j < degree[v]; j++) {
        entries *= size[adjacent[v][j]];
        if (entries > maxClique) {
          return false;
        }
      }
      eliminate(v, v, false, false);
    }
    return true;
  }

  /** A fresh stamp: a variable is marked when its {@code stamp} equals it. */
  private int nextStamp() {
    if (++stamps == Integer.MAX_VALUE) {
      Arrays.fill(stamp, 0);
      stamps = 1;
    }
    return stamps;
  }

  private void connect(int a, int b) {
    if (degree[a] == adjacent[a].length) {
      adjacent[a] = Arrays.copyOf(adjacent[a], Math.max(4, 2 * degree[a]));
    }
    adjacent[a][degree[a]++] = b;
  }

  /**
   * Step {@code t} eliminates {@code v}: its clique is recorded, its neighbours joined pairwise.
   * Returns, when {@code affected}, the variables whose score this changes: the neighbours, and,
   * when {@code fill} (min-fill's scores), every common neighbour of two joined by a new edge.
   */
  private int[] eliminate(int t, int v, boolean affected, boolean fill) {
    int d = degree[v];
    int[] nb = Arrays.copyOf(adjacent[v], d);
    Arrays.sort(nb);
    int[] clique = Arrays.copyOf(nb, d + 1);
    clique[d] = v;
    cliques[t] = clique;
    order[t] = v;
    widest = Math.max(widest, d);
    long entries = EliminationPlanner.entries(clique, size);
    largestClique = Math.max(largestClique, entries);
    work = work > Long.MAX_VALUE - entries ? Long.MAX_VALUE : work + entries;
    steps += d;
    for (int u : nb) { // v leaves its neighbours' lists
      int[] list = adjacent[u];
      steps += degree[u];
      for (int j = 0; j < degree[u]; j++) {
        if (list[j] == v) {
          list[j] = list[--degree[u]];
          break;
        }
      }
    }
    adjacent[v] = null;
    degree[v] = 0;
    int changedCount = 0;
    int[] changed = affected ? new int[Math.max(4, d)] : NONE;
    int mine = 0;
    if (affected) {
      mine = ++touchedStamp == Integer.MAX_VALUE ? resetTouched() : touchedStamp;
      for (int u : nb) {
        touched[u] = mine;
        changed[changedCount++] = u;
      }
    }
    for (int a = 0; a < d; a++) {
      int pa = nb[a];
      int marked = nextStamp();
      steps += degree[pa] + d - a;
      for (int j = 0; j < degree[pa]; j++) {
        stamp[adjacent[pa][j]] = marked;
      }
      for (int b = a + 1; b < d; b++) {
        int pb = nb[b];
        if (stamp[pb] == marked) {
          continue;
        }
        if (affected
            && fill) { // the new edge closes a pair in the neighbourhood of every common neighbour
          steps += degree[pb];
          for (int j = 0; j < degree[pb]; j++) {
            int w = adjacent[pb][j];
            if (stamp[w] == marked && touched[w] != mine) {
              touched[w] = mine;
              if (changedCount == changed.length) {
                changed = Arrays.copyOf(changed, 2 * changedCount);
              }
              changed[changedCount++] = w;
            }
          }
        }
        connect(pa, pb);
        connect(pb, pa);
      }
    }
    return affected ? Arrays.copyOf(changed, changedCount) : NONE;
  }

  private int resetTouched() {
    Arrays.fill(touched, 0);
    touchedStamp = 1;
    return 1;
  }

  /**
   * Feasible first, then the rule's measure (fill edges, clique entries or neighbours), then fewest
   * neighbours (min-fill and min-weight with their own ties), then the rank or the index.
   */
  private long score(int v) {
    int d = degree[v];
    int[] around = adjacent[v];
    long tie = rank == null ? v : rank[v];
    long entries = size[v];
    steps += d;
    for (int j = 0; j < d; j++) {
      entries *= size[around[j]];
      if (entries > maxClique) {
        return EliminationPlanner.INFEASIBLE | ((long) d << indexBits) | tie;
      }
    }
    long measure;
    switch (rule) {
      case MIN_FILL:
        measure = fill(v);
        break;
      case MIN_WEIGHT:
        measure = entries;
        break;
      default:
        measure = d;
    }
    long second = rank == null && rule != OrderSearch.Heuristic.MIN_DEGREE ? d : 0;
    return (Math.min(measure, maxPrimary) << (2 * indexBits)) | (second << indexBits) | tie;
  }

  /**
   * Edges eliminating {@code v} would add: pairs of neighbours minus the edges among them (each
   * counted from both ends).
   */
  private long fill(int v) {
    int d = degree[v];
    int[] around = adjacent[v];
    int marked = nextStamp();
    for (int j = 0; j < d; j++) {
      stamp[around[j]] = marked;
    }
    long inside = 0;
    for (int j = 0; j < d; j++) {
      int u = around[j];
      steps += degree[u];
      for (int i = 0; i < degree[u]; i++) {
        inside += stamp[adjacent[u][i]] == marked ? 1 : 0;
      }
    }
    return (long) d * (d - 1) / 2 - inside / 2;
  }

  /**
   * Every remaining variable's clique passes the limit: the smallest of them and the width so far
   * say by how much.
   */
  private void bound(int eliminated) {
    long smallest = Long.MAX_VALUE;
    int fewest = Integer.MAX_VALUE;
    for (int q = 0; q < queue.size; q++) {
      int v = queue.heap[q];
      int[] clique = Arrays.copyOf(adjacent[v], degree[v] + 1);
      clique[degree[v]] = v;
      smallest = Math.min(smallest, EliminationPlanner.entries(clique, size));
      fewest = Math.min(fewest, degree[v]);
    }
    boundEntries = smallest;
    boundWidth = Math.max(widest, fewest);
    boundEliminated = eliminated;
  }

  /**
   * A binary min-heap of variables by {@code key}, which knows where each one is (so a key can
   * change in place).
   */
  private static final class Heap {
    final long[] key;
    final int[] heap;
    final int[] at;
    int size;

    Heap(long[] key) {
      this.key = key;
      this.heap = new int[key.length];
      this.at = new int[key.length];
      Arrays.fill(at, -1);
    }

    void add(int v) {
      heap[size] = v;
      at[v] = size;
      up(size++);
    }

    int first() {
      return heap[0];
    }

    void removeFirst() {
      int v = heap[0];
      at[v] = -1;
      if (--size > 0) {
        heap[0] = heap[size];
        at[heap[0]] = 0;
        down(0);
      }
    }

    /** {@code v}'s key changed: it moves to its place (a variable no longer queued is left out). */
    void update(int v) {
      int q = at[v];
      if (q >= 0) {
        up(q);
        down(at[v]);
      }
    }

    private void up(int q) {
      int v = heap[q];
      while (q > 0) {
        int parent = (q - 1) >>> 1;
        if (key[heap[parent]] <= key[v]) {
          break;
        }
        heap[q] = heap[parent];
        at[heap[q]] = q;
        q = parent;
      }
      heap[q] = v;
      at[v] = q;
    }

    private void down(int q) {
      int v = heap[q];
      while (true) {
        int child = 2 * q + 1;
        if (child >= size) {
          break;
        }
        if (child + 1 < size && key[heap[child + 1]] < key[heap[child]]) {
          child++;
        }
        if (key[heap[child]] >= key[v]) {
          break;
        }
        heap[q] = heap[child];
        at[heap[q]] = q;
        q = child;
      }
      heap[q] = v;
      at[v] = q;
    }
  }
}
