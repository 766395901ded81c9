import { describe, expect, it } from 'vitest';
import {
  FIRST_MESSAGES,
  MORE_MESSAGES,
  resolveWindow,
  stepDown,
  stepUp,
  windowAtEnd,
  type WindowState,
} from './message-window-steps';

const ID = 'c1';
const none = () => false;
/** Droppable: every index outside [from, to). */
const keep = (from: number, to: number) => (i: number) => i < from || i >= to;

describe('the message window', () => {
  it('opens on the last messages and follows the end as messages are added', () => {
    const state = windowAtEnd(ID);
    expect(resolveWindow(state, ID, 1000)).toEqual({ first: 1000 - FIRST_MESSAGES, end: 1000 });
    expect(resolveWindow(state, ID, 10)).toEqual({ first: 0, end: 10 });
    // Loaded after the list mounted: still the last messages.
    expect(resolveWindow(state, ID, 0)).toEqual({ first: 0, end: 0 });
  });

  it('adds earlier messages and keeps what is near the view', () => {
    const up = stepUp(windowAtEnd(ID), ID, 1000, none);
    expect(resolveWindow(up, ID, 1000)).toEqual({
      first: 1000 - FIRST_MESSAGES - MORE_MESSAGES,
      end: 1000,
    });
    expect(up.end).toBeNull();
  });

  it('unmounts the far run at the bottom when it adds above, and only that run', () => {
    let state: WindowState = windowAtEnd(ID);
    state = stepUp(state, ID, 1000, none); // 952–999
    // The reader is around 955–965: everything from 970 on is far, and so is 990 alone.
    state = stepUp(state, ID, 1000, keep(0, 970));
    expect(resolveWindow(state, ID, 1000)).toEqual({ first: 928, end: 970 });
    expect(state.end).toBe(970);
    // A kept message ends the run: nothing under it goes, even if far.
    const held = stepUp(windowAtEnd(ID), ID, 1000, (i) => i !== 990 && i >= 980);
    expect(resolveWindow(held, ID, 1000).end).toBe(991);
  });

  it('moves back down, unmounting the far run at the top, and reattaches at the end', () => {
    const detached: WindowState = { conversationId: ID, first: 500, end: 560, countAtMove: 1000 };
    const down = stepDown(detached, ID, 1000, keep(530, 1000));
    expect(resolveWindow(down, ID, 1000)).toEqual({ first: 530, end: 560 + MORE_MESSAGES });
    let state = down;
    while (state.end !== null) state = stepDown(state, ID, 1000, none);
    expect(resolveWindow(state, ID, 1000)).toEqual({ first: 530, end: 1000 });
    // Attached again: a new message is mounted at once.
    expect(resolveWindow(state, ID, 1002).end).toBe(1002);
  });

  it('never empties the window, even if every message is reported far', () => {
    const up = stepUp(windowAtEnd(ID), ID, 1000, () => true);
    const { first, end } = resolveWindow(up, ID, 1000);
    expect(end - first).toBeGreaterThanOrEqual(1);
    const detached: WindowState = { conversationId: ID, first: 500, end: 560, countAtMove: 1000 };
    const down = resolveWindow(
      stepDown(detached, ID, 1000, () => true),
      ID,
      1000,
    );
    expect(down.end - down.first).toBeGreaterThanOrEqual(1);
  });

  it('goes back to the end when the conversation changes length or another one opens', () => {
    const detached: WindowState = { conversationId: ID, first: 500, end: 560, countAtMove: 1000 };
    expect(resolveWindow(detached, ID, 1000)).toEqual({ first: 500, end: 560 });
    // A message sent (the list scrolls to the latest turn): the window follows it.
    expect(resolveWindow(detached, ID, 1002)).toEqual({
      first: 1002 - FIRST_MESSAGES,
      end: 1002,
    });
    expect(resolveWindow(detached, 'c2', 1000)).toEqual({
      first: 1000 - FIRST_MESSAGES,
      end: 1000,
    });
  });
});
