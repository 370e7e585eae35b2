import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../src/app/queryClient';

describe("the app's query client", () => {
  it('shows a lookup that failed before its page mounted, without asking again', async () => {
    const client = createQueryClient();
    let requests = 0;
    const options = {
      queryKey: ['lookup', 'unreachable'],
      queryFn: () => {
        requests += 1;
        return Promise.reject(new Error('Could not reach the server'));
      },
      retry: false,
    };
    // The route's loader starts the lookup; the page mounts once it has already failed.
    await client.prefetchQuery(options);
    expect(requests).toBe(1);

    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useQuery(options), { wrapper });

    await waitFor(() => expect(result.current.error?.message).toBe('Could not reach the server'));
    expect(result.current.isFetching).toBe(false);
    expect(requests).toBe(1);
  });
});
