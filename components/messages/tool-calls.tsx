import type { ToolCallRecord } from '@/lib/browser/chat/message';
import { ToolIcon } from '../ui/conversation-icons';

function pretty(args: string): string {
  try {
    return JSON.stringify(JSON.parse(args), null, 2);
  } catch {
    return args;
  }
}

/** Tool calls the model asked for. Runnel shows them; it does not run tools. */
export function ToolCalls({ calls }: { calls: ToolCallRecord[] }) {
  return (
    <ul className="mt-3 space-y-2" aria-label="Tool calls">
      {calls.map((call) => (
        <li
          key={`${call.index}-${call.id}`}
          className="rounded-xl border border-zinc-200 bg-zinc-50 text-sm dark:border-zinc-800 dark:bg-zinc-900"
        >
          <div className="flex items-center gap-2 border-b border-zinc-200 px-3 py-1.5 dark:border-zinc-800">
            <ToolIcon className="text-sky-600 dark:text-sky-400" />
            <span className="font-mono font-medium">{call.name}</span>
            <span className="text-xs text-zinc-500">tool call</span>
          </div>
          <pre className="overflow-x-auto px-3 py-2 font-mono text-xs">
            {pretty(call.arguments)}
          </pre>
        </li>
      ))}
    </ul>
  );
}
