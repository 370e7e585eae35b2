import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { editConnection, expectShownObject, renderApp } from '../renderApp';
import { CUBE_OBJECTS, PROJECT_ID, ROOT_ID, SERVER } from '../speckleDouble';

const EXAMPLES = {
  objects: [
    {
      projectId: PROJECT_ID,
      projectName: 'Cubes',
      objectId: ROOT_ID,
      label: 'The cube',
      objectCount: CUBE_OBJECTS.length,
      prepareSeconds: null,
    },
  ],
  links: [
    {
      label: 'The project',
      path: `/projects/${PROJECT_ID}`,
      file: { label: 'The cube as a file', path: `/api/stream/${PROJECT_ID}/blob/0123456789` },
    },
  ],
};

const serverQuery = `?${new URLSearchParams({ server: SERVER })}`;

describe("a saved server's examples", () => {
  it('are offered while the server is selected, each opening its route on that server', async () => {
    const { user, router } = renderApp({ examples: EXAMPLES });
    const objects = screen.getByRole('navigation', { name: 'Example objects' });
    const links = screen.getByRole('navigation', { name: 'Example Speckle links' });

    expect(within(links).getByText(/into the projects of Test server/)).toBeVisible();
    expect(within(links).getByRole('link', { name: 'The project' })).toHaveAttribute(
      'href',
      `/projects/${PROJECT_ID}${serverQuery}`,
    );
    // A link's file is downloaded from the server, right after the link.
    const file = within(links).getByRole('link', { name: 'The cube as a file' });
    expect(file).toHaveAttribute('href', `${SERVER}/api/stream/${PROJECT_ID}/blob/0123456789`);
    expect(file).toHaveAttribute('download');
    expect(
      within(links)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['The project', 'The cube as a file']);
    await user.click(
      within(within(objects).getByRole('region', { name: 'Cubes' })).getByRole('link', {
        name: 'The cube',
      }),
    );
    expect(router.state.location.pathname).toBe(`/objects/${PROJECT_ID}/${ROOT_ID}`);
    await expectShownObject(ROOT_ID);
  });

  it('are not offered once another server is selected', async () => {
    const { user } = renderApp({ examples: EXAMPLES });
    screen.getByRole('navigation', { name: 'Example objects' });

    await editConnection(user);
    await user.click(screen.getByRole('button', { name: 'Add server' }));

    expect(screen.queryByRole('navigation', { name: 'Example objects' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('navigation', { name: 'Example Speckle links' }),
    ).not.toBeInTheDocument();
  });

  it('leave out Open in Speckle for a server saved as having no web app', async () => {
    renderApp({ webApp: false, route: `/objects/${PROJECT_ID}/${ROOT_ID}/single` });

    await expectShownObject(ROOT_ID);
    expect(screen.queryByRole('link', { name: 'Open in Speckle' })).not.toBeInTheDocument();
  });
});
