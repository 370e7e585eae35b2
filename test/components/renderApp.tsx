import { render, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { AppProviders } from '../../src/app/AppProviders';
import { createQueryClient } from '../../src/app/queryClient';
import { createAppRoutes } from '../../src/app/routes';
import { ConnectionStore } from '../../src/connection/connectionStore';
import { SERVERS_KEY, TOKENS_KEY, type ServerExamples } from '../../src/connection/connectionState';
import { saveServer } from '../../demo/explorerSetup';
import { SERVER, TOKEN } from './speckleDouble';

/**
 * Mounts the real app (providers, routes, stores) at a route, with a test server saved before it
 * starts, as the dev server's setup script saves the demo server.
 */
export function renderApp({
  route = '/',
  server = SERVER,
  token = TOKEN,
  examples,
  webApp,
}: {
  route?: string;
  server?: string | null;
  token?: string;
  examples?: ServerExamples;
  webApp?: boolean;
} = {}) {
  if (server !== null) {
    saveServer(
      { name: 'Test server', url: server, token, examples, webApp },
      { servers: SERVERS_KEY, tokens: TOKENS_KEY },
      { local: localStorage, session: sessionStorage },
    );
  }
  const connections = new ConnectionStore({ local: localStorage, session: sessionStorage });
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
