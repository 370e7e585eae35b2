import { Fragment } from 'react';
import { splitInvisibles } from '../lib/invisibles';
import { wrapPieces } from '../lib/wrapPoints';
import { matchRanges } from '../speckle/search';
import type { TextRange } from '../speckle/searchPattern';

/**
 * Text from a model as the views show it: each match of the search query (or each of `marks`) in `<mark>`, and each
 * invisible or direction-changing character as its marked escape (lib/invisibles.ts), so that no
 * key can pass for another; a long type name or path may wrap between its parts (lib/wrapPoints.ts).
 */
export function ShownText({
  text,
  query = '',
  marks,
}: {
  text: string;
  query?: string;
  /** Where to mark, when the matches are known already (the search across objects). */
  marks?: readonly TextRange[];
}) {
  const ranges = marks ?? (query.trim() === '' ? [] : matchRanges(text, query));
  const parts = [];
  let at = 0;
  for (const { start, end } of ranges) {
    if (start > at) parts.push(<Visible key={at} text={text.slice(at, start)} />);
    parts.push(
      <mark key={start}>
        <Visible text={text.slice(start, end)} />
      </mark>,
    );
    at = end;
  }
  if (at < text.length || parts.length === 0)
    parts.push(<Visible key={at} text={text.slice(at)} />);
  return <>{parts}</>;
}

function Visible({ text }: { text: string }) {
  return (
    <>
      {splitInvisibles(text).map(({ text: piece, invisible }, index) =>
        invisible ? (
          <span
            key={index}
            className="invisible-char"
            title={`${invisible.escape.replace('\\u', 'U+')} ${invisible.name}`}
          >
            {invisible.escape}
          </span>
        ) : (
          <Wrappable key={index} text={piece} />
        ),
      )}
    </>
  );
}

function Wrappable({ text }: { text: string }) {
  const pieces = wrapPieces(text);
  return pieces.map((piece, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {piece}
    </Fragment>
  ));
}
