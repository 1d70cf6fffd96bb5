/** Edit distance between two names (Levenshtein); hand-written, a few lines, no library needed for it. */
function editDistance(left: string, right: string): number {
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= right.length; column += 1) {
      const substitution = (previous[column - 1] ?? 0) + (left[row - 1] === right[column - 1] ? 0 : 1);
      current.push(Math.min((previous[column] ?? 0) + 1, (current[column - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[right.length] ?? 0;
}

/**
 * The candidates closest to `name` (case-insensitive edit distance within a third of its length, or containing it),
 * best first, at most `limit`: for "did you mean" messages.
 */
export function findNearNames(name: string, candidates: readonly string[], limit = 3): string[] {
  const wanted = name.toLowerCase();
  const threshold = Math.max(2, Math.ceil(wanted.length / 3));
  return candidates
    .map((candidate) => {
      const lower = candidate.toLowerCase();
      const contains = lower.includes(wanted) || wanted.includes(lower);
      return { candidate, distance: contains ? 0 : editDistance(wanted, lower) };
    })
    .filter(({ distance }) => distance <= threshold)
    .sort((left, right) => left.distance - right.distance)
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}
