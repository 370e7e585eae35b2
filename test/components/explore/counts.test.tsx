import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../renderApp';
import { PROJECT_ID, serveWithChildren, streamOf } from '../speckleDouble';

const idOf = (index: number) => index.toString(16).padStart(32, '0');
const line = (object: Record<string, unknown>) =>
  `${String(object.id)}\t${JSON.stringify(object)}\n`;

describe('counts in words', () => {
  it('writes a lone root as one object, in the status line, the overview and the closure check', async () => {
    const root = idOf(1);
    serveWithChildren(streamOf(line({ id: root, speckle_type: 'Base' })));
    const { user } = renderApp({ route: `/objects/${PROJECT_ID}/${root}` });

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^1 object, /));
    await user.click(screen.getByText('What’s in it'));
    expect(await screen.findByText(/^1 object in 1 type\./)).toBeInTheDocument();
    await user.click(screen.getByText(/^Closure integrity:/));
    expect(
      await screen.findByText('The root arrived; its __closure lists no other objects.'),
    ).toBeInTheDocument();
  });

  it('writes large counts with separators, one finding in the singular, and counts the overview visibly', async () => {
    const root = idOf(1);
    const listed = Array.from({ length: 1300 }, (_, index) => idOf(index + 2));
    const sent = listed.slice(0, 1200);
    serveWithChildren(
      streamOf(
        [
          line({
            id: root,
            speckle_type: 'Base',
            // One reference to an object that does not arrive: one dangling reference.
            elements: [{ referencedId: listed.at(-1), speckle_type: 'reference' }],
            __closure: Object.fromEntries(listed.map((id) => [id, 1])),
          }),
          ...sent.map((id) => line({ id, speckle_type: 'Base' })),
        ].join(''),
        { chunkSize: 64 * 1024 },
      ),
    );
    const { user } = renderApp({ route: `/objects/${PROJECT_ID}/${root}` });

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        /^1,201 objects, .* \(the root lists 1,301\)$/,
      ),
    );
    await user.click(screen.getByText('What’s in it'));
    // The overview counts in time slices, saying so: no "0 objects" before the total.
    expect(screen.getByText(/^Counting… [\d,]+ of 1,201 objects so far\.$/)).toBeInTheDocument();
    expect(screen.queryByText(/^0 objects/)).not.toBeInTheDocument();
    expect(screen.getByText(/objects\s+bytes, each bar against the largest type/)).toBeVisible();
    expect(await screen.findByText(/^1,201 objects in 1 type\./)).toBeInTheDocument();
    expect(
      await screen.findByText('Closure integrity: 100 missing, 1 dangling reference'),
    ).toBeInTheDocument();
  });
});
