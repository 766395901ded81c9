'use client';

import { createContext, useContext } from 'react';

/** What the chat shows besides the conversation itself. */
export interface DisplayOptions {
  /**
   * Model ids, the statistics under answers, the conversation's token meter and keyboard hints:
   * on in the app, off in the widget unless the site asks for them (`data-show-details`), since a
   * site's visitors need none of it.
   */
  showDetails: boolean;
}

const DisplayOptionsContext = createContext<DisplayOptions>({ showDetails: true });

/** Sets the display options for everything inside. */
export const DisplayOptionsProvider = DisplayOptionsContext.Provider;

/** The display options of the nearest provider (the app's defaults without one). */
export function useDisplayOptions(): DisplayOptions {
  return useContext(DisplayOptionsContext);
}
