import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTabStore } from '../tabs/tab-store';
import { TabBar } from './TabBar';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', Component: TabBar }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const tabEl = (path: string) =>
  document.querySelector<HTMLElement>(`[data-testid="tab"][data-path="${path}"]`)!;

describe('TabBar', () => {
  beforeEach(() => {
    useTabStore.getState().setTabs([
      { path: '/a', titleKey: 'menu.user' },
      { path: '/b', titleKey: 'menu.profile' },
      { path: '/c', titleKey: 'menu.profile' },
    ]);
  });

  it('marks the active tab and activates a tab on click', async () => {
    const router = renderAt('/b');
    expect(tabEl('/b').dataset.active).toBe('true');
    expect(tabEl('/a').dataset.active).toBe('false');
    fireEvent.click(tabEl('/a'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/a'));
    expect(tabEl('/a').dataset.active).toBe('true');
  });

  it('middle-click closes a tab; closing the active one goes to the last remaining tab', async () => {
    const router = renderAt('/a');
    fireEvent(tabEl('/a'), new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/c'));
    expect(useTabStore.getState().tabs.map((t) => t.path)).toEqual(['/b', '/c']);
  });

  it('the close icon closes an inactive tab without navigating', async () => {
    const router = renderAt('/b');
    const close = tabEl('/c').querySelector<HTMLElement>('[data-testid="tab-close"]')!;
    fireEvent.click(close);
    expect(useTabStore.getState().tabs.map((t) => t.path)).toEqual(['/a', '/b']);
    expect(router.state.location.pathname).toBe('/b');
    expect(screen.getAllByTestId('tab')).toHaveLength(2);
  });

  it('right-click opens the menu; close others keeps the clicked tab and activates it', async () => {
    const router = renderAt('/a');
    fireEvent.contextMenu(tabEl('/b'), { clientX: 100, clientY: 60 });
    expect(screen.getByTestId('tab-menu-refresh')).toBeTruthy();
    fireEvent.click(screen.getByTestId('tab-menu-close-others'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/b'));
    expect(useTabStore.getState().tabs.map((t) => t.path)).toEqual(['/b']);
    expect(screen.queryByTestId('tab-menu-refresh')).toBeNull();
  });

  it('close all empties the bar and goes to the root; Escape closes the menu', async () => {
    const router = renderAt('/a');
    fireEvent.contextMenu(tabEl('/a'));
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByTestId('tab-menu-close-all')).toBeNull();
    fireEvent.contextMenu(tabEl('/a'));
    fireEvent.click(screen.getByTestId('tab-menu-close-all'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useTabStore.getState().tabs).toEqual([]);
  });

  it('refresh goes through /redirect/<path>', async () => {
    const router = renderAt('/a');
    fireEvent.contextMenu(tabEl('/a'));
    fireEvent.click(screen.getByTestId('tab-menu-refresh'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/redirect/a'));
  });
});
