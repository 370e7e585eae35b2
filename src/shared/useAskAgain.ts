/**
 * An explicit request for a lookup (the form's Get, Enter, an example link: a navigation that pushes a
 * history entry with LOOKUP_REQUEST) asks the server again when the answer it finds was shown before,
 * for another request, and is broken: a load that failed, ended incomplete or brought objects that
 * are not valid JSON (a single object's text included). A whole answer, or one still arriving, stays as it is. That holds wherever the
 * answer was shown before: on this page, or at another address of the same lookup (a viewer link
 * and its object route share one answer). Back and Forward ask nothing: they show what was kept,
 * as it ended. An answer seen for the first time was started for this very request (by the route's
 * loader, or by the page's query), and is never asked again: it can fail before the page draws (a
 * malformed line comes fast), and asking again then would replace that failure with a second one.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import type { SingleObjectResponse } from '../api/client';
import { perQueryClient } from '../api/perQueryClient';
import { isLoading, isWholeResult } from '../objects/set/loadProgress';
import { ObjectSet } from '../objects/set/objectSet';
import { askAgain } from '../objects/load/objectSetQuery';
import { lookupRequestOf } from '../connection/useLookupServer';

/** Per answer (a set, a single object or an error), the request it was last shown for. */
const shownFor = perQueryClient(() => new WeakMap<object, string | null>());

/**
 * `answer` is what the lookup's query holds now (its error, else its data): a new object for each
 * time the server is asked.
 */
export function useAskAgain(queryKey: readonly unknown[], answer: object | undefined): void {
  const client = useQueryClient();
  const popped = useNavigationType() === 'POP';
  const location = useLocation();
  const request = popped ? null : lookupRequestOf(location);
  const lookup = JSON.stringify(queryKey);
  const showAnswer = useEffectEvent((shown: object) => {
    const record = shownFor(client);
    const before = record.get(shown);
    const seenBefore = record.has(shown);
    record.set(shown, request);
    if (seenBefore && request !== null && request !== before && isBroken(shown)) {
      void askAgain(client, queryKey);
    }
  });
  useEffect(() => {
    if (answer) showAnswer(answer);
  }, [lookup, request, answer]);
}

function isBroken(answer: object): boolean {
  if (answer instanceof ObjectSet) {
    const progress = answer.getProgress();
    return !isLoading(progress) && !isWholeResult(progress);
  }
  if (answer instanceof Error) return true;
  return isSingleObjectAnswer(answer) && !isValidJson(answer.raw);
}

function isSingleObjectAnswer(answer: object): answer is SingleObjectResponse {
  return 'raw' in answer && typeof answer.raw === 'string';
}

// Parsed here, not kept from the view's parse: this runs only when an answer already shown is asked
// for again, and an object over 64 MB never gets this far (the single lookup refuses it).
function isValidJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
