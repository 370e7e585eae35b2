import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../renderApp';
import {
  CUBE_LINES,
  linesResponse,
  PROJECT_ID,
  requests,
  ROOT_ID,
  SERVER,
  speckleServer,
  streamOf,
} from '../speckleDouble';

describe('a search written into the address', () => {
  it('does not ask the server again for an incomplete result the user asked for', async () => {
    // The first answer breaks halfway: the result ends incomplete.
    speckleServer.use(
      http.get(
        `${SERVER}/objects/:p/:o`,
        () => linesResponse(streamOf(CUBE_LINES.slice(0, CUBE_LINES.length / 2), { error: true })),
        { once: true },
      ),
    );
    const { user, router } = renderApp();
    await user.type(screen.getByRole('textbox', { name: 'Project ID' }), PROJECT_ID);
    await user.type(screen.getByRole('textbox', { name: 'Object ID' }), ROOT_ID);
    await user.click(screen.getByRole('button', { name: 'Get with children' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/stopped before the server/);
    const asked = requests.length;

    await user.type(screen.getByRole('searchbox', { name: 'Search all objects' }), 'Mesh');

    await waitFor(() => expect(router.state.location.search).toContain('search=Mesh'));
    expect(await screen.findByText(/^Searched all /)).toBeInTheDocument();
    expect(requests.length).toBe(asked);
    expect(screen.getByRole('alert')).toHaveTextContent(/stopped before the server/);
  });
});
