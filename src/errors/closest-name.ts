/**
 * The known names closest to `name` by case-insensitive edit distance, best first, at most `limit`: the likely
 * misspellings (within a third of the longer name's length, and at least 2 edits), and names that contain it or that
 * it contains (`note` for `add_note`, from three characters on), for "did you mean" hints.
 *
 * @example
 * closestNames("listPet", ["listPets", "addPet", "getPet"]); // ["listPets", "addPet", "getPet"]
 */
export function closestNames(name: string, known: Iterable<string>, limit = 3): string[] {
  return ranked(name, known, limit, (length) => Math.max(2, Math.floor(length / 3)));
}

/**
 * The `limit` known names nearest to `name` by case-insensitive edit distance, however far: the valid choices to
 * list when none is close enough to be a likely misspelling.
 *
 * @example
 * nearestNames("removePet", ["listPets", "addPet", "getPet"], 2); // ["getPet", "addPet"]
 */
export function nearestNames(name: string, known: Iterable<string>, limit = 3): string[] {
  return ranked(name, known, limit, (length) => length);
}

/**
 * The known names within `withinOf(the longer name's length)` edits of `name` (or containing it, or contained in it),
 * best first, at most `limit`.
 */
function ranked(name: string, known: Iterable<string>, limit: number, withinOf: (length: number) => number): string[] {
  const wanted = name.toLowerCase();
  const near: Array<{ candidate: string; distance: number }> = [];
  for (const candidate of known) {
    const lower = candidate.toLowerCase();
    const contains = Math.min(wanted.length, lower.length) >= 3 && (lower.includes(wanted) || wanted.includes(lower));
    const within = withinOf(Math.max(wanted.length, candidate.length));
    const distance = contains ? 0 : editDistanceWithin(wanted, lower, within);
    if (distance <= within) near.push({ candidate, distance });
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

/**
 * The Levenshtein distance of two names when it is at most `within`; `within + 1` when it is more. Only the cells that
 * can stay within it are computed (a band `within` wide each side of the diagonal), and a row all past it ends the
 * count: a model output of thousands of calls to unknown tools is held against every tool of a large catalog.
 */
function editDistanceWithin(left: string, right: string, within: number): number {
  if (Math.abs(left.length - right.length) > within) return within + 1;
  const beyond = within + 1;
  let previous = rows.previous;
  let current = rows.current;
  if (previous.length <= right.length) {
    previous = new Int32Array(right.length + 1);
    current = new Int32Array(right.length + 1);
  }
  for (let column = 0; column <= right.length; column += 1) previous[column] = Math.min(column, beyond);
  for (let row = 1; row <= left.length; row += 1) {
    const first = Math.max(1, row - within);
    const last = Math.min(right.length, row + within);
    current[first - 1] = first === 1 ? Math.min(row, beyond) : beyond;
    let best = current[first - 1] ?? beyond;
    for (let column = first; column <= last; column += 1) {
      const substitution = (previous[column - 1] ?? beyond) + (left[row - 1] === right[column - 1] ? 0 : 1);
      const cell = Math.min(
        (previous[column] ?? beyond) + 1,
        (current[column - 1] ?? beyond) + 1,
        substitution,
        beyond,
      );
      current[column] = cell;
      if (cell < best) best = cell;
    }
    if (last < right.length) current[last + 1] = beyond;
    if (best > within) {
      rows.previous = previous;
      rows.current = current;
      return beyond;
    }
    [previous, current] = [current, previous];
  }
  rows.previous = previous;
  rows.current = current;
  return previous[right.length] ?? beyond;
}

/** The two rows the distance is counted in, kept between calls and grown as longer names come. */
const rows = { previous: new Int32Array(64), current: new Int32Array(64) };
