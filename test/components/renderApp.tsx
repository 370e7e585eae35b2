import { render, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { AppProviders } from '../../src/app/AppProviders';
import { createQueryClient } from '../../src/app/queryClient';
import { createAppRoutes } from '../../src/app/routes';
import { ConnectionStore } from '../../src/connection/connectionStore';
import { SERVER, TOKEN } from './speckleDouble';

/** Mounts the real app (providers, routes, stores) at a route, with a saved test server. */
export function renderApp({
  route = '/',
  server = SERVER,
  token = TOKEN,
}: { route?: string; server?: string | null; token?: string } = {}) {
  const connections = new ConnectionStore({ local: localStorage, session: sessionStorage });
  if (server !== null) {
    const id = connections.selected()?.id;
    if (id) {
      connections.update(id, { name: 'Test server', url: server });
      connections.setToken(id, token);
    }
  }
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createAppRoutes({ queryClient, connections }), {
    initialEntries: [route],
  });
  const user = userEvent.setup();
  const view = render(
    <AppProviders router={router} queryClient={queryClient} connections={connections} />,
  );
  return { ...view, user, router, connections, queryClient };
}

/**
 * Waits for the object view to show `text`: an object is read, then parsed, in the tasks after it
 * is opened.
 */
export function expectShownObject(text: string): Promise<void> {
  return waitFor(() => {
    expect(screen.getByRole('article')).toHaveTextContent(text);
  });
}

/** Opens the connection's editor, which a server that is set up shows folded to one line. */
export async function editConnection(user: UserEvent): Promise<void> {
  const edit = screen.queryByRole('button', { name: 'Edit connection' });
  if (edit) await user.click(edit);
}
