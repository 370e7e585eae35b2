/** Where a search across objects stands, in words. */
import { countOf, formatCount, pluralOf } from '../../../speckle/counts';
import type { MatchOptions } from '../../../speckle/searchQuery';
import { TEXT_LIMIT } from '../../../speckle/textLimit';

export interface SearchFigures {
  query: string;
  options: MatchOptions;
  /** `waiting` until the search has answered; `cancelled` once stopped by the user; `too-long`
   * once a regular expression ran too long (`stalled`: the page ended the worker). */
  state: 'waiting' | 'searching' | 'caught-up' | 'cancelled' | 'too-long';
  stalled: boolean;
  scanned: number;
  /** Objects the search had been given when it last reported. */
  available: number;
  objects: number;
  matches: number;
}

interface SetProgress {
  /** Distinct objects the page holds. */
  received: number;
  loading: boolean;
  /** Of those, objects too large to read as text (speckle/textLimit.ts), which go unsearched. */
  tooLarge: number;
  /**
   * Of those, objects whose text the browser's storage did not keep (it filled during the load),
   * which go unsearched: the last ones received.
   */
  unkept?: number;
}

const count = formatCount;
const objects = (n: number) => countOf(n, 'object', 'objects');

/** The options that differ from plain text, as words after the query. */
function optionWords(options: MatchOptions): string {
  const words = [
    options.matchCase && 'match case',
    options.wholeWord && 'whole words',
    options.regex && 'regular expression',
    options.scope === 'keys' && 'property names only',
    options.scope === 'values' && 'values only',
  ].filter(Boolean);
  return words.length === 0 ? '' : ` (${words.join(', ')})`;
}

export function searchStatusText(figures: SearchFigures, set: SetProgress): string {
  if (figures.query === '') return '';
  const { tooLarge, unkept = 0 } = set;
  const unsearched =
    tooLarge === 0
      ? ''
      : ` Of these, ${objects(tooLarge)} over ${TEXT_LIMIT} ` +
        `${pluralOf(tooLarge, 'is', 'are')} left out: ${pluralOf(tooLarge, 'its', 'their')} text is ` +
        'not read.';
  const notKept =
    unkept === 0
      ? ''
      : ` The last ${objects(unkept)} received ${pluralOf(unkept, 'is', 'are')} left out: the ` +
        'browser’s storage did not keep their text.';
  return progressText(figures, set) + unsearched + notKept;
}

function progressText(figures: SearchFigures, set: SetProgress): string {
  const { scanned, state } = figures;
  // The results lag the box while typing pauses: say which query they answer.
  const quoted = `"${figures.query}"${optionWords(figures.options)}`;
  const total = Math.max(figures.available, set.received - (set.unkept ?? 0));
  const found =
    figures.objects === 0
      ? 'no object matches'
      : `${countOf(figures.matches, 'match', 'matches')} in ${objects(figures.objects)}`;
  if (state === 'too-long') {
    const where = figures.stalled
      ? 'one object took it over'
      : `object ${count(scanned)} took it over`;
    return (
      `Stopped: the regular expression ran too long (${where} the time allowed). Searched ` +
      `${count(scanned)} of ${objects(total)} for ${quoted}; ${found} until then. ` +
      'A simpler pattern, or one anchored to a word, runs faster.'
    );
  }
  if (state === 'cancelled') {
    return `Cancelled: searched ${count(scanned)} of ${objects(total)} for ${quoted}; ${found}.`;
  }
  if (state === 'waiting' || scanned < total) {
    return `Searched ${count(scanned)} of ${objects(total)} for ${quoted}; ${found} so far…`;
  }
  if (set.loading) {
    return (
      `Searched the ${objects(scanned)} received so far for ${quoted}; ${found}. ` +
      'The model is still loading: objects that arrive are searched too.'
    );
  }
  return `Searched all ${objects(scanned)} for ${quoted}: ${found}.`;
}
