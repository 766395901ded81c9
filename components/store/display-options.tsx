'use client';

import { createContext, type ComponentType, type RefObject } from 'react';
import type { Attachment } from '@/lib/browser/attachments/attachment';
import type { AssistantMessage } from '@/lib/browser/chat/message';
import type { Rating } from '@/lib/protocol/feedback';

/** What the chat shows besides the conversation itself. */
export interface DisplayOptions {
  /**
   * Model ids, the statistics under answers, the conversation's token meter and keyboard hints:
   * on in the app, off in the widget unless the site asks for them (`data-show-details`), since a
   * site's visitors need none of it.
   */
  showDetails: boolean;
  /**
   * The figures line under an answer, shown with the details. The chat page gives its own, in its
   * first load, so the figures show in the frame their data arrives; the widget, whose sites seldom
   * ask for details, gives one loaded on demand (docs/performance.md). None: no figures.
   */
  FiguresLine?: ComponentType<{ message: AssistantMessage; creditUnit?: string }>;
  /**
   * Thumbs up and down under an answer. The chat page gives its own, in its first load; the widget
   * one loaded on demand, which arrives while the first answer streams (its row stays hidden until
   * the answer ends). None: no thumbs.
   */
  Feedback?: ComponentType<{ rating: Rating | undefined; onRate: (rating: Rating | null) => void }>;
  /**
   * Which messages of a long conversation are mounted (the chat page's window over its last ones,
   * docs/performance.md). None: every message, as in the widget, whose conversations stay short
   * and whose first load has no room for it.
   */
  useMessageWindow?: MessageWindowHook;
  /**
   * The files above a question (the chat page's; they load their chips on demand). None: no files,
   * as in the widget, which takes none.
   */
  MessageFiles?: ComponentType<{ attachments: readonly Attachment[] }>;
}

/** The messages mounted, `first` to `end - 1`, and the elements the window watches. */
export interface MessageWindow {
  first: number;
  end: number;
  /** The marker above the first message mounted (rendered while there are earlier ones). */
  topRef: (el: HTMLElement | null) => void;
  /** The marker below the last message mounted (rendered while there are later ones). */
  bottomRef: (el: HTMLElement | null) => void;
  /** Each message's element, with its index in `data-index`. */
  rowRef: (el: HTMLElement | null) => void | (() => void);
  /** Back to the conversation's last messages (the reader asked for the latest). */
  toLatest: () => void;
}

/** Which messages of a conversation are mounted, as the reader scrolls. */
export type MessageWindowHook = (
  conversationId: string,
  count: number,
  scrollRef: RefObject<HTMLElement | null>,
) => MessageWindow;

export const DisplayOptionsContext = createContext<DisplayOptions>({ showDetails: true });

/** Sets the display options for everything inside. */
export const DisplayOptionsProvider = DisplayOptionsContext.Provider;
