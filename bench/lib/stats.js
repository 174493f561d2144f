// Small statistics helpers for the benchmark.

/** The median of a list of numbers (NaN for an empty list). */
export function median(values) {
  if (values.length === 0) return Number.NaN
  const sorted = values.slice().sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** `list` rotated left by `by` places: the order frameworks run in, changing every round. */
export function rotate(list, by) {
  const shift = by % list.length
  return list.slice(shift).concat(list.slice(0, shift))
}
