/**
 * Where a long string may wrap besides its spaces: after the dots, slashes, colons and underscores
 * that join the parts of a type name, a path or an identifier. A browser finds no break in
 * `Objects.BuiltElements.Floor:Objects.BuiltElements.Revit.RevitFloor` and cuts it wherever the
 * line ends, mid-word; these points let it wrap between the parts instead.
 */

/** A run without spaces this long or longer gets wrap points; shorter ones fit a line anyway. */
const LONG_RUN = 24;
const JOINER = /[./\\:_]/;

/** The text cut after each joiner of its long runs: joined again, the pieces are the text. */
export function wrapPieces(text: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (const run of text.matchAll(/\S+/g)) {
    const word = run[0];
    if (word.length < LONG_RUN) continue;
    // A joiner at a run's end is no point to wrap at: the space after it is one already.
    for (let index = 0; index < word.length - 1; index++) {
      if (!JOINER.test(word[index]!) || JOINER.test(word[index + 1]!)) continue;
      const at = run.index + index + 1;
      pieces.push(text.slice(start, at));
      start = at;
    }
  }
  pieces.push(text.slice(start));
  return pieces;
}
