'use client';

import { useContext } from 'react';
import { DisplayOptionsContext, type DisplayOptions } from './display-options';

/** The display options of the nearest provider (the app's defaults without one). */
export function useDisplayOptions(): DisplayOptions {
  return useContext(DisplayOptionsContext);
}
