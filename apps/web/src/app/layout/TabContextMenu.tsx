import { CloseCircleOutlined, CloseOutlined, ColumnWidthOutlined, ReloadOutlined } from '@ant-design/icons';
import { type ReactNode, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

export type TabMenuAction = 'refresh' | 'close' | 'close-others' | 'close-all';

const MENU_WIDTH = 168;
const MENU_HEIGHT = 4 * 34 + 8;

/**
 * Right-click menu of a tab, drawn with position: fixed at the pointer so it never depends on the
 * page's scroll position. Closes on outside click, Escape, scroll and resize.
 */
export function TabContextMenu({
  x,
  y,
  onAction,
  onClose,
}: {
  x: number;
  y: number;
  onAction: (action: TabMenuAction) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onPointer = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) onClose();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('mousedown', onPointer, true);
    window.addEventListener('keydown', onKey);
    window.addEventListener('scroll', onClose, true);
    window.addEventListener('resize', onClose);
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus({ preventScroll: true });
    return () => {
      window.removeEventListener('mousedown', onPointer, true);
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', onClose, true);
      window.removeEventListener('resize', onClose);
    };
  }, [onClose]);

  const items: { action: TabMenuAction; icon: ReactNode; label: string }[] = [
    { action: 'refresh', icon: <ReloadOutlined />, label: t('tabs.refresh') },
    { action: 'close', icon: <CloseOutlined />, label: t('tabs.close') },
    { action: 'close-others', icon: <ColumnWidthOutlined />, label: t('tabs.closeOthers') },
    { action: 'close-all', icon: <CloseCircleOutlined />, label: t('tabs.closeAll') },
  ];

  const left = Math.max(4, Math.min(x, window.innerWidth - MENU_WIDTH - 4));
  const top = Math.max(4, Math.min(y, window.innerHeight - MENU_HEIGHT - 4));

  return createPortal(
    <div ref={ref} className="tab-context-menu" role="menu" style={{ left, top, width: MENU_WIDTH }}>
      {items.map((item) => (
        <div
          key={item.action}
          role="menuitem"
          tabIndex={-1}
          data-testid={`tab-menu-${item.action}`}
          className="tab-context-item"
          onClick={() => {
            onClose();
            onAction(item.action);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              onClose();
              onAction(item.action);
            }
          }}
        >
          {item.icon}
          <span>{item.label}</span>
        </div>
      ))}
    </div>,
    document.body,
  );
}
