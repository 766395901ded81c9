import type { ModelInfo } from '@/lib/protocol/api-shapes';
import { Badge } from '../ui/badge';
import { BulbIcon } from '../ui/conversation-icons';
import { EyeIcon } from '../ui/chat-page-icons';

function contextLabel(n: number): string {
  return n >= 1024 ? `${Math.round(n / 1024)}k ctx` : `${n} ctx`;
}

/** Kind, vision, reasoning and context badges of a model. */
export function ModelBadges({ model }: { model: ModelInfo }) {
  return (
    <span className="flex flex-wrap items-center gap-1">
      <Badge tone={model.kind === 'completion' ? 'amber' : 'neutral'}>
        {model.kind === 'completion' ? 'Completion' : 'Chat'}
      </Badge>
      {model.reasoning && (
        <Badge tone="violet" icon={<BulbIcon />}>
          Reasoning
        </Badge>
      )}
      {model.vision && (
        <Badge tone="sky" icon={<EyeIcon />}>
          Vision
        </Badge>
      )}
      {model.context_length !== undefined && <Badge>{contextLabel(model.context_length)}</Badge>}
    </span>
  );
}
