import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ObjectList } from '../../../src/features/explore/list/ObjectList';
import type { ObjectSummary } from '../../../src/objects/set/body';

const HUNDRED_THOUSAND = 100_000;

function summaryAt(index: number): ObjectSummary {
  return {
    id: index.toString(16).padStart(32, '0'),
    speckleType: 'Objects.Geometry.Mesh',
    bytes: 100,
  };
}

function renderList(count = HUNDRED_THOUSAND) {
  const onOpen = vi.fn();
  const objectAt = (index: number) => (index < count ? summaryAt(index) : undefined);
  const view = render(
    <ObjectList count={count} objectAt={objectAt} selectedId={null} onOpen={onOpen} />,
  );
  const list = screen.getByRole('listbox', { name: 'Received objects' });
  return { ...view, list, onOpen, user: userEvent.setup() };
}

function positions(list: HTMLElement): number[] {
  return within(list)
    .getAllByRole('option')
    .map((option) => Number(option.getAttribute('aria-posinset')));
}

describe('ObjectList', () => {
  it('draws a screenful of a long list, each option saying its place in the whole', () => {
    const { list } = renderList();
    const shown = positions(list);
    // The test setup gives every element 800 px: 29 rows of 28 px, and 10 more below.
    expect(shown).toEqual(Array.from({ length: 39 }, (_, index) => index + 1));
    for (const option of within(list).getAllByRole('option')) {
      expect(option).toHaveAttribute('aria-setsize', String(HUNDRED_THOUSAND));
    }
  });

  it('draws the rows scrolled to', () => {
    const { list } = renderList();
    list.scrollTop = 50_000 * 28;
    fireEvent.scroll(list);
    const shown = positions(list);
    expect(shown[0]).toBe(50_001 - 10);
    expect(shown).toContain(50_001);
    expect(shown.at(-1)).toBe(50_000 + 29 + 10);
  });

  it('moves to the last object with End and opens it with Enter', async () => {
    const { list, onOpen, user } = renderList();
    const last = summaryAt(HUNDRED_THOUSAND - 1);
    list.focus();
    await user.keyboard('{End}');
    const option = within(list).getByRole('option', { name: new RegExp(last.id) });
    expect(option).toHaveAttribute('aria-posinset', String(HUNDRED_THOUSAND));
    expect(list).toHaveAttribute('aria-activedescendant', option.id);
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(last.id);

    await user.keyboard('{Home}{PageDown} ');
    // A page is a screenful less one row, to keep a row of context.
    expect(onOpen).toHaveBeenLastCalledWith(summaryAt(27).id);
    expect(list.scrollTop).toBe(0);
    // Row 54 is below the view: scrolled just far enough to show it whole at the bottom.
    await user.keyboard('{PageDown}');
    expect(list.scrollTop).toBe((54 + 1) * 28 - 800);
  });

  it('opens the last row with Enter when the list shrank below the active one', async () => {
    const { list, onOpen, rerender, user } = renderList(100);
    list.focus();
    await user.keyboard('{End}');

    const shrunk = (index: number) => (index < 10 ? summaryAt(index) : undefined);
    rerender(<ObjectList count={10} objectAt={shrunk} selectedId={null} onOpen={onOpen} />);
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith(summaryAt(9).id);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith(summaryAt(8).id);
  });

  it('follows a growing list without losing its place', async () => {
    const { list, rerender, user } = renderList(100);
    list.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = list.getAttribute('aria-activedescendant');

    const onOpen = vi.fn();
    rerender(<ObjectList count={1000} objectAt={summaryAt} selectedId={null} onOpen={onOpen} />);

    expect(list).toHaveAttribute('aria-activedescendant', active);
    expect(within(list).getAllByRole('option')[0]).toHaveAttribute('aria-setsize', '1000');
    await user.keyboard('{End}');
    expect(
      within(list).getByRole('option', { name: new RegExp(summaryAt(999).id) }),
    ).toHaveAttribute('aria-posinset', '1000');
  });

  it('opens an object on click and marks the one shown', async () => {
    const { list, onOpen, rerender, user } = renderList(5);
    await user.click(within(list).getByRole('option', { name: new RegExp(summaryAt(3).id) }));
    expect(onOpen).toHaveBeenCalledWith(summaryAt(3).id);

    rerender(
      <ObjectList count={5} objectAt={summaryAt} selectedId={summaryAt(3).id} onOpen={onOpen} />,
    );
    const selected = within(list).getByRole('option', { selected: true });
    expect(selected).toHaveAttribute('aria-posinset', '4');
  });
});
