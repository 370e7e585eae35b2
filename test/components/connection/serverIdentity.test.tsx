import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_TOKEN, PUBLIC_ONLY_TOKEN } from '../../../demo/catalog';
import { graphqlHandlers } from '../graphqlDouble';
import { renderApp } from '../renderApp';
import { SERVER, speckleServer } from '../speckleDouble';

async function askWhoTheTokenIs(token: string) {
  speckleServer.use(...graphqlHandlers(SERVER));
  const { user } = renderApp({ token });
  await user.click(screen.getByRole('button', { name: 'Who is this token?' }));
  const connection = screen.getByRole('region', { name: 'Connection' });
  return connection;
}

describe('Connection identity', () => {
  it("shows the server's name and the token's account where the token allows", async () => {
    const connection = await askWhoTheTokenIs(DEMO_TOKEN);
    expect(await screen.findByText(/signed in as Alice/)).toBeInTheDocument();
    expect(connection).toHaveTextContent(/Server “.+”, signed in as Alice/);
  });

  it('says a token without profile:read is read-only, without an alert', async () => {
    await askWhoTheTokenIs(PUBLIC_ONLY_TOKEN);
    expect(await screen.findByText(/the token is read-only/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why it cannot tell, in one sentence of its own before the server’s', async () => {
    await askWhoTheTokenIs('not-a-token');
    expect(await screen.findByText(/^Could not ask/)).toHaveTextContent(
      /^Could not ask who this token is\. The server rejected the access token as not valid \(403\)\./,
    );
  });
});
