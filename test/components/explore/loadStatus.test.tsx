import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadStatus } from '../../../src/features/explore/LoadStatus';
import { ObjectSet } from '../../../src/objects/set/objectSet';

const NOTE = 'The demo server is preparing the 100,000-object model: about 10 s.';

afterEach(() => {
  vi.useRealTimers();
});

describe('the status line while the server has not answered', () => {
  it('says what the server is doing within a second, and counts the seconds waited', () => {
    vi.useFakeTimers();
    render(<LoadStatus set={new ObjectSet(Date.now())} waitingNote={NOTE} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(/^Connecting…$/);

    act(() => vi.advanceTimersByTime(500));
    expect(status).toHaveTextContent(`Connecting… ${NOTE} (0 s so far)`);
    act(() => vi.advanceTimersByTime(1000));
    expect(status).toHaveTextContent(`Connecting… ${NOTE} (1 s so far)`);
  });

  it('says only "Connecting…" when nothing is known about the wait', () => {
    vi.useFakeTimers();
    render(<LoadStatus set={new ObjectSet(Date.now())} />);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByRole('status')).toHaveTextContent(/^Connecting…$/);
  });
});
