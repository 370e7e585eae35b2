import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectShownObject, renderApp } from '../renderApp';
import { CUBE_LINES, CUBE_OBJECTS, PROJECT_ID, ROOT_ID, serveWithChildren } from '../speckleDouble';

const route = `/objects/${PROJECT_ID}/${ROOT_ID}`;

async function checkModel() {
  const view = renderApp({ route });
  await screen.findByText(`${CUBE_OBJECTS.length} objects`, {
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
});
