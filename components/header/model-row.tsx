import type { ReactNode } from 'react';
import type { ModelInfo } from '@/lib/protocol/api-shapes';
import { formatCompact } from '../ui/format-compact';
import { BulbIcon, CheckIcon } from '../ui/conversation-icons';
import { EyeIcon } from '../ui/chat-page-icons';

const PILL =
  'inline-flex h-5 items-center gap-0.5 rounded px-1 text-[11px] font-medium leading-none';

/** One capability mark: a small coloured pill, named by its tooltip. */
function Pill({ colors, title, children }: { colors: string; title: string; children: ReactNode }) {
  return (
    <span className={`${PILL} ${colors}`} title={title}>
      {children}
    </span>
  );
}

/** Capabilities as compact marks with their names for screen readers and as tooltips. */
function Capabilities({ model }: { model: ModelInfo }) {
  return (
    <span className="flex shrink-0 items-center gap-1">
      {model.kind === 'completion' && (
        <Pill
          colors="bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200"
          title="Text completion"
        >
          Text
        </Pill>
      )}
      {model.reasoning && (
        <Pill
          colors="bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200"
          title="Reasoning"
        >
          <BulbIcon aria-hidden="true" />
          <span className="sr-only">Reasoning</span>
        </Pill>
      )}
      {model.vision && (
        <Pill
          colors="bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200"
          title="Vision: reads images"
        >
          <EyeIcon aria-hidden="true" />
          <span className="sr-only">Vision</span>
        </Pill>
      )}
      {model.context_length !== undefined && (
        <Pill
          colors="w-9 justify-end text-zinc-600 tabular-nums dark:text-zinc-400"
          title={`${model.context_length} tokens of context`}
        >
          {formatCompact(model.context_length, 1024)}
          <span className="sr-only"> context</span>
        </Pill>
      )}
    </span>
  );
}

/** One option of the model list: a single line with the name and the capability marks. */
export function ModelRow({
  id,
  model,
  selected,
  highlighted,
  onHighlight,
  onPick,
}: {
  id: string;
  model: ModelInfo;
  selected: boolean;
  highlighted: boolean;
  onHighlight: () => void;
  onPick: () => void;
}) {
  return (
    <li
      id={id}
      role="option"
      data-model-id={model.id}
      aria-selected={selected}
      title={model.id}
      onPointerMove={onHighlight}
      onClick={onPick}
      className={`flex h-9 cursor-pointer items-center gap-2 rounded-lg px-2 text-sm ${highlighted ? 'bg-zinc-100 dark:bg-zinc-800' : ''}`}
    >
      <span className="w-4 shrink-0 text-teal-700 dark:text-teal-400">
        {selected && <CheckIcon />}
      </span>
      <span className="min-w-0 flex-1 truncate">{model.label}</span>
      <Capabilities model={model} />
    </li>
  );
}
