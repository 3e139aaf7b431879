import { type ReactNode, useRef } from 'react';

/**
 * A value that flashes briefly when `at` moves on after the first render (a live update). The key makes
 * React re-create the span, which replays the CSS animation (global.css `.monitor-flash`).
 */
export function FlashValue({
  at,
  children,
  title,
}: {
  at: string | null;
  children: ReactNode;
  title?: string;
}) {
  const first = useRef(at);
  const changed = at !== first.current;
  return (
    <span key={at ?? ''} className={changed ? 'monitor-value monitor-flash' : 'monitor-value'} title={title}>
      {children}
    </span>
  );
}
