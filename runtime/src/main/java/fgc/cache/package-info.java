/**
 * The content-addressed solver cache: {@link fgc.cache.SolverCache} is a facade over an entry store
 * (folders, manifests, atomic writes, quarantine), a verifier (checksums, key material, plan
 * digest) and a definer (a verified class loader and a smoke test). Nothing read from disk runs
 * before its checksums, its key and its model are checked; a bad entry is quarantined and
 * recompiled.
 */
package fgc.cache;
