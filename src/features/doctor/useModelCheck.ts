import { useCallback, useEffect, useRef, useState } from 'react';
import type { ObjectSet } from '../../objects/set/objectSet';
import type { DoctorReport } from './core/report';
import { openDoctorChannel, type DoctorChannel } from './worker/doctorChannel';

export type CheckState =
  | { state: 'idle' }
  | { state: 'running'; checked: number; total: number }
  | { state: 'done'; report: DoctorReport; unread: number }
  | { state: 'cancelled'; checked: number; total: number }
  | { state: 'failed'; message: string };

const IDLE: CheckState = { state: 'idle' };

/**
 * Checks the set's objects in the model doctor's worker, on request: the worker reads every text
 * once and keeps only what the rules need. A new set or root, or leaving the page, stops it.
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
    let channel: DoctorChannel | null = null;
    const close = () => {
      stopped = true;
      channel?.close();
    };
    stop.current = close;
    setState({ state: 'running', checked: 0, total: set.getProgress().readable });
    // The texts the loader defers are asked for first: the check reads every one.
    void set.wantBytes().then(() => {
      if (stopped) return;
      channel = openDoctorChannel(set, (answer) => {
        if (stopped) return;
        if (answer.type === 'progress') {
          setState({ state: 'running', checked: answer.checked, total: answer.total });
          return;
        }
        close();
        setState(
          answer.type === 'report'
            ? { state: 'done', report: answer.report, unread: answer.unread }
            : { state: 'failed', message: `The check failed: ${answer.message}` },
        );
      });
      channel.start(rootId);
    });
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
