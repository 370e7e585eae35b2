import { screen, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { editConnection, expectShownObject, renderApp } from '../renderApp';
import {
  CUBE_OBJECTS,
  PROJECT_ID,
  recordRequests,
  requests,
  ROOT_ID,
  SERVER,
  speckleServer,
  TOKEN,
} from '../speckleDouble';
import { graphqlHandlers } from '../graphqlDouble';

const SPECKLE_CLOUD = 'https://app.speckle.systems';

/** Routes to models and versions ask GraphQL: answer as the demo does, which has no such project. */
function answerGraphql() {
  speckleServer.use(...graphqlHandlers(SERVER), ...graphqlHandlers(SPECKLE_CLOUD));
}

const OTHER_ID = CUBE_OBJECTS[1]!.id;

/** Every fetch the app makes from now until the test ends. */
function recordFetches(): string[] {
  const urls: string[] = [];
  const fetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    urls.push(input instanceof Request ? input.url : String(input));
    return fetch(input, init);
  });
  onTestFinished(() => spy.mockRestore());
  return urls;
}

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
    await editConnection(user);
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

  it('fills the form from a pasted model link and asks GraphQL only on Enter', async () => {
    answerGraphql();
    const { user, router } = renderApp();
    const sent = recordRequests();
    const objectField = screen.getByRole('textbox', { name: 'Object ID' });
    objectField.focus();
    await user.paste(`https://speckle.test/projects/${PROJECT_ID}/models/0123456789@abcdef0123`);
    expect(screen.getByRole('textbox', { name: 'Project ID' })).toHaveValue(PROJECT_ID);
    expect(objectField).toHaveValue('0123456789@abcdef0123');
    expect(screen.getByText(/^The link names/)).toHaveTextContent(
      `The link names version abcdef0123 of model 0123456789 in project ${PROJECT_ID}. Get with children opens it with its children, Get object its root alone.`,
    );
    expect(router.state.location.pathname).toBe('/');
    expect(sent).toEqual([]);

    await user.type(objectField, '{Enter}');
    expect(router.state.location.pathname).toBe(
      `/projects/${PROJECT_ID}/models/0123456789@abcdef0123`,
    );
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('alert')).toHaveTextContent('rejected the access token');
    expect(sent).toEqual([`POST ${SERVER}/graphql with a token`]);
  });

  it('opens a pasted project link only with its Open button', async () => {
    answerGraphql();
    const { user, router } = renderApp();
    const sent = recordRequests();
    screen.getByRole('textbox', { name: 'Project ID' }).focus();
    await user.paste(`https://speckle.test/projects/${PROJECT_ID}`);
    expect(screen.getByRole('textbox', { name: 'Project ID' })).toHaveValue(PROJECT_ID);
    expect(screen.getByRole('textbox', { name: 'Object ID' })).toHaveValue('');
    expect(screen.getByText(/^The link names/)).toHaveTextContent(
      `The link names project ${PROJECT_ID}. Open shows it.`,
    );
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: `Open project ${PROJECT_ID}` }));
    expect(router.state.location.pathname).toBe(`/projects/${PROJECT_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('rejected the access token');
    expect(sent).toEqual([`POST ${SERVER}/graphql with a token`]);
  });

  it('asks before contacting the unsaved server of a pasted link, and sends it no token', async () => {
    answerGraphql();
    const { user, router, connections } = renderApp();
    const sent = recordRequests();
    screen.getByRole('textbox', { name: 'Project ID' }).focus();
    await user.paste(`https://app.speckle.systems/streams/${PROJECT_ID}/commits/abcdef0123`);
    expect(screen.getByText(/^The link names/)).toHaveTextContent(
      `The link names version abcdef0123 in project ${PROJECT_ID}, on ${SPECKLE_CLOUD} (not a saved server: you will be asked to add it before anything is sent to it).`,
    );
    await user.click(screen.getByRole('button', { name: 'Get with children' }));
    expect(router.state.location.pathname).toBe(`/streams/${PROJECT_ID}/commits/abcdef0123`);
    expect(router.state.location.search).toBe(`?server=${encodeURIComponent(SPECKLE_CLOUD)}`);
    const prompt = screen.getByRole('region', { name: `Add server ${SPECKLE_CLOUD}?` });
    expect(prompt).toHaveTextContent(
      `${SPECKLE_CLOUD} is not one of your saved servers, so nothing has been sent to it. Adding it saves it without a token and asks it from then on: the access token of Test server is not sent to it.`,
    );
    expect(sent).toEqual([]);
    expect(connections.getState().servers).toHaveLength(1);

    await user.click(
      within(prompt).getByRole('button', { name: `Add server ${SPECKLE_CLOUD} and connect` }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(`no project ${PROJECT_ID}`);
    expect(sent).toEqual([`POST ${SPECKLE_CLOUD}/graphql`]);
  });

  it('resolves a model id typed in Object ID with a project id', async () => {
    answerGraphql();
    const { user, router } = renderApp();
    await user.type(screen.getByRole('textbox', { name: 'Project ID' }), PROJECT_ID);
    const objectField = screen.getByRole('textbox', { name: 'Object ID' });
    await user.type(objectField, ' 0123456789 ');
    // Not an object id, yet no error: the hint says what Get will do with it.
    expect(objectField).toBeValid();
    expect(objectField).toHaveAccessibleDescription(
      /^A model id: Get resolves its newest version with the project/,
    );
    await user.click(screen.getByRole('button', { name: 'Get with children' }));
    expect(router.state.location.pathname).toBe(`/projects/${PROJECT_ID}/models/0123456789`);
    expect(await screen.findByRole('alert')).toHaveTextContent('rejected the access token');
  });

  it.each([
    ['hello!', ROOT_ID, 'Project ID', /Check the Project ID: .*contains “h”/],
    [PROJECT_ID, 'not an id', 'Object ID', /Check the Object ID: .*contains “n”/],
  ])(
    'refuses %j / %j before any request, naming the %s field and why',
    async (projectId, objectId, field, message) => {
      const { user, router } = renderApp();
      const fetches = recordFetches();
      await user.type(screen.getByRole('textbox', { name: 'Project ID' }), projectId);
      await user.type(screen.getByRole('textbox', { name: 'Object ID' }), objectId);
      await user.click(screen.getByRole('button', { name: 'Get object' }));

      expect(screen.getByRole('alert')).toHaveTextContent(message);
      expect(screen.getByRole('textbox', { name: field })).toHaveFocus();
      expect(screen.getByRole('textbox', { name: field })).toBeInvalid();
      expect(router.state.location.pathname).toBe('/');
      expect(fetches).toEqual([]);
    },
  );

  it('draws the layout at once on a first visit to an object’s address, while its loader runs', async () => {
    renderApp({ route: `/objects/${PROJECT_ID}/${ROOT_ID}/single` });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    await expectShownObject(ROOT_ID);
  });

  it('refuses a route whose ids cannot be Speckle ids, without a request', async () => {
    const fetches = recordFetches();
    renderApp({ route: `/objects/${PROJECT_ID}/..%2Fa%252Fb%2Fc/single` });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Check the Object ID: .*contains “\.”/,
    );
    expect(fetches.filter((url) => url.includes('/objects/'))).toEqual([]);
  });

  it('runs Get with children, the primary action, on Enter', async () => {
    const { user, router } = renderApp();
    expect(screen.getByRole('button', { name: 'Get with children' })).toHaveClass('primary');
    await user.type(screen.getByRole('textbox', { name: 'Project ID' }), PROJECT_ID);
    await user.type(screen.getByRole('textbox', { name: 'Object ID' }), `${ROOT_ID}{Enter}`);
    expect(router.state.location.pathname).toBe(`/objects/${PROJECT_ID}/${ROOT_ID}`);
    expect(await screen.findByRole('status')).toHaveTextContent(/\d+ objects/);
  });

  it('says a viewer link names several objects and offers each of the others', async () => {
    const { user } = renderApp();
    screen.getByRole('textbox', { name: 'Object ID' }).focus();
    await user.paste(`https://speckle.test/projects/${PROJECT_ID}/models/${ROOT_ID},${OTHER_ID}`);
    const objectField = screen.getByRole('textbox', { name: 'Object ID' });
    expect(objectField).toHaveValue(ROOT_ID);
    expect(screen.getByText(/The link names 2 objects/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Use object ${OTHER_ID}` }));
    expect(objectField).toHaveValue(OTHER_ID);
    await user.click(screen.getByRole('button', { name: `Use object ${ROOT_ID}` }));
    expect(objectField).toHaveValue(ROOT_ID);
  });

  it('sends nothing while a token is corrected after a 403, and keeps the focus in the field', async () => {
    const { user } = renderApp({ token: 'wrong-token' });
    await user.type(screen.getByRole('textbox', { name: 'Project ID' }), PROJECT_ID);
    await user.type(screen.getByRole('textbox', { name: 'Object ID' }), OTHER_ID);
    await user.click(screen.getByRole('button', { name: 'Get object' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/not valid \(403\)/);
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Edit access token' }));
    const token = screen.getByLabelText('Access token');
    expect(token).toHaveFocus();
    const sent = requests.length;
    await user.clear(token);
    await user.type(token, TOKEN);

    expect(token).toHaveFocus();
    expect(requests.length).toBe(sent);
    expect(screen.getByRole('alert')).toHaveTextContent(/not valid \(403\)/);
    await user.click(screen.getByRole('button', { name: 'Get object' }));
    await expectShownObject(OTHER_ID);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['an unknown object', PROJECT_ID, 'f'.repeat(32), 'Check the object ID', 'Object ID'],
    ['an unknown project', 'ffffffffff', ROOT_ID, 'Check the project ID', 'Project ID'],
  ])(
    'offers to check the ids instead of Retry for %s',
    async (_case, projectId, objectId, fix, field) => {
      const { user } = renderApp();
      await user.type(screen.getByRole('textbox', { name: 'Project ID' }), projectId);
      await user.type(screen.getByRole('textbox', { name: 'Object ID' }), objectId);
      await user.click(screen.getByRole('button', { name: 'Get object' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(/\(404/);
      expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();

      await user.click(within(alert).getByRole('button', { name: fix }));
      expect(screen.getByRole('textbox', { name: field })).toHaveFocus();
    },
  );

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
});
