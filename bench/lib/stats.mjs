// Figures the browser benchmarks share.

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
/** The 90th percentile, nearest rank. */
export const p90 = (values) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.9) - 1];
export const ms = (n) => (n === undefined ? '-' : n.toFixed(0));
