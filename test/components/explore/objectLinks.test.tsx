import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../renderApp';
import { PROJECT_ID, serveWithChildren, streamOf } from '../speckleDouble';

const ROOT_ID = 'a'.repeat(32);
const LEVEL_ID = 'b'.repeat(32);
const WALL_ID = 'c'.repeat(32);
const MESH_ID = 'd'.repeat(32);
const CHAIR_ID = 'e'.repeat(32);
const SEAT_ID = 'f'.repeat(32);

const ref = (id: string) => ({ referencedId: id, speckle_type: 'reference' });

/** A v3 model as the connectors write it: proxies inline at the root, naming by applicationId. */
const OBJECTS = [
  {
    id: ROOT_ID,
    speckle_type: 'Speckle.Core.Models.Collection',
    name: 'Office',
    elements: [ref(LEVEL_ID)],
    renderMaterialProxies: [
      {
        objects: ['wall-mesh'],
        value: { name: 'Concrete' },
        speckle_type: 'Objects.Other.RenderMaterialProxy',
      },
      {
        objects: ['wall-mesh', 'deleted-mesh'],
        value: { name: 'Brick' },
        speckle_type: 'Objects.Other.RenderMaterialProxy',
      },
    ],
    colorProxies: [
      {
        objects: ['wall'],
        value: 0xff0000ff | 0,
        name: 'Blue',
        speckle_type: 'Speckle.Core.Models.Proxies.ColorProxy',
      },
    ],
    levelProxies: [{ objects: ['wall'], value: { name: 'Level 1', elevation: 0 } }],
    groupProxies: [
      {
        objects: ['wall', 'chair-1'],
        name: 'Meeting room',
        speckle_type: 'Speckle.Core.Models.Proxies.GroupProxy',
      },
    ],
    instanceDefinitionProxies: [{ applicationId: 'chair-def', objects: ['seat'], name: 'Chair' }],
    __closure: { [LEVEL_ID]: 1, [WALL_ID]: 2, [MESH_ID]: 3, [CHAIR_ID]: 2, [SEAT_ID]: 2 },
  },
  {
    id: LEVEL_ID,
    speckle_type: 'Speckle.Core.Models.Collection',
    name: 'Level 1',
    elements: [ref(WALL_ID), ref(CHAIR_ID), ref(SEAT_ID)],
    __closure: { [WALL_ID]: 1, [MESH_ID]: 2, [CHAIR_ID]: 1, [SEAT_ID]: 1 },
  },
  {
    id: WALL_ID,
    speckle_type: 'Objects.Data.DataObject',
    name: 'Wall',
    applicationId: 'wall',
    displayValue: [ref(MESH_ID)],
    __closure: { [MESH_ID]: 1 },
  },
  { id: MESH_ID, speckle_type: 'Objects.Geometry.Mesh', applicationId: 'wall-mesh', vertices: [] },
  {
    id: CHAIR_ID,
    speckle_type: 'Speckle.Core.Models.Instances.InstanceProxy',
    applicationId: 'chair-1',
    definitionId: 'chair-def',
  },
  { id: SEAT_ID, speckle_type: 'Objects.Geometry.Mesh', applicationId: 'seat', vertices: [] },
];

async function openObject(id: string) {
  serveWithChildren(
    streamOf(OBJECTS.map((object) => `${object.id}\t${JSON.stringify(object)}\n`).join('')),
  );
  const app = renderApp({
    route: `/objects/${PROJECT_ID}/${ROOT_ID}${id === ROOT_ID ? '' : `?object=${id}`}`,
  });
  await screen.findByText(/^6 objects/);
  return app;
}

const section = (name: string | RegExp) => screen.findByRole('region', { name });

describe('links of the shown object', () => {
  it('shows the level applied through a proxy, follows it to the proxy’s value, and Back returns', async () => {
    const { user, router } = await openObject(WALL_ID);
    const applied = await section('Applied through proxies');
    expect(applied).toHaveTextContent('Level: Level 1 through the proxy levelProxies[0]');

    await user.click(within(applied).getByRole('link', { name: 'Level Level 1' }));
    const tree = await screen.findByRole('tree', { name: `Properties of ${ROOT_ID}` });
    await waitFor(() => {
      const active = document.getElementById(tree.getAttribute('aria-activedescendant')!);
      expect(active).toHaveTextContent(/^▸value: \{2\} Level 1$/);
    });
    expect(router.state.location.search).toBe('');
    expect(router.state.location.state).toMatchObject({ trail: [ROOT_ID, WALL_ID, ROOT_ID] });

    // The memory router has no browser history for the app's Back button: the router goes back.
    await act(() => router.navigate(-1));
    await screen.findByRole('tree', { name: `Properties of ${WALL_ID}` });
  });

  it('marks the material a later proxy overrides', async () => {
    await openObject(MESH_ID);
    const applied = await section('Applied through proxies');
    const items = within(applied).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(
        /^Material: Concrete through the proxy renderMaterialProxies\[0\] \(a later material proxy names it too, and wins\)/,
      ),
      'Material: Brick through the proxy renderMaterialProxies[1]',
    ]);
  });

  it('lists who points here, and how', async () => {
    const { user } = await openObject(WALL_ID);
    const referrers = await section('Referenced by 2 objects');
    const items = within(referrers).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/by closure, proxy$/),
      expect.stringMatching(/by reference, closure$/),
    ]);
    await user.click(within(items[1]!).getByRole('link'));
    await screen.findByRole('tree', { name: `Properties of ${LEVEL_ID}` });
  });

  it('resolves what a root’s proxies name, marking the applicationIds no object has', async () => {
    const { user } = await openObject(ROOT_ID);
    const proxies = await section('Proxies in this object');
    expect(proxies).toHaveTextContent(
      'renderMaterialProxies[1] material Brick: 2 applicationIds named, 1 of them no object has',
    );
    await user.click(
      within(proxies).getByRole('button', { name: /objects named by material Brick/ }),
    );
    const named = within(proxies).getByRole('list', { name: 'Objects named by material Brick' });
    expect(named).toHaveTextContent('deleted-mesh: missing, no object of this model has it');
    expect(within(named).getByRole('link')).toHaveAttribute('title', MESH_ID);
    expect(screen.getByRole('region', { name: 'Referenced by 0 objects' })).toBeInTheDocument();
  });

  it('gives an instance its definition and the definition’s objects', async () => {
    const { user } = await openObject(CHAIR_ID);
    const instance = await section('Instance of a definition');
    expect(instance).toHaveTextContent(
      'instanceDefinitionProxies[0] definition Chair: 1 applicationId named',
    );
    await user.click(
      within(instance).getByRole('button', { name: /objects named by definition Chair/ }),
    );
    expect(within(instance).getByRole('link', { name: /Mesh/ })).toHaveAttribute('title', SEAT_ID);
    const seatReferrers = screen.getByRole('region', { name: 'Referenced by 2 objects' });
    expect(seatReferrers).toBeInTheDocument();
  });

  it('shows the colour and the group applied to an object, the colour a link to its value', async () => {
    const { user } = await openObject(WALL_ID);
    const applied = await section('Applied through proxies');
    expect(
      within(applied)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Colour: #FF0000FF through the proxy colorProxies[0]',
      'Level: Level 1 through the proxy levelProxies[0]',
      'Group: Meeting room through the proxy groupProxies[0]',
    ]);
    await user.click(within(applied).getByRole('link', { name: 'Colour #FF0000FF' }));
    const tree = await screen.findByRole('tree', { name: `Properties of ${ROOT_ID}` });
    await waitFor(() => {
      const active = document.getElementById(tree.getAttribute('aria-activedescendant')!);
      expect(active).toHaveTextContent(/^value: -16776961/);
    });
  });

  it('resolves what a colour proxy and a group proxy name', async () => {
    const { user } = await openObject(ROOT_ID);
    const proxies = await section('Proxies in this object');
    expect(proxies).toHaveTextContent('colorProxies[0] colour Blue: 1 applicationId named');
    expect(proxies).toHaveTextContent('groupProxies[0] group Meeting room: 2 applicationIds named');
    await user.click(
      within(proxies).getByRole('button', { name: /objects named by group Meeting room/ }),
    );
    const named = within(proxies).getByRole('list', {
      name: 'Objects named by group Meeting room',
    });
    expect(
      within(named)
        .getAllByRole('link')
        .map((link) => link.getAttribute('title')),
    ).toEqual([WALL_ID, CHAIR_ID]);
    await user.click(within(proxies).getByRole('button', { name: /objects named by colour Blue/ }));
    const coloured = within(proxies).getByRole('list', { name: 'Objects named by colour Blue' });
    expect(within(coloured).getByRole('link')).toHaveAttribute('title', WALL_ID);
  });
});
