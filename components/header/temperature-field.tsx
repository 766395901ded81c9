'use client';

import { useId } from 'react';

/** Where the slider starts when the reader leaves the model's default (a common middle). */
const START = 0.7;

/**
 * Temperature: the model's default (nothing sent) until the reader turns it off, then a slider.
 * The figure says "Model default" only while nothing is sent; the slider is off meanwhile, so it
 * never shows a value that is not the one in use.
 */
export function TemperatureField({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  const ids = { slider: useId(), auto: useId() };
  const auto = value === null;
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between">
        <label htmlFor={ids.slider} className="text-sm font-medium">
          Temperature
        </label>
        <span className="text-sm tabular-nums text-zinc-600 dark:text-zinc-300">
          {auto ? 'Model default' : value.toFixed(2)}
        </span>
      </div>
      <input
        id={ids.slider}
        type="range"
        min={0}
        max={2}
        step={0.05}
        disabled={auto}
        value={value ?? START}
        {...(auto ? { 'aria-valuetext': 'Model default' } : {})}
        onChange={(e) => onChange(Number(e.target.value))}
        className="w-full accent-teal-700 disabled:opacity-40 dark:accent-teal-400"
      />
      <div className="flex items-center justify-between text-xs text-zinc-500">
        <span>Precise</span>
        <label htmlFor={ids.auto} className="flex items-center gap-1.5">
          <input
            id={ids.auto}
            type="checkbox"
            checked={auto}
            onChange={(e) => onChange(e.target.checked ? null : START)}
            className="h-3.5 w-3.5 accent-teal-700 dark:accent-teal-400"
          />
          Use the model’s default
        </label>
        <span>Creative</span>
      </div>
    </div>
  );
}
