import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectShownObject, renderApp } from '../renderApp';
import { CUBE_LINES, CUBE_OBJECTS, PROJECT_ID, ROOT_ID, serveWithChildren } from '../speckleDouble';

const cubeRoute = `/objects/${PROJECT_ID}/${ROOT_ID}`;

async function checkModel(route = cubeRoute, count = CUBE_OBJECTS.length) {
  const view = renderApp({ route });
  await screen.findByText(`${count} objects`, {
    exact: false,
    selector: '[role="status"]',
  });
  const doctor = screen.getByRole('region', { name: 'Model doctor' });
  const button = within(doctor).getByRole('button', { name: 'Check model' });
  await waitFor(() => expect(button).toBeEnabled());
  await view.user.click(button);
  const status = await within(doctor).findByText(/^\s*Checked\./);
  return { ...view, doctor, status };
}

describe('Check model', () => {
  it('finds nothing wrong in the real Blender cube', async () => {
    serveWithChildren(CUBE_LINES);
    const { status, doctor } = await checkModel();
    expect(status).toHaveTextContent('Checked. No faults found.');
    expect(within(doctor).getByRole('region', { name: 'Healthy' })).toHaveTextContent(
      `${CUBE_OBJECTS.length} objects checked`,
    );
  });

  it('lists a fault with a link that opens its object', async () => {
    // The cube's meshes, their units taken away.
    const lines = CUBE_LINES.replaceAll('"units": "m", ', '').replaceAll('"units":"m",', '');
    expect(lines).not.toBe(CUBE_LINES);
    serveWithChildren(lines);
    const { status, doctor, user } = await checkModel();
    expect(status).toHaveTextContent(/Checked\. \d+ faults? found by 1 rule\./);
    const finding = within(doctor).getByRole('region', { name: 'Meshes without units' });
    const [link] = within(finding).getAllByRole('button', { name: /^[0-9a-f]{32}$/ });
    await user.click(link!);
    await expectShownObject(link!.textContent!);
  });

  it('opens the root at the place of a proxy a finding names', async () => {
    const rootId = 'a'.repeat(32);
    const wallId = 'b'.repeat(32);
    const root = {
      id: rootId,
      speckle_type: 'Speckle.Core.Models.Collection',
      elements: [{ referencedId: wallId, speckle_type: 'reference' }],
      groupProxies: [
        { objects: ['wall'], name: 'Walls' },
        { objects: [], name: 'Empty group' },
      ],
      __closure: { [wallId]: 1 },
    };
    const wall = { id: wallId, speckle_type: 'Objects.Data.DataObject', applicationId: 'wall' };
    serveWithChildren([root, wall].map((o) => `${o.id}\t${JSON.stringify(o)}\n`).join(''));
    const { doctor, user } = await checkModel(
      `/objects/${PROJECT_ID}/${rootId}?object=${wallId}`,
      2,
    );
    const finding = within(doctor).getByRole('region', { name: 'Proxies without targets' });
    expect(finding).toHaveTextContent('groupProxies[1] “Empty group” names no objects');
    await user.click(within(finding).getByRole('button', { name: rootId }));
    const tree = await screen.findByRole('tree', { name: `Properties of ${rootId}` });
    await waitFor(() => {
      const active = document.getElementById(tree.getAttribute('aria-activedescendant')!);
      expect(active).toHaveTextContent(/^▸1: \{2\} Empty group$/);
    });
  });
});
