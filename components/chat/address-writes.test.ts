import { describe, expect, it } from 'vitest';
import { createAddressWriter } from './address-writes';

/** A page's history and a task queue run by hand. */
function page(start = '/') {
  let pathname = start;
  const calls: string[] = [];
  const tasks: (() => void)[] = [];
  const history = {
    pushState: (_s: unknown, _t: string, url?: string | URL | null) => {
      calls.push(`push ${String(url)}`);
      pathname = String(url);
    },
    replaceState: (_s: unknown, _t: string, url?: string | URL | null) => {
      calls.push(`replace ${String(url)}`);
      pathname = String(url);
    },
  };
  const writer = createAddressWriter({
    history,
    pathname: () => pathname,
    later: (cb) => tasks.push(cb),
  });
  const runTasks = () => tasks.splice(0).forEach((t) => t());
  /** Back or Forward: the browser moves the address itself. */
  const move = (path: string) => {
    pathname = path;
  };
  return { writer, calls, tasks, runTasks, move, pathname: () => pathname };
}

describe('address writes', () => {
  it('writes nothing in the task that asked, then everything in order in one later task', () => {
    const p = page();
    p.writer.write('/c/a', true);
    p.writer.write('/c/b', false);
    p.writer.write('/', false);
    expect(p.calls).toEqual([]);
    expect(p.pathname()).toBe('/');
    expect(p.tasks).toHaveLength(1);
    p.runTasks();
    expect(p.calls).toEqual(['replace /c/a', 'push /c/b', 'push /']);
  });

  it('says the path the address will have, from its queue, before it is written', () => {
    const p = page('/c/x');
    expect(p.writer.path()).toBe('/c/x');
    p.writer.write('/c/a', false);
    expect(p.writer.path()).toBe('/c/a');
    p.writer.write('/', false);
    expect(p.writer.path()).toBe('/');
    p.runTasks();
    expect(p.writer.path()).toBe('/');
  });

  it('reads the address again once its queue is written (Back and Forward move it)', () => {
    const p = page();
    p.writer.write('/c/a', false);
    p.runTasks();
    p.move('/');
    expect(p.writer.path()).toBe('/');
    p.writer.write('/c/b', false);
    expect(p.tasks).toHaveLength(1);
    p.runTasks();
    expect(p.calls).toEqual(['push /c/a', 'push /c/b']);
  });
});
