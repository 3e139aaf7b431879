/** The monitor's list / map choice, kept in local storage across visits. */
export type ViewMode = 'list' | 'map';
export const VIEW_MODE_KEY = 'monitor-view';

export function readViewMode(storage: Pick<Storage, 'getItem'> | undefined): ViewMode {
  try {
    return storage?.getItem(VIEW_MODE_KEY) === 'map' ? 'map' : 'list';
  } catch {
    return 'list';
  }
}

export function writeViewMode(storage: Pick<Storage, 'setItem'> | undefined, mode: ViewMode): void {
  try {
    storage?.setItem(VIEW_MODE_KEY, mode);
  } catch {
    // Storage full or blocked: the choice lasts for this visit only.
  }
}
