import { describe, expect, it } from 'vitest';
import { addTab, closeAllTabs, closeOtherTabs, closeTab, renameTab, type VisitedTab } from './tab-model';

const tab = (path: string): VisitedTab => ({ path, titleKey: `t${path}` });
const abc = [tab('/a'), tab('/b'), tab('/c')];

describe('tab rules (SPEC 2.4)', () => {
  it('adds a visited page once, in visiting order', () => {
    const tabs = addTab(addTab(addTab([], tab('/a')), tab('/b')), tab('/a'));
    expect(tabs.map((t) => t.path)).toEqual(['/a', '/b']);
  });

  it('closing an inactive tab stays on the current page', () => {
    expect(closeTab(abc, '/a', '/c')).toEqual({ tabs: [tab('/b'), tab('/c')], navigateTo: null });
  });

  it('closing the active tab goes to the last remaining tab', () => {
    expect(closeTab(abc, '/b', '/b')).toEqual({ tabs: [tab('/a'), tab('/c')], navigateTo: '/c' });
    expect(closeTab(abc, '/c', '/c').navigateTo).toBe('/b');
  });

  it('closing the only tab goes to the root', () => {
    expect(closeTab([tab('/a')], '/a', '/a')).toEqual({ tabs: [], navigateTo: '/' });
  });

  it('close others keeps one tab and activates it', () => {
    expect(closeOtherTabs(abc, '/b', '/c')).toEqual({ tabs: [tab('/b')], navigateTo: '/b' });
    expect(closeOtherTabs(abc, '/b', '/b').navigateTo).toBeNull();
  });

  it('close all empties the bar and goes to the root', () => {
    expect(closeAllTabs()).toEqual({ tabs: [], navigateTo: '/' });
  });

  it('a page names its own tab, and a revisit keeps the name', () => {
    const named = renameTab(abc, '/b', 'Cold room A');
    expect(named[1]).toEqual({ path: '/b', titleKey: 't/b', title: 'Cold room A' });
    expect(addTab(named, tab('/b'))[1]?.title).toBe('Cold room A');
    expect(renameTab(abc, '/x', 'nothing')).toBe(abc);
  });
});
