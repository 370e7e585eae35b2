import { useCallback, useEffect, useRef, useState } from 'react';
import type { ObjectSet } from '../../objects/set/objectSet';
import { errorText } from '../../lib/errorText';
import type { DoctorReport } from './core/report';
import { openDoctorChannel } from './worker/doctorChannel';
import { BatchBuffers, sendTexts } from './worker/textBatches';

export type CheckState =
  | { state: 'idle' }
  | { state: 'running'; checked: number; total: number }
  | { state: 'done'; report: DoctorReport; unread: number }
  | { state: 'cancelled'; checked: number; total: number }
  | { state: 'failed'; message: string };

const IDLE: CheckState = { state: 'idle' };

/**
 * Checks the set's objects in the model doctor's worker, on request: every text goes across once,
 * the worker keeps only what the rules need. A new set or root, or leaving the page, stops it.
 */
export function useModelCheck(set: ObjectSet, rootId: string | null) {
  // Kept with the set and root it is for: another set or root starts idle.
  const [kept, setKept] = useState<{ set: ObjectSet; rootId: string | null; check: CheckState }>();
  const stop = useRef<(() => void) | null>(null);
  const setState = useCallback(
    (next: CheckState | ((current: CheckState) => CheckState)) =>
      setKept((current) => {
        const before = current?.set === set && current.rootId === rootId ? current.check : IDLE;
        return { set, rootId, check: typeof next === 'function' ? next(before) : next };
      }),
    [set, rootId],
  );

  useEffect(() => {
    return () => {
      stop.current?.();
      stop.current = null;
    };
  }, [set, rootId]);

  const start = useCallback(() => {
    stop.current?.();
    let stopped = false;
    const total = set.summaries.length;
    const buffers = new BatchBuffers();
    const end = (next: CheckState) => {
      stopped = true;
      channel.close();
      buffers.close();
      setState(next);
    };
    const channel = openDoctorChannel((message) => {
      if (stopped) return;
      if (message.type === 'progress') {
        buffers.give(message.buffer);
        setState({ state: 'running', checked: message.checked, total });
      } else if (message.type === 'report') {
        end({ state: 'done', report: message.report, unread: message.unread });
      } else end({ state: 'failed', message: `The check failed: ${message.message}` });
    });
    stop.current = () => {
      stopped = true;
      channel.close();
      buffers.close();
    };
    setState({ state: 'running', checked: 0, total });
    channel.send({ type: 'start', rootId });
    sendTexts(
      set,
      (batch) => channel.send({ type: 'batch', ...batch }),
      () => stopped,
      buffers,
    ).then(
      (unread) => {
        if (!stopped) channel.send({ type: 'finish', unread });
      },
      (error: unknown) => {
        if (!stopped) end({ state: 'failed', message: `The check failed: ${errorText(error)}` });
      },
    );
  }, [set, rootId, setState]);

  const cancel = useCallback(() => {
    stop.current?.();
    stop.current = null;
    setState((current) =>
      current.state === 'running'
        ? { state: 'cancelled', checked: current.checked, total: current.total }
        : current,
    );
  }, [setState]);

  const state = kept?.set === set && kept.rootId === rootId ? kept.check : IDLE;
  return { state, start, cancel };
}
