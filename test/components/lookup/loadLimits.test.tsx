import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectShownObject, renderApp } from '../renderApp';
import { CUBE_OBJECTS, PROJECT_ID, ROOT_ID } from '../speckleDouble';
import { readCeilings } from '../../../src/objects/load/ceilingStore';

const singleRoute = `/objects/${PROJECT_ID}/${ROOT_ID}/single`;
const HALF = Math.ceil(CUBE_OBJECTS.length / 2);

async function openLimits(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByText(/^Load limits:/));
  return screen.getByRole('spinbutton', { name: 'Most objects' });
}

describe('Load limits', () => {
  it('are in view in the sidebar, with their values', () => {
    renderApp();

    expect(screen.getByText(/^Load limits:/)).toHaveTextContent(
      'Load limits: 2,000,000 objects, 8.0 GB, 256 MB per object',
    );
  });

  it('are saved for the next load, and a value out of range is refused with a message', async () => {
    const { user } = renderApp();
    const objects = await openLimits(user);
    await user.clear(objects);
    await user.type(objects, '0');

    expect(objects).toHaveAccessibleDescription('Enter a whole number from 1 to 50,000,000.');
    expect(screen.getByRole('button', { name: 'Save load limits' })).toBeDisabled();

    await user.clear(objects);
    await user.type(objects, '5000');
    const data = screen.getByRole('spinbutton', { name: 'Most data (MB)' });
    await user.clear(data);
    await user.type(data, '20');
    await user.click(screen.getByRole('button', { name: 'Save load limits' }));

    expect(readCeilings()).toMatchObject({ objects: 5_000, bytes: 20_000_000 });
    expect(screen.getByText(/^Load limits:/)).toHaveTextContent('5,000 objects, 20.0 MB');

    await user.click(screen.getByRole('button', { name: 'Restore default load limits' }));
    expect(readCeilings()).toMatchObject({ objects: 2_000_000, bytes: 8_000_000_000 });
  });

  it('stop a load at the limit, keep what came and offer to raise it and load again', async () => {
    const { user } = renderApp();
    const objects = await openLimits(user);
    await user.clear(objects);
    await user.type(objects, String(HALF));
    await user.click(screen.getByRole('button', { name: 'Save load limits' }));
    await user.type(screen.getByRole('textbox', { name: 'Project ID' }), PROJECT_ID);
    await user.type(screen.getByRole('textbox', { name: 'Object ID' }), ROOT_ID);
    await user.click(screen.getByRole('button', { name: 'Get with children' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      `The load stopped at this tab's limit of ${HALF} objects: the ${HALF} objects before it are kept and marked incomplete.`,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      `${HALF} of ${CUBE_OBJECTS.length} objects (incomplete)`,
    );
    const list = screen.getByRole('listbox', { name: 'Received objects' });
    expect(within(list).getAllByRole('option')).toHaveLength(HALF);
    await expectShownObject(ROOT_ID);

    await user.click(
      within(alert).getByRole('button', {
        name: `Raise the limit to ${HALF * 2} objects and load again`,
      }),
    );

    expect(await screen.findByRole('status')).toHaveTextContent(
      new RegExp(`^${CUBE_OBJECTS.length} objects, `),
    );
    expect(readCeilings().objects).toBe(HALF * 2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warn before a load when the model in the form is known to be over the limit', async () => {
    const { user } = renderApp({ route: singleRoute });
    await expectShownObject(ROOT_ID);
    const objects = await openLimits(user);
    await user.clear(objects);
    await user.type(objects, '1');
    await user.click(screen.getByRole('button', { name: 'Save load limits' }));

    expect(
      await screen.findByText(
        `This model has ${CUBE_OBJECTS.length} objects, more than the limit of 1: a load stops there unless you raise it under "Load limits".`,
      ),
    ).toBeVisible();
  });
});
