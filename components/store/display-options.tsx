'use client';

import { createContext, useContext, type ComponentType } from 'react';
import type { AssistantMessage } from '@/lib/browser/chat/message';

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
}

const DisplayOptionsContext = createContext<DisplayOptions>({ showDetails: true });

/** Sets the display options for everything inside. */
export const DisplayOptionsProvider = DisplayOptionsContext.Provider;

/** The display options of the nearest provider (the app's defaults without one). */
export function useDisplayOptions(): DisplayOptions {
  return useContext(DisplayOptionsContext);
}
