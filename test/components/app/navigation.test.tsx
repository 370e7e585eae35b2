import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_TOKEN, PUBLIC_PROJECT_ID } from '../../../demo/catalog';
import { DEMO_MODELS, DEMO_VERSIONS } from '../../../demo/history';
import { graphqlHandlers } from '../graphqlDouble';
import { renderApp } from '../renderApp';
import { SERVER, speckleServer } from '../speckleDouble';

function renderWithGraphql(route: string) {
  speckleServer.use(...graphqlHandlers(SERVER));
  return renderApp({ route, token: DEMO_TOKEN });
}

const PROJECT = `/projects/${PUBLIC_PROJECT_ID}`;

describe('moving between pages', () => {
  it('names each page in the document title, by what the server calls it once read', async () => {
    const { user } = renderWithGraphql(PROJECT);
    expect(document.title).toBe(`Project ${PUBLIC_PROJECT_ID} · Speckle Object Explorer`);
    await screen.findByRole('list', { name: 'Models' });
    await waitFor(() =>
      expect(document.title).toMatch(/^Project (?!cccc).+ · Speckle Object Explorer$/),
    );
    const projectTitle = document.title;
    expect(projectTitle).not.toBe(`Project ${PUBLIC_PROJECT_ID} · Speckle Object Explorer`);

    await user.click(screen.getByRole('link', { name: 'building' }));
    await screen.findByRole('list', { name: 'Versions' });
    expect(document.title).toBe('Versions of model building · Speckle Object Explorer');

    await user.click(
      screen.getByRole('button', { name: `Get object of version ${DEMO_VERSIONS.building100}` }),
    );
    await waitFor(() =>
      expect(document.title).toBe(
        `Model building, version ${DEMO_VERSIONS.building100} · Speckle Object Explorer`,
      ),
    );
  });

  it("gives the focus to the new page's main heading when the control pressed went with the old page", async () => {
    const { user } = renderWithGraphql(PROJECT);
    await user.click(await screen.findByRole('link', { name: 'building' }));
    const heading = await screen.findByRole('heading', { name: 'Model building', level: 2 });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('gives the focus to the heading of a comparison opened from a version row', async () => {
    const { user } = renderWithGraphql(`${PROJECT}/models/${DEMO_MODELS.building}/versions`);
    await user.click(
      await screen.findByRole('button', {
        name: `Compare with previous version of version ${DEMO_VERSIONS.building100}`,
      }),
    );
    const heading = await screen.findByRole('heading', { name: 'Comparison', level: 2 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toMatch(/^Compare .+ with .+ · Speckle Object Explorer$/);
  });

  it('skips to the page content from the first stop of Tab', async () => {
    const { user } = renderWithGraphql(`${PROJECT}/models/${DEMO_MODELS.building}/versions`);
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
