import { useEffect, useEffectEvent, useRef } from 'react';
import type { ObjectSet } from '../../objects/set/objectSet';
import type { LoadProgress } from '../../objects/set/loadProgress';
import { countOf, formatCount } from '../../speckle/counts';
import { formatBytes } from '../../speckle/text';
import { RetryCountdown } from '../../shared/waits/RetryCountdown';
import { useLoadProgress } from '../../objects/set/useLoadProgress';
import { useNow } from '../../shared/waits/useNow';
import { loadAnnouncement, type Announcement } from './loadAnnouncement';

/**
 * The counter (role status): counts against the root's closure, then the final count, updated as
 * objects arrive but not read out each time; beside it, the live region that tells a screen
 * reader the load's start, milestones and end (loadAnnouncement).
 */
export function LoadStatus({
  set,
  waitingNote = null,
  countAgainstFirstClosure = true,
}: {
  set: ObjectSet;
  /** What the server is doing while it has not answered, when that is known (a model the server builds). */
  waitingNote?: string | null;
  /**
   * Whether the first object's closure counts what is to come, as a server's root does. In opened
   * files the first object need not be the root: their objects are counted alone.
   */
  countAgainstFirstClosure?: boolean;
}) {
  const loaded = useLoadProgress(set);
  const progress = countAgainstFirstClosure ? loaded : { ...loaded, expected: null };
  const { retry } = progress;
  return (
    <>
      <p role="status" aria-live="off" className="status">
        {progress.status === 'waiting' && waitingNote ? (
          <Waiting since={progress.startedAt} note={waitingNote} />
        ) : retry ? (
          <RetryCountdown key={retry.attempt} error={progress.error} wait={retry} />
        ) : (
          statusText(progress) + damagedNote(progress.damaged) + storageText(progress)
        )}
      </p>
      <Announcer announcement={loadAnnouncement(progress)} />
    </>
  );
}

/**
 * The live region, holding the text of the stage the load entered last as it read then, until
 * the next stage. It is drawn empty and filled after: a screen reader reads a live region's
 * changes, not what it held when it appeared, and the start is worth telling.
 */
function Announcer({ announcement }: { announcement: Announcement }) {
  const region = useRef<HTMLParagraphElement>(null);
  const tell = useEffectEvent(() => {
    if (region.current) region.current.textContent = announcement.text;
  });
  useEffect(() => tell(), [announcement.key]);
  return <p ref={region} className="visually-hidden" aria-live="polite" aria-atomic="true" />;
}

/** A wait this long is the server's own work: from then on, the note says what it is doing. */
const NOTE_AFTER_MS = 500;

/** "Connecting…", then what the server is doing and the seconds waited so far. */
function Waiting({ since, note }: { since: number; note: string }) {
  const waited = useNow(NOTE_AFTER_MS) - since;
  if (waited < NOTE_AFTER_MS) return 'Connecting…';
  return `Connecting… ${note} (${Math.floor(waited / 1000)} s so far)`;
}

function statusText(progress: LoadProgress, now = Date.now()): string {
  const { status, received, expected, bytes } = progress;
  if (status === 'waiting') return 'Connecting…';
  if (status === 'failed') return 'Nothing received.';
  const count =
    status === 'complete' || expected === null || received > expected
      ? countOf(received, 'object', 'objects')
      : `${formatCount(received)} of ${countOf(expected, 'object', 'objects')}`;
  const elapsed = ((progress.finishedAt ?? now) - progress.startedAt) / 1000;
  const details = `${formatBytes(bytes)} in ${elapsed.toFixed(1)} s`;
  switch (status) {
    case 'loading':
      return `${count}, ${details}…`;
    case 'complete':
      return `${count}, ${details}${expected !== null && expected !== received ? ` (the root lists ${formatCount(expected)})` : ''}`;
    case 'incomplete':
      return `${count} (incomplete), ${details}`;
  }
}

/** Where a big body is kept: said once it spilled to disk, or why it could not. */
function storageText({ stored, storageNote }: LoadProgress): string {
  if (storageNote) return ` — ${storageNote}`;
  return stored === 'disk' ? ' — kept on disk in the browser’s storage' : '';
}

/** Lines whose text is not whole JSON are kept and listed; the status line says how many. */
function damagedNote(damaged: number): string {
  return damaged === 0 ? '' : ` — ${countOf(damaged, 'object is', 'objects are')} not valid JSON`;
}
