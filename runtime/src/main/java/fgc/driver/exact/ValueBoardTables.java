package fgc.driver.exact;

/**
 * {@link BitmaskTables} turned value-major for {@link ValueBoardSearch}: variables are bits of
 * {@code words} longs, so a set of variables (a unit, the peers of a variable) is a short row of
 * longs, and the permutation units (at most 64) are bits of one long. Immutable; built once per model.
 *
 * <ul>
 *   <li>{@code peerMask[v * words + w]}: the peers of variable {@code v};</li>
 *   <li>{@code unitRows[u * words + w]}: the variables of permutation unit {@code u};</li>
 *   <li>{@code unitsOf[v]}: the permutation units of {@code v};</li>
 *   <li>{@code pendingInitial[b]}: the units that must hold value bit {@code b};</li>
 *   <li>locked-candidate partners of each unit (from the unit pairs): the shared part and the
 *       partner's rest, dense rows of {@code words} longs.</li>
 * </ul>
 */
final class ValueBoardTables {
  /** The most words of variables the value-major search takes; wider models use {@link BitmaskSearch}. */
  static final int MAX_WORDS = 16;

  final int variables;
  final int words;
  final int values;
  final long[] boardInitial;
  final long[] peerMask;
  /** Per unit, {@code words} longs: its variables. */
  final long[] unitRows;
  final long[] unitsOf;
  /** Per variable, the units of its peers: where fixing it can take places away. */
  final long[] peerUnits;
  final long[] pendingInitial;
  /** Per unit, its locked-candidate partners: entries {@code partnerStart[u] .. partnerStart[u + 1]}. */
  final int[] partnerStart;
  /** Per partner entry, {@code words} longs: the variables the unit shares with the partner. */
  final long[] partnerShared;
  /** Per partner entry, {@code words} longs: the partner's variables outside the shared part. */
  final long[] partnerRest;
  /** Per partner entry, the units of the partner's rest: where clearing it can take places away. */
  final long[] restUnits;
  /** Per unit, the largest shared part among its partners (a value in more places cannot be locked). */
  final int[] partnerMaxShared;
  /** Per unit, the most places of a value worth a look for hidden singles: 1. */
  final int[] singlePlaces;
  /** Per unit, the most places of a value worth a look for hidden singles or locked candidates. */
  final int[] lockablePlaces;

  private ValueBoardTables(BitmaskTables t) {
    this.variables = t.variables;
    this.words = (variables + 63) >>> 6;
    long union = 0;
    for (long m : t.initial) {
      union |= m;
    }
    this.values = 64 - Long.numberOfLeadingZeros(union);
    this.boardInitial = new long[values * words];
    for (int v = 0; v < variables; v++) {
      for (long left = t.initial[v]; left != 0; left &= left - 1) {
        boardInitial[Long.numberOfTrailingZeros(left) * words + (v >>> 6)] |= 1L << v;
      }
    }
    this.peerMask = new long[variables * words];
    for (int v = 0; v < variables; v++) {
      for (int k = t.peerStart[v]; k < t.peerStart[v + 1]; k++) {
        setBit(peerMask, v * words, t.peers[k]);
      }
    }
    int units = t.unitFull.length;
    long[] dense = new long[units * words];
    for (int u = 0; u < units; u++) {
      for (int k = t.unitStart[u]; k < t.unitStart[u + 1]; k++) {
        setBit(dense, u * words, t.unitVars[k]);
      }
    }
    this.unitRows = dense;
    this.unitsOf = new long[variables];
    for (int v = 0; v < variables; v++) {
      unitsOf[v] = units == 0 ? 0 : t.unitBits[v * t.unitWords];
    }
    this.peerUnits = new long[variables];
    for (int v = 0; v < variables; v++) {
      for (int j = t.peerStart[v]; j < t.peerStart[v + 1]; j++) {
        peerUnits[v] |= unitsOf[t.peers[j]];
      }
    }
    this.pendingInitial = new long[values];
    for (int u = 0; u < units; u++) {
      for (long left = t.unitFull[u]; left != 0; left &= left - 1) {
        pendingInitial[Long.numberOfTrailingZeros(left)] |= 1L << u;
      }
    }
    int pairs = t.unitPairCount();
    this.partnerStart = new int[units + 1];
    for (int p = 0; p < pairs; p++) {
      partnerStart[t.pairUnits[2 * p] + 1]++;
      partnerStart[t.pairUnits[2 * p + 1] + 1]++;
    }
    for (int u = 0; u < units; u++) {
      partnerStart[u + 1] += partnerStart[u];
    }
    this.partnerShared = new long[2 * pairs * words];
    this.partnerRest = new long[2 * pairs * words];
    this.partnerMaxShared = new int[units];
    this.restUnits = new long[2 * pairs];
    int[] next = partnerStart.clone();
    for (int p = 0; p < pairs; p++) {
      int shared = 3 * p;
      for (int side = 0; side < 2; side++) {
        int u = t.pairUnits[2 * p + side];
        int e = next[u]++;
        // The partner's rest is the part of the pair list that belongs to the other unit.
        int rest = shared + (side == 0 ? 2 : 1);
        for (int j = t.pairStart[shared]; j < t.pairStart[shared + 1]; j++) {
          setBit(partnerShared, e * words, t.pairVars[j]);
        }
        for (int j = t.pairStart[rest]; j < t.pairStart[rest + 1]; j++) {
          setBit(partnerRest, e * words, t.pairVars[j]);
          restUnits[e] |= unitsOf[t.pairVars[j]];
        }
        partnerMaxShared[u] = Math.max(partnerMaxShared[u], t.pairStart[shared + 1] - t.pairStart[shared]);
      }
    }
    this.singlePlaces = new int[units];
    this.lockablePlaces = new int[units];
    for (int u = 0; u < units; u++) {
      singlePlaces[u] = 1;
      lockablePlaces[u] = Math.max(1, partnerMaxShared[u]);
    }
  }

  private static void setBit(long[] rows, int base, int v) {
    rows[base + (v >>> 6)] |= 1L << v;
  }

  /**
   * The value-major form of {@code t}, or null when it does not fit: no variables, more than
   * {@value #MAX_WORDS} words of them, or more than 64 permutation units.
   */
  static ValueBoardTables of(BitmaskTables t) {
    if (t.variables == 0 || (t.variables + 63) >>> 6 > MAX_WORDS || t.unitFull.length > 64) {
      return null;
    }
    return new ValueBoardTables(t);
  }
}
