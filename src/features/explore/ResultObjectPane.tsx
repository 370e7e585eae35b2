import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { singleObjectQuery, type ObjectQueryInput } from '../../api/objects';
import type { ObjectSet } from '../../objects/set/objectSet';
import { shortTypeName } from '../../speckle/types';
import { objectSource, type ObjectSource } from './tree/objectSource';
import { ObjectTrail } from './ObjectTrail';
import { ObjectView } from './tree/ObjectView';
import { useArrival } from '../../objects/set/useLoadProgress';
import { useObjectSource } from './tree/useObjectSource';
import type { ObjectNavigation } from './useObjectNavigation';
import { ObjectLinksPanel } from './links/ObjectLinksPanel';
import { useLinksIndex, useObjectLinks } from './links/useObjectLinks';

/**
 * The shown object of a with-children result, with the trail that led to it. An object followed
 * before the load has brought it is fetched on its own beside the load, which goes on; objects read
 * from files (no `input`) are never asked of any server.
 */
export function ResultObjectPane({
  set,
  input,
  projectId,
  host,
  navigation,
  loading,
  onFollow,
  speckleUrlOf,
}: {
  set: ObjectSet;
  /** The server lookup, or null for objects read from files. */
  input: ObjectQueryInput | null;
  /** With `host`, names the result in the names of saved files. */
  projectId: string;
  host: string;
  navigation: ObjectNavigation;
  loading: boolean;
  onFollow: (id: string) => void;
  speckleUrlOf: ((objectId: string) => string) | null;
}) {
  const { shownId } = navigation;
  const links = useLinksIndex(set, !loading);
  const answer = useObjectLinks(links.channel, shownId);
  return (
    <>
      <ObjectTrail
        trail={navigation.trail}
        hrefFor={navigation.hrefFor}
        titleOf={(id) => titleOf(set, id)}
      />
      <ShownObject
        // Each object shown has its own state: which source it was read from, above all.
        key={shownId}
        set={set}
        id={shownId}
        input={input && { ...input, objectId: shownId }}
        loading={loading}
        followedEarly={navigation.fetchApart}
        onOpenSingle={() => navigation.openSingle(shownId)}
        view={(source) => (
          <ObjectView
            source={source}
            objectId={shownId}
            projectId={projectId}
            host={host}
            objects={set}
            onFollow={onFollow}
            reveal={navigation.reveal}
            speckleUrl={speckleUrlOf?.(shownId) ?? null}
            fromFiles={input === null}
          />
        )}
      />
      <ObjectLinksPanel
        progress={links.progress}
        answer={answer}
        hrefFor={navigation.hrefFor}
        onOpen={(id, path) => navigation.open(id, { via: 'reference', reveal: path ?? undefined })}
        titleOf={(id) => titleOf(set, id)}
      />
    </>
  );
}

function ShownObject({
  set,
  id,
  input,
  loading,
  followedEarly,
  onOpenSingle,
  view,
}: {
  set: ObjectSet;
  id: string;
  /** The shown object's address on its server: its id in the result's project; null for files. */
  input: ObjectQueryInput | null;
  loading: boolean;
  /** It was followed before the load brought it, so it is asked for on its own meanwhile. */
  followedEarly: boolean;
  onOpenSingle: () => void;
  view: (source: ObjectSource) => ReactNode;
}) {
  const { arrival, readError } = useArrival(set, id);
  const fromSet = useObjectSource(set, id, arrival === 'readable');
  const missing = loading && arrival === 'absent';
  // Asked for on its own from the moment it was missing, for as long as it is shown.
  const [fetchApart, setFetchApart] = useState(false);
  if (input && followedEarly && missing && !fetchApart) setFetchApart(true);
  if (input && fetchApart) {
    return (
      <FetchedApart
        input={input}
        wanted={missing}
        loading={loading}
        fromSet={fromSet}
        view={view}
      />
    );
  }
  if (fromSet) return view(fromSet);
  if (readError) {
    return (
      <p className="error-text" role="alert">
        Object {id} could not be read: {readError}
      </p>
    );
  }
  if (arrival !== 'absent') return <p className="hint">Reading object {id}…</p>;
  if (loading) return <p className="hint">Object {id} has not arrived yet.</p>;
  if (!input) return <p className="hint">Object {id} is not in these files.</p>;
  return (
    <div className="hint">
      <p>Object {id} is not in this result.</p>
      <button type="button" onClick={onOpenSingle}>
        Get it on its own
      </button>
    </div>
  );
}

/** An object the load had not brought when it was shown, from the single endpoint. */
function FetchedApart({
  input,
  wanted,
  loading,
  fromSet,
  view,
}: {
  input: ObjectQueryInput;
  /** False once the load has brought it, or has ended. */
  wanted: boolean;
  loading: boolean;
  fromSet: ObjectSource | undefined;
  view: (source: ObjectSource) => ReactNode;
}) {
  const id = input.objectId;
  const { data, error } = useQuery({ ...singleObjectQuery(input), enabled: wanted });
  const raw = data?.raw;
  const apart = useMemo(() => (raw === undefined ? undefined : objectSource(() => raw)), [raw]);
  // Once shown from its own answer it stays so: read again from the load when it arrives there,
  // the tree would start again and lose what the user had opened.
  const [shownApart, setShownApart] = useState(false);
  if (apart && !fromSet && !shownApart) setShownApart(true);
  if (apart && (shownApart || !fromSet)) {
    return (
      <>
        <p className="hint">
          Object {id} had not arrived in this load yet, so it was fetched on its own
          {loading ? '; the load goes on.' : '.'}
        </p>
        {view(apart)}
      </>
    );
  }
  if (fromSet) return view(fromSet);
  const failure = error instanceof Error ? error.message : error && String(error);
  return (
    <p className="hint">
      Object {id} has not arrived yet: it shows here when it does.{' '}
      {failure ? `Fetching it on its own failed: ${failure}` : 'Fetching it on its own…'}
    </p>
  );
}

function titleOf(set: ObjectSet, id: string): string {
  const summary = set.summary(id);
  return summary ? `${shortTypeName(summary.speckleType)} ${id.slice(0, 8)}` : id.slice(0, 8);
}
