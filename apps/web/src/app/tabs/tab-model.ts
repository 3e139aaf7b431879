/** A visited page in the tab bar (SPEC 2.4). Pure rules, unit-tested. */
export interface VisitedTab {
  path: string;
  titleKey: string;
  /** What the page itself calls this tab (e.g. the device's name); shown instead of the titleKey. */
  title?: string;
}

export interface TabChange {
  tabs: VisitedTab[];
  /** Where to navigate afterwards, or null to stay. */
  navigateTo: string | null;
}

export const ROOT_PATH = '/';

export function addTab(tabs: readonly VisitedTab[], tab: VisitedTab): VisitedTab[] {
  const index = tabs.findIndex((t) => t.path === tab.path);
  if (index === -1) return [...tabs, tab];
  if (tabs[index]?.titleKey === tab.titleKey) return tabs as VisitedTab[];
  return tabs.map((t, i) => (i === index ? tab : t));
}

/** Close one tab. Closing the active tab goes to the last remaining tab, or to the root when none is left. */
export function closeTab(tabs: readonly VisitedTab[], path: string, activePath: string): TabChange {
  const rest = tabs.filter((t) => t.path !== path);
  if (path !== activePath) return { tabs: rest, navigateTo: null };
  const last = rest[rest.length - 1];
  return { tabs: rest, navigateTo: last ? last.path : ROOT_PATH };
}

/** Keep only `path`; it becomes active if it was not. */
export function closeOtherTabs(tabs: readonly VisitedTab[], path: string, activePath: string): TabChange {
  const kept = tabs.filter((t) => t.path === path);
  return { tabs: kept, navigateTo: path === activePath ? null : path };
}

/** Close everything and go to the root (which leads to the landing page). */
export function closeAllTabs(): TabChange {
  return { tabs: [], navigateTo: ROOT_PATH };
}

/** The page names its own tab (two device details are two devices, not two 'Device details'). */
export function renameTab(
  tabs: readonly VisitedTab[],
  path: string,
  title: string | undefined,
): VisitedTab[] {
  const index = tabs.findIndex((t) => t.path === path);
  if (index === -1 || tabs[index]?.title === title) return tabs as VisitedTab[];
  return tabs.map((t, i) => (i === index ? { ...t, title } : t));
}
