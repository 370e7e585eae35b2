import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { editConnection, renderApp } from '../renderApp';
import { PROJECT_ID, ROOT_ID, SERVER, TOKEN } from '../speckleDouble';

const TOKENS_KEY = 'speckle-explorer.tokens.v1';

describe('Connection', () => {
  it('keeps the token in a password field that can be shown and hidden', async () => {
    const { user } = renderApp();
    await editConnection(user);
    const token = screen.getByLabelText('Access token');
    expect(token).toHaveAttribute('type', 'password');
    expect(token).toHaveValue(TOKEN);
    await user.click(screen.getByRole('button', { name: 'Show token' }));
    expect(screen.getByRole('textbox', { name: 'Access token' })).toHaveValue(TOKEN);
    await user.click(screen.getByRole('button', { name: 'Hide token' }));
    expect(screen.getByLabelText('Access token')).toHaveAttribute('type', 'password');
  });

  it('keeps the token for the session only unless asked to remember it', async () => {
    const { user } = renderApp();
    await editConnection(user);
    expect(sessionStorage.getItem(TOKENS_KEY)).toContain(TOKEN);
    expect(localStorage.getItem(TOKENS_KEY) ?? '').not.toContain(TOKEN);

    await user.click(screen.getByRole('checkbox', { name: 'Remember token on this device' }));
    expect(localStorage.getItem(TOKENS_KEY)).toContain(TOKEN);
    expect(sessionStorage.getItem(TOKENS_KEY)).not.toContain(TOKEN);

    await user.click(screen.getByRole('checkbox', { name: 'Remember token on this device' }));
    expect(localStorage.getItem(TOKENS_KEY)).not.toContain(TOKEN);
    expect(sessionStorage.getItem(TOKENS_KEY)).toContain(TOKEN);
  });

  it('forgets the token of one server, or every server and token', async () => {
    const { user } = renderApp();
    await editConnection(user);
    await user.click(screen.getByRole('checkbox', { name: 'Remember token on this device' }));
    await user.click(screen.getByRole('button', { name: 'Forget token' }));
    expect(screen.getByLabelText('Access token')).toHaveValue('');
    expect(localStorage.getItem(TOKENS_KEY)).not.toContain(TOKEN);
    expect(sessionStorage.getItem(TOKENS_KEY)).not.toContain(TOKEN);

    await user.type(screen.getByLabelText('Access token'), TOKEN);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Forget all' }));
    expect(screen.getByRole('textbox', { name: 'Server URL' })).toHaveValue('');
    expect(screen.getByLabelText('Access token')).toHaveValue('');
    expect(JSON.stringify({ ...localStorage })).not.toContain(TOKEN);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(TOKEN);
    expect(JSON.stringify({ ...localStorage })).not.toContain('speckle.test');
  });

  it('folds a server that is set up to one line after the lookup form, and edits it on request', async () => {
    const { user } = renderApp();
    const sidebar = screen.getByRole('complementary');
    expect(
      within(sidebar)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['Look up an object', 'Connection']);
    const connection = screen.getByRole('region', { name: 'Connection' });
    expect(connection).toHaveTextContent(`Test server ${SERVER} token set`);
    expect(screen.queryByRole('textbox', { name: 'Server URL' })).not.toBeInTheDocument();

    await user.click(within(connection).getByRole('button', { name: 'Edit connection' }));
    expect(screen.getByRole('textbox', { name: 'Server URL' })).toHaveValue(SERVER);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('textbox', { name: 'Server URL' })).not.toBeInTheDocument();
  });

  it("focuses a new server's URL field and names the server by its host, unless named", async () => {
    const { user } = renderApp();
    await editConnection(user);
    await user.click(screen.getByRole('button', { name: 'Add server' }));
    const url = screen.getByRole('textbox', { name: 'Server URL' });
    expect(url).toHaveFocus();
    await user.keyboard('https://app.speckle.systems/projects/0123456789');
    expect(screen.getByRole('textbox', { name: 'Connection name' })).toHaveValue(
      'app.speckle.systems',
    );
    expect(screen.getByRole('combobox', { name: 'Saved servers' })).toHaveDisplayValue(
      'app.speckle.systems',
    );

    const name = screen.getByRole('textbox', { name: 'Connection name' });
    await user.clear(name);
    await user.type(name, 'Production');
    await user.clear(url);
    await user.type(url, 'https://speckle.example.com');
    expect(name).toHaveValue('Production');
  });

  it('says what a lookup will try before any, and what answered after one', async () => {
    const { user } = renderApp();
    await editConnection(user);
    expect(screen.getByRole('textbox', { name: 'Server URL' })).toHaveAccessibleDescription(
      `Not checked yet: a lookup tries ${SERVER}/objects/…, then ${SERVER}/api/objects/….`,
    );
    await user.type(screen.getByRole('textbox', { name: 'Project ID' }), PROJECT_ID);
    await user.type(screen.getByRole('textbox', { name: 'Object ID' }), ROOT_ID);
    await user.click(screen.getByRole('button', { name: 'Get object' }));
    await screen.findByRole('article');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await editConnection(user);

    expect(screen.getByRole('textbox', { name: 'Server URL' })).toHaveAccessibleDescription(
      `A Speckle server answered at ${SERVER}/objects/….`,
    );
  });

  it('switches between the system, light and dark themes and remembers the choice', async () => {
    const { user } = renderApp();
    const theme = screen.getByRole('combobox', { name: 'Theme' });
    await user.selectOptions(theme, 'Dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    await user.selectOptions(theme, 'System');
    expect(document.documentElement.dataset.theme).toBeUndefined();
    await user.selectOptions(theme, 'Light');
    expect(localStorage.getItem('speckle-explorer.theme.v1')).toBe('light');
  });

  it('saves several servers by name and switches between them', async () => {
    const { user } = renderApp();
    await editConnection(user);
    await user.click(screen.getByRole('button', { name: 'Add server' }));
    const name = screen.getByRole('textbox', { name: 'Connection name' });
    await user.clear(name);
    await user.type(name, 'Production');
    await user.type(
      screen.getByRole('textbox', { name: 'Server URL' }),
      'https://app.speckle.systems',
    );
    expect(screen.getByLabelText('Access token')).toHaveValue('');

    const saved = screen.getByRole('combobox', { name: 'Saved servers' });
    await user.selectOptions(saved, 'Test server');
    expect(screen.getByRole('textbox', { name: 'Server URL' })).toHaveValue('https://speckle.test');
    expect(screen.getByLabelText('Access token')).toHaveValue(TOKEN);
    await user.selectOptions(saved, 'Production');
    expect(screen.getByRole('textbox', { name: 'Server URL' })).toHaveValue(
      'https://app.speckle.systems',
    );
  });

  it.each([
    ['https://app.speckle.systems/', /https:\/\/app\.speckle\.systems\/objects/],
    [
      'https://app.speckle.systems/projects/4f7e2b9a1c/models/abc',
      /rest of the pasted link was dropped/,
    ],
    ['ftp://example.com', /http or https/i],
  ])('reads the server address %s', async (address, hint) => {
    const { user } = renderApp({ server: null });
    await user.type(screen.getByRole('textbox', { name: 'Server URL' }), address);
    expect(screen.getByText(hint)).toBeInTheDocument();
  });

  it.each([
    ['not JSON', '{broken'],
    ['the wrong shape', JSON.stringify({ servers: [{ id: 1, url: null }], selectedId: 7 })],
    ['an old format', JSON.stringify(['https://old.example'])],
  ])('starts cleanly when saved servers hold %s', (_case, saved) => {
    localStorage.setItem('speckle-explorer.servers.v1', saved);
    sessionStorage.setItem(TOKENS_KEY, '"not an object"');
    renderApp({ server: null });
    expect(screen.getByRole('textbox', { name: 'Server URL' })).toHaveValue('');
    expect(screen.getByLabelText('Access token')).toHaveValue('');
  });
});
