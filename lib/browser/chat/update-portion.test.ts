import { describe, expect, it } from 'vitest';
import type { RunnelEvent } from '../../protocol/events';
import { updatePortion } from './update-portion';

type Arrival = Parameters<typeof updatePortion>[0][number];

const text = (t: string, id?: number): Arrival => ({
  event: { type: 'content', text: t },
  ...(id !== undefined ? { id } : {}),
});
const other = (event: RunnelEvent, id?: number): Arrival => ({
  event,
  ...(id !== undefined ? { id } : {}),
});

describe('updatePortion', () => {
  it('ends at the read in which the second new paragraph starts', () => {
    const pending = [
      text('One.\n\nTwo'),
      text(' words', 1),
      text('.\n\nThree', 2),
      text('.\n\nFour', 3),
    ];
    expect(updatePortion(pending)).toBe(3);
  });

  it('never cuts inside a network read: it waits for the event with the id', () => {
    const pending = [
      text('A.\n\nB.\n\nC.'),
      text(' more'),
      other({ type: 'finish', reason: 'stop' }, 7),
    ];
    expect(updatePortion(pending)).toBe(3);
  });

  it('counts a blank line split between two events, and three newlines as one break', () => {
    expect(updatePortion([text('A.\n', 1), text('\nB.\n', 2), text('\nC.', 3), text('D', 4)])).toBe(
      3,
    );
    expect(updatePortion([text('A.\n\n\nB.\n\n\nC.', 1), text('D', 2)])).toBe(1);
  });

  it('ends at the read in which the sixth new line starts when no two paragraphs do', () => {
    const rows = '| 1 | 2 |\n| 3 | 4 |\n';
    const pending = [text(rows, 1), text(rows, 2), text(rows, 3), text(rows, 4)];
    expect(updatePortion(pending)).toBe(3);
    // Never inside a read: the sixth line comes in an event without an id.
    expect(updatePortion([text(rows, 1), text(rows), text(rows), text(rows, 2)])).toBe(4);
    expect(updatePortion([text('- a\n- b\n- c\n- d\n- e\n', 1), text('- f\n', 2)])).toBe(2);
  });

  it('takes a third of what is waiting when that is more, so the text does not fall behind', () => {
    const rows = Array.from({ length: 30 }, (_, i) => text(`| ${i} |\n`, i));
    expect(updatePortion(rows)).toBe(10);
    const paragraphs = Array.from({ length: 12 }, (_, i) => text(`Line ${i}.\n\n`, i));
    expect(updatePortion(paragraphs)).toBe(4);
  });

  it('counts reasoning as text and everything goes when no two paragraphs start', () => {
    expect(
      updatePortion([other({ type: 'reasoning', text: 'a\n\nb\n\nc' }, 1), text('x', 2)]),
    ).toBe(1);
    expect(updatePortion([text('no break', 1), text(' at all', 2)])).toBe(2);
  });
});
