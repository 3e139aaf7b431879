import type { Permission } from '@fleet/contracts';
import type { Scope } from '../../platform/auth/scope.js';
import { hasPermission } from '../../platform/auth/scope.js';
import type { LiveSources } from './live.sources.js';

/** Who may receive which event kind: the permissions of the matching HTTP reads. */
const LD_PERMISSIONS: readonly Permission[] = ['DeviceManage', 'Monitor.DeviceMonitor', 'Device/view'];
/** `Event` too: the navbar's online/offline notifications need only it (SPEC 2.4). */
const OL_PERMISSIONS: readonly Permission[] = [
  'DeviceManage',
  'Event',
  'Event/online',
  'Monitor.DeviceMonitor',
];
const AL_PERMISSIONS: readonly Permission[] = [
  'DeviceManage',
  'Event',
  'Event/log',
  'Event/view',
  'Monitor.DeviceMonitor',
];

const holdsAny = (scope: Scope, list: readonly Permission[]) => list.some((p) => hasPermission(scope, p));

/**
 * The devices one kind of viewer may see, shared by all its sockets: sessions of the same user (and
 * users acting on the same data with the same rights) ask the database once, not once per socket.
 */
export interface Viewer<M> {
  key: string;
  scope: Scope;
  ld: boolean;
  ol: boolean;
  al: boolean;
  /** Visible device ids (empty until `ready` resolves). */
  ids: Set<number>;
  members: Set<M>;
  /** The last (re)read of `ids`; refreshes chain on it so they apply in order. */
  ready: Promise<void>;
}

export function viewerKey(scope: Scope): string {
  const rights = [LD_PERMISSIONS, OL_PERMISSIONS, AL_PERMISSIONS].map((l) => (holdsAny(scope, l) ? 1 : 0));
  return `${scope.userId}|${scope.dataOwnerId}|${scope.dataPath}|${rights.join('')}`;
}

export function createViewers<M>(
  repo: LiveSources,
  onRefreshed: (viewer: Viewer<M>) => void,
  onError: (error: unknown) => void,
) {
  const viewers = new Map<string, Viewer<M>>();
  let refreshTimer: NodeJS.Timeout | undefined;

  async function load(viewer: Viewer<M>): Promise<void> {
    const anyRight = viewer.ld || viewer.ol || viewer.al;
    const ids = anyRight ? await repo.visibleDeviceIds(viewer.scope) : [];
    viewer.ids = new Set(ids);
    onRefreshed(viewer);
  }

  return {
    values: () => viewers.values(),

    /** The viewer of a scope, created (and its device set read) on first use. */
    join(scope: Scope, member: M): Viewer<M> {
      const key = viewerKey(scope);
      let viewer = viewers.get(key);
      if (!viewer) {
        viewer = {
          key,
          scope,
          ld: holdsAny(scope, LD_PERMISSIONS),
          ol: holdsAny(scope, OL_PERMISSIONS),
          al: holdsAny(scope, AL_PERMISSIONS),
          ids: new Set(),
          members: new Set(),
          ready: Promise.resolve(),
        };
        viewer.ready = load(viewer).catch(onError);
        viewers.set(key, viewer);
      }
      viewer.members.add(member);
      return viewer;
    },

    leave(viewer: Viewer<M>, member: M): void {
      viewer.members.delete(member);
      if (viewer.members.size === 0 && viewers.get(viewer.key) === viewer) viewers.delete(viewer.key);
    },

    /**
     * A device was created, changed, assigned or deleted: every viewer re-reads its set once after
     * the debounce. `ready` covers the re-read, so a SUB sent right after the change sees the new set.
     */
    invalidate(debounceMs: number): void {
      if (refreshTimer) return; // the re-read already due will see this change too
      let fire = () => {};
      const due = new Promise<void>((resolve) => {
        fire = resolve;
      });
      refreshTimer = setTimeout(() => {
        refreshTimer = undefined;
        fire();
      }, debounceMs);
      for (const viewer of viewers.values()) {
        viewer.ready = Promise.all([viewer.ready, due])
          .then(() => load(viewer))
          .catch(onError);
      }
    },

    close(): void {
      if (refreshTimer) clearTimeout(refreshTimer);
      viewers.clear();
    },
  };
}
