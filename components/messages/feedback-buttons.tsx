'use client';

import type { Rating } from '@/lib/protocol/feedback';
import { IconButton } from '../ui/button';
import { ThumbDownIcon, ThumbUpIcon } from '../ui/answer-action-icons';

const CHOICES = [
  { rating: 'up', label: 'Good answer', Icon: ThumbUpIcon },
  { rating: 'down', label: 'Bad answer', Icon: ThumbDownIcon },
] as const;

/**
 * Thumbs up and down on an answer: toggle buttons (`aria-pressed`); pressing the given one again
 * takes it back. The vote is kept with the conversation and counted per model on the server.
 */
export function FeedbackButtons({
  rating,
  onRate,
}: {
  rating: Rating | undefined;
  onRate: (rating: Rating | null) => void;
}) {
  return (
    <>
      {CHOICES.map(({ rating: choice, label, Icon }) => {
        const given = rating === choice;
        return (
          <IconButton
            key={choice}
            label={label}
            size="sm"
            aria-pressed={given}
            className={given ? 'text-teal-700 dark:text-teal-300' : ''}
            onClick={() => onRate(given ? null : choice)}
          >
            <Icon {...(given ? { fill: 'currentColor', fillOpacity: 0.25 } : {})} />
          </IconButton>
        );
      })}
    </>
  );
}
