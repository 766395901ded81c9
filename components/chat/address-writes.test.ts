import { describe, expect, it } from 'vitest';
import { createAddressWriter, type AddressHistory } from './address-writes';

function setup(start = '/') {
  const calls: string[] = [];
  let path = start;
  const history: AddressHistory = {
    pathname: () => path,
    replace: (p) => {
      calls.push(`replace ${p}`);
      path = p;
    },
    push: (p) => {
      calls.push(`push ${p}`);
      path = p;
    },
  };
  const tasks: (() => void)[] = [];
  const writer = createAddressWriter(history, (cb) => {
    tasks.push(cb);
    return () => tasks.splice(tasks.indexOf(cb), 1);
  });
  return { writer, calls, tasks };
}

describe('createAddressWriter', () => {
  it('writes in a later task, in order, each as asked', () => {
    const { writer, calls, tasks } = setup();
    writer.write('/c/a', true);
    writer.write('/c/b', false);
    expect(calls).toEqual([]);
    expect(tasks).toHaveLength(1);
    tasks.shift()!();
    expect(calls).toEqual(['replace /c/a', 'push /c/b']);
  });

  it('says what the address will be before it is written', () => {
    const { writer, tasks } = setup('/c/x');
    expect(writer.path()).toBe('/c/x');
    writer.write('/c/a', true);
    expect(writer.path()).toBe('/c/a');
    tasks.shift()!();
    expect(writer.path()).toBe('/c/a');
  });

  it('flushes at once when asked, and the scheduled task is dropped', () => {
    const { writer, calls, tasks } = setup();
    writer.write('/c/a', false);
    writer.flush();
    expect(calls).toEqual(['push /c/a']);
    expect(tasks).toHaveLength(0);
    writer.write('/', true);
    expect(tasks).toHaveLength(1);
  });
});
