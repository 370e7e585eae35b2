import { useEffect, useState } from 'react';
import type { ObjectSet } from '../../../objects/set/objectSet';
import type { ObjectLinks } from '../../../speckle/graph/objectLinks';
import { errorText } from '../../../lib/errorText';
import { openLinks, type LinksChannel, type LinksProgress } from './linksChannel';

interface LinksIndex {
  progress: LinksProgress | null;
  channel: LinksChannel | null;
}

const NOT_STARTED: LinksIndex = { progress: null, channel: null };

/**
 * The index of who points where for `set`, built once its load has ended (what arrived is then
 * all there will be) and kept while the result is shown. The objects' texts the loader defers are
 * asked for first: the index reads every one.
 */
export function useLinksIndex(set: ObjectSet, ended: boolean): LinksIndex {
  const [index, setIndex] = useState<LinksIndex & { set?: ObjectSet }>(NOT_STARTED);
  useEffect(() => {
    if (!ended) return;
    let channel: LinksChannel | null = null;
    let live = true;
    void set.wantBytes().then(() => {
      if (!live) return;
      const opened = openLinks(set, (progress) => {
        if (live) setIndex({ set, channel: opened, progress });
      });
      channel = opened;
      setIndex({ set, channel: opened, progress: { state: 'building', read: 0, available: 0 } });
    });
    return () => {
      live = false;
      channel?.close();
    };
  }, [set, ended]);
  return index.set === set ? index : NOT_STARTED;
}

export type ObjectLinksAnswer =
  | { state: 'waiting' }
  | { state: 'done'; links: ObjectLinks }
  | { state: 'failed'; message: string };

/** What the index says of `id`, asked once the index exists and answered once it is built. */
export function useObjectLinks(channel: LinksChannel | null, id: string): ObjectLinksAnswer {
  const [answer, setAnswer] = useState<{
    channel: LinksChannel;
    id: string;
    answer: ObjectLinksAnswer;
  }>();
  useEffect(() => {
    if (!channel) return;
    let live = true;
    channel.about(id).then(
      (links) => live && setAnswer({ channel, id, answer: { state: 'done', links } }),
      (error: unknown) =>
        live && setAnswer({ channel, id, answer: { state: 'failed', message: errorText(error) } }),
    );
    return () => {
      live = false;
    };
  }, [channel, id]);
  return answer?.channel === channel && answer.id === id ? answer.answer : { state: 'waiting' };
}
