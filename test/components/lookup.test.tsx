import { screen } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderApp } from './renderApp';
import { PROJECT_ID, ROOT_ID } from './speckleDouble';

describe('Lookup form', () => {
  it('fills both ids from a pasted viewer link and offers its server', async () => {
    const { user, connections } = renderApp();
    screen.getByRole('textbox', { name: 'Object ID' }).focus();
    await user.paste(`https://app.speckle.systems/projects/${PROJECT_ID}/models/${ROOT_ID}#view`);
    expect(screen.getByRole('textbox', { name: 'Project ID' })).toHaveValue(PROJECT_ID);
    expect(screen.getByRole('textbox', { name: 'Object ID' })).toHaveValue(ROOT_ID);

    await user.click(
      screen.getByRole('button', { name: 'Use server https://app.speckle.systems' }),
    );
    expect(connections.selected()?.url).toBe('https://app.speckle.systems');
    expect(screen.getByRole('textbox', { name: 'Server URL' })).toHaveValue(
      'https://app.speckle.systems',
    );
  });

  it('fills both ids from a legacy link pasted into the project field', async () => {
    const { user } = renderApp();
    screen.getByRole('textbox', { name: 'Project ID' }).focus();
    await user.paste(`https://speckle.test/streams/${PROJECT_ID}/objects/${ROOT_ID}`);
    expect(screen.getByRole('textbox', { name: 'Project ID' })).toHaveValue(PROJECT_ID);
    expect(screen.getByRole('textbox', { name: 'Object ID' })).toHaveValue(ROOT_ID);
    expect(screen.queryByRole('button', { name: /^Use server/ })).not.toBeInTheDocument();
  });

  it('explains why a model link cannot be fetched', async () => {
    const { user } = renderApp();
    screen.getByRole('textbox', { name: 'Object ID' }).focus();
    await user.paste(`https://speckle.test/projects/${PROJECT_ID}/models/0123456789@abcdef0123`);
    expect(screen.getByRole('textbox', { name: 'Project ID' })).toHaveValue(PROJECT_ID);
    expect(screen.getByText(/GraphQL/)).toBeInTheDocument();
  });

  it('warns about a model id in the object field without refusing it', async () => {
    const { user, router } = renderApp();
    await user.type(screen.getByRole('textbox', { name: 'Project ID' }), PROJECT_ID);
    await user.type(screen.getByRole('textbox', { name: 'Object ID' }), ' 0123456789 ');
    expect(screen.getByText(/looks like a model or version id/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get object' }));
    expect(router.state.location.pathname).toBe(`/objects/${PROJECT_ID}/0123456789/single`);
  });

  it('offers the lowercase form of an uppercase id', async () => {
    const { user } = renderApp();
    await user.type(screen.getByRole('textbox', { name: 'Object ID' }), ROOT_ID.toUpperCase());
    await user.click(screen.getByRole('button', { name: 'Use lowercase id' }));
    expect(screen.getByRole('textbox', { name: 'Object ID' })).toHaveValue(ROOT_ID);
  });

  it('asks for missing ids instead of sending a request', async () => {
    const { user, router } = renderApp();
    await user.type(screen.getByRole('textbox', { name: 'Project ID' }), PROJECT_ID);
    await user.click(screen.getByRole('button', { name: 'Get with children' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an object id.');
    expect(router.state.location.pathname).toBe('/');
  });

  it.each(['Get object', 'Get with children'])(
    '%s sends its request before it draws the result page',
    async (button) => {
      const { user, router } = renderApp();
      const pagesAtRequest: string[] = [];
      const fetch = globalThis.fetch;
      const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
        pagesAtRequest.push(router.state.location.pathname);
        return fetch(input, init);
      });
      onTestFinished(() => spy.mockRestore());
      await user.type(screen.getByRole('textbox', { name: 'Project ID' }), PROJECT_ID);
      await user.type(screen.getByRole('textbox', { name: 'Object ID' }), ROOT_ID);

      await user.click(screen.getByRole('button', { name: button }));

      expect(await screen.findByRole('status')).toHaveTextContent(/object/);
      expect(screen.getByRole('region', { name: 'Result' })).toBeInTheDocument();
      expect(pagesAtRequest).toEqual(['/']);
    },
  );

  it('keeps ids with slashes and percent signs inside their path segment', async () => {
    const { user, router } = renderApp();
    await user.type(screen.getByRole('textbox', { name: 'Project ID' }), PROJECT_ID);
    await user.type(screen.getByRole('textbox', { name: 'Object ID' }), '../a%2Fb/c');
    await user.click(screen.getByRole('button', { name: 'Get object' }));
    expect(router.state.location.pathname).toBe(`/objects/${PROJECT_ID}/..%2Fa%252Fb%2Fc/single`);
    expect(await screen.findByRole('alert')).toHaveTextContent('../a%2Fb/c');
  });
});
