/**
 * The same items in an array without spare capacity. An array grown by `push` keeps room to grow (V8 gives a first
 * item 17 slots), and a conversion keeps thousands of short ones (`required`, parameters): their spare slots were a
 * sixth of the memory a GitHub conversion returns, which the garbage collector copies while the conversion runs.
 */
export function trimmedArray<Item>(items: readonly Item[]): Item[] {
  return items.slice();
}
