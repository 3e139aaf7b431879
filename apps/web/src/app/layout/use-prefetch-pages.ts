import { useEffect } from 'react';
import type { LeafRoute } from '../route-types';

const idle = (run: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    // The timeout keeps it going on a busy machine, where an idle moment may not come for long.
    const id = window.requestIdleCallback(run, { timeout: 1_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
};

/**
 * Once the signed-in shell is up, fetches the code of the pages the user may open, one page per idle
 * moment of the browser (or after a second without one). The login page no longer carries all of
 * Ant Design (issue 16: it loads only what it renders), so without this the first visit to each page
 * would wait for its components' chunks. One at a time, so it never competes for long with what the
 * user is doing.
 */
export function usePrefetchPages(leaves: readonly LeafRoute[]): void {
  useEffect(() => {
    const queue = leaves.flatMap((leaf) => (leaf.page ? [leaf.page] : []));
    let cancel = () => {};
    let stopped = false;
    const next = () => {
      const load = queue.shift();
      if (!load || stopped) return;
      cancel = idle(() => {
        void load()
          .catch(() => undefined)
          .then(next);
      });
    };
    next();
    return () => {
      stopped = true;
      cancel();
    };
  }, [leaves]);
}
