import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DepthTable } from '../../../src/features/explore/overview/DepthTable';

const depths = [
  { depth: 1, count: 3, received: 1 },
  { depth: 2, count: 1200, received: 0 },
];

const cells = () =>
  within(screen.getByRole('table', { name: /Descendants per depth/ }))
    .getAllByRole('row')
    .map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent));

describe('descendants per depth', () => {
  it('counts what was not received once the objects received are all counted', () => {
    render(<DepthTable depths={depths} counting={false} />);
    expect(screen.getByRole('columnheader', { name: 'Received' })).toBeInTheDocument();
    expect(cells().slice(1)).toEqual([
      ['3', '1', '2'],
      ['1,200', '0', '1,200'],
    ]);
  });

  it('calls no object missing while the objects received are still being counted', () => {
    render(<DepthTable depths={depths} counting />);
    expect(screen.getByRole('columnheader', { name: 'Received so far' })).toBeInTheDocument();
    expect(cells().slice(1)).toEqual([
      ['3', '1', 'counting…'],
      ['1,200', '0', 'counting…'],
    ]);
  });

  it('says when the root lists no descendants', () => {
    render(<DepthTable depths={[]} counting={false} />);
    expect(screen.getByText('The root lists no descendants.')).toBeInTheDocument();
  });
});
