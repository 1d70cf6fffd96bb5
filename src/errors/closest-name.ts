/**
 * The known names closest to `name` by case-insensitive edit distance, best first, at most `limit`: the likely
 * misspellings (within a third of the longer name's length, and at least 2 edits), and names that contain it or that
 * it contains (`note` for `add_note`, from three characters on), for "did you mean" hints.
 *
 * @example
 * closestNames("listPet", ["listPets", "addPet", "getPet"]); // ["listPets", "addPet", "getPet"]
 */
export function closestNames(name: string, known: Iterable<string>, limit = 3): string[] {
  const wanted = name.toLowerCase();
  const near: Array<{ candidate: string; distance: number }> = [];
  for (const candidate of known) {
    const lower = candidate.toLowerCase();
    const contains = Math.min(wanted.length, lower.length) >= 3 && (lower.includes(wanted) || wanted.includes(lower));
    const distance = contains ? 0 : editDistance(wanted, lower);
    if (distance <= Math.max(2, Math.floor(Math.max(wanted.length, candidate.length) / 3))) {
      near.push({ candidate, distance });
    }
  }
  // A stable sort keeps the caller's order among equally close names.
  return near
    .sort((left, right) => left.distance - right.distance)
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}

/**
 * The known name closest to `name`, when it is close enough to be a likely misspelling; `undefined` otherwise.
 *
 * @example
 * closestName("file_pth", ["file_path", "content"]); // "file_path"
 */
export function closestName(name: string, known: Iterable<string>): string | undefined {
  return closestNames(name, known, 1)[0];
}

/** Levenshtein distance with one rolling row: names are short, so this is plenty. */
function editDistance(left: string, right: string): number {
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= right.length; column += 1) {
      const substitution = (previous[column - 1] ?? 0) + (left[row - 1] === right[column - 1] ? 0 : 1);
      current[column] = Math.min((previous[column] ?? 0) + 1, (current[column - 1] ?? 0) + 1, substitution);
    }
    previous = current;
  }
  return previous[right.length] ?? 0;
}
